import {
  type Audience,
  type Question,
  type Questionnaire,
  questionCount,
  questionsFor,
} from '../../../contract/questionnaires'
import type { questionnaires } from '../../db/schema'

export type QuestionnaireRow = typeof questionnaires.$inferSelect

/** Database row → the API/replica shape (contract Questionnaire). */
export function toQuestionnaire(r: QuestionnaireRow, audience: Audience = 'employee'): Questionnaire {
  // A customer is never shown the staff-only (employee group) questions.
  const questions = questionsFor(r.questions as Question[], audience)
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
