import { z } from 'zod'
import {
  ZCreateSubmission,
  ZSubmission,
  ZSubmissionDetail,
  ZSubmissionList,
  ZSubmissionListItem,
  ZSubmissionListQuery,
  ZUpdateAnswer,
} from '../questionnaires'
import { defineEndpoint } from './define'
import { ZSalonItemParams, ZSalonParams } from './params'

const tags = ['questionnaireSubmissions']
const base = '/organisations/:org/salons/:salon/questionnaireSubmissions'

/**
 * Questionnaire submissions of a branch: append-only, keyed by the client's UUID (201 new, 200
 * when the same submission arrives again). Customers submit and read their own.
 */
export const submissions = {
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: ZSalonParams,
    body: ZCreateSubmission,
    response: ZSubmission,
    status: [200, 201],
    action: 'submissions.take',
    tags,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: ZSalonParams,
    query: ZSubmissionListQuery,
    response: ZSubmissionList,
    action: 'submissions.read',
    tags,
  }),
  recent: defineEndpoint({
    method: 'GET',
    path: `${base}/recent`,
    params: ZSalonParams,
    response: z.array(ZSubmissionListItem),
    action: 'submissions.read',
    tags,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/:id`,
    params: ZSalonItemParams,
    response: ZSubmissionDetail,
    action: 'submissions.read',
    tags,
  }),
  updateAnswer: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/questionSubmission`,
    params: ZSalonItemParams,
    body: ZUpdateAnswer,
    response: ZSubmission,
    action: 'submissions.editAnswer',
    tags,
  }),
}
