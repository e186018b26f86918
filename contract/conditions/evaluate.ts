import { type AnswersIn, type AnswerValue, answerList, answerMap, isAnswered } from '../questionnaires/answer-value'
import type { Condition } from './condition'

/** Whether a condition holds for one answer (undefined: no answer). */
export function holds(c: Condition, answer: AnswerValue | undefined): boolean {
  if (c.operator === 'answered') return isAnswered(answer)
  const list = answerList(answer)
  const want = c.value === undefined ? '' : String(c.value)
  const equals = list.length === 1 && list[0] === want
  if (c.operator === 'equals') return equals
  if (c.operator === 'notEquals') return !equals
  return list.includes(want)
}

/** Whether a condition holds for these answers; a question without an answer is unanswered. */
export function evaluate(c: Condition, answers: AnswersIn): boolean {
  return holds(c, answerMap(answers).get(c.questionId))
}

/** Whether every condition holds (none: true), as display logic combines them. */
export function evaluateAll(conditions: readonly Condition[], answers: AnswersIn): boolean {
  const given = answerMap(answers)
  return conditions.every((c) => holds(c, given.get(c.questionId)))
}
