import { type Question, type Questionnaire, questionCount } from '../../../contract/questionnaires'
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
    questionsCount: questionCount(questions),
    questions,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}
