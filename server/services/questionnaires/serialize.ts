import type { Question, Questionnaire } from '../../../contract/questionnaires'
import type { questionnaires } from '../../db/schema'

export type QuestionnaireRow = typeof questionnaires.$inferSelect

/** Database row → the API/replica shape (contract Questionnaire). */
export function toQuestionnaire(r: QuestionnaireRow): Questionnaire {
  const questions = r.questions as Question[]
  return {
    id: r.id,
    organisationId: r.organisationId,
    name: r.name,
    kind: r.kind as Questionnaire['kind'],
    hidden: r.hidden,
    messageTemplate: r.messageTemplate,
    managedByProvider: r.managedByProvider,
    // Information blocks are not questions one answers.
    questionsCount: questions.filter((q) => q.type !== 'information').length,
    questions,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}
