import type { EntityName, MutationName } from '../../../contract/sync'
import { commentFeed, createCommentRunner, deleteCommentRunner, updateCommentRunner } from './entities/comment'
import {
  createCustomerRunner,
  customerConflictFeed,
  customerFeed,
  resolveConflictRunner,
  updateCustomerRunner,
} from './entities/customer'
import { createSubmissionRunner, questionnaireFeed, submissionFeed, updateAnswerRunner } from './entities/questionnaire'
import { salonFeed } from './entities/salon'
import { employeeFeed, roleFeed } from './entities/team'
import { customFieldFeed } from './entities/custom-field'
import { adviceConditionFeed, adviceFeed, adviceGroupFeed } from './entities/advice'
import { dashboardConfigurationFeed, saveSkinAnalysisRunner, skinAnalysisFeed } from './entities/customer-card'
import {
  customerDocumentFeed,
  documentFeed,
  documentVersionFeed,
  respondCustomerDocumentRunner,
} from './entities/document'
import type { FeedEntity, MutationRunner } from './entity'

/**
 * The server side of the sync registry: every entity of contract ENTITIES has its feed rows,
 * every mutation of contract MUTATIONS its runner. The types insist on both; nothing else in
 * the sync service names an entity or a mutation (see README.md "Adding a synced entity").
 */
export const FEED: { [E in EntityName]: FeedEntity<E> } = {
  customer: customerFeed,
  salon: salonFeed,
  customerConflict: customerConflictFeed,
  questionnaire: questionnaireFeed,
  questionnaireSubmission: submissionFeed,
  employee: employeeFeed,
  role: roleFeed,
  customerComment: commentFeed,
  customField: customFieldFeed,
  advice: adviceFeed,
  adviceGroup: adviceGroupFeed,
  adviceCondition: adviceConditionFeed,
  dashboardConfiguration: dashboardConfigurationFeed,
  skinAnalysis: skinAnalysisFeed,
  document: documentFeed,
  documentVersion: documentVersionFeed,
  customerDocument: customerDocumentFeed,
}

export const RUNNERS: { [N in MutationName]: MutationRunner<N> } = {
  'customer.create': createCustomerRunner,
  'customer.update': updateCustomerRunner,
  'customerConflict.resolve': resolveConflictRunner,
  'questionnaireSubmission.create': createSubmissionRunner,
  'questionnaireSubmission.updateAnswer': updateAnswerRunner,
  'customerComment.create': createCommentRunner,
  'customerComment.update': updateCommentRunner,
  'customerComment.delete': deleteCommentRunner,
  'skinAnalysis.save': saveSkinAnalysisRunner,
  'customerDocument.respond': respondCustomerDocumentRunner,
}
