import { type AnswersIn, type AnswerValue, answerMap } from '../questionnaires/answer-value'
import type { Condition } from './condition'
import { holds } from './evaluate'

/** What display logic needs of a question: its id and its conditions. */
export type Conditional = { id: string; displayLogic: readonly Condition[] }

/**
 * The questions shown for these answers, in order. A question shows when all its display
 * conditions hold; an answer to a hidden question counts as no answer, so hiding a question also
 * hides the ones that depend on it. Conditions only see earlier questions (a later or unknown
 * question counts as unanswered; the questionnaire schema refuses such conditions anyway).
 */
export function visibleQuestions<Q extends Conditional>(
  questionnaire: { questions: readonly Q[] },
  answers: AnswersIn,
): Q[] {
  const given = answerMap(answers)
  const shown = new Map<string, AnswerValue | undefined>()
  const out: Q[] = []
  for (const q of questionnaire.questions) {
    if (q.displayLogic.every((c) => holds(c, shown.get(c.questionId)))) {
      out.push(q)
      shown.set(q.id, given.get(q.id))
    }
  }
  return out
}
