import type { AdviceOperator, Subcondition } from '../conditions/advice'
import type { QuestionType } from '../questionnaires/questions'

/*
 * Whether a Grow condition's subconditions still fit the organisation's questionnaires (issue 11:
 * "the editor refuses a condition that points to a deleted question or option"). One check for
 * the server (which refuses such a condition) and the screens (which mark a stored condition as
 * broken once a question or option was removed from its questionnaire).
 */

/** The operators that fit each question type (information blocks ask nothing). */
export const OPERATORS_BY_TYPE: Record<QuestionType, readonly AdviceOperator[]> = {
  option: ['equals', 'notEquals', 'anyOf', 'noneOf', 'includes', 'answered', 'notAnswered'],
  number: ['equals', 'notEquals', 'greaterThan', 'atLeast', 'lessThan', 'atMost', 'answered', 'notAnswered'],
  rating: ['equals', 'notEquals', 'greaterThan', 'atLeast', 'lessThan', 'atMost', 'answered', 'notAnswered'],
  date: ['equals', 'notEquals', 'greaterThan', 'atLeast', 'lessThan', 'atMost', 'answered', 'notAnswered'],
  boolean: ['equals', 'notEquals', 'answered', 'notAnswered'],
  string: ['equals', 'notEquals', 'includes', 'answered', 'notAnswered'],
  image: ['answered', 'notAnswered'],
  information: [],
}

/** Operators that read no value. */
export const VALUELESS_OPERATORS: readonly AdviceOperator[] = ['answered', 'notAnswered']

/** What the check reads of a questionnaire (a server row or the replica's). */
export type CheckedQuestionnaire = {
  id: string
  name: string
  questions: readonly {
    id: string
    name: string
    type: QuestionType
    options: readonly { id: string; employeeTitle: string }[]
  }[]
}

export type SubconditionProblemCode =
  | 'advice.questionnaire'
  | 'advice.question'
  | 'advice.option'
  | 'advice.operator'
  | 'advice.value'

/** One problem of one subcondition: `path` inside it (`questionId`, `values.1`, …). */
export type SubconditionProblem = { index: number; path: string; code: SubconditionProblemCode }

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

function valueProblem(
  s: Subcondition,
  type: QuestionType,
  optionIds: ReadonlySet<string>,
): { path: string; code: SubconditionProblemCode } | null {
  if (VALUELESS_OPERATORS.includes(s.operator)) return null
  if (s.operator === 'anyOf' || s.operator === 'noneOf') {
    const values = s.values ?? []
    if (values.length === 0) return { path: 'values', code: 'advice.value' }
    const gone = values.findIndex((v) => !optionIds.has(v))
    return gone === -1 ? null : { path: `values.${gone}`, code: 'advice.option' }
  }
  const v = s.value
  if (v === undefined || v === '') return { path: 'value', code: 'advice.value' }
  switch (type) {
    case 'option':
      return optionIds.has(String(v)) ? null : { path: 'value', code: 'advice.option' }
    case 'boolean':
      return typeof v === 'boolean' ? null : { path: 'value', code: 'advice.value' }
    case 'number':
    case 'rating':
      return typeof v === 'number' || (typeof v === 'string' && Number.isFinite(Number(v)) && v.trim() !== '')
        ? null
        : { path: 'value', code: 'advice.value' }
    case 'date':
      return typeof v === 'string' && DATE_RE.test(v) ? null : { path: 'value', code: 'advice.value' }
    default:
      return typeof v === 'string' && v.trim() !== '' ? null : { path: 'value', code: 'advice.value' }
  }
}

/** Every problem of `subconditions` against the live questionnaires (empty: the condition fits). */
export function subconditionProblems(
  subconditions: readonly Subcondition[],
  questionnaires: readonly CheckedQuestionnaire[],
): SubconditionProblem[] {
  const byId = new Map(questionnaires.map((q) => [q.id, q]))
  const problems: SubconditionProblem[] = []
  for (const [index, s] of subconditions.entries()) {
    const questionnaire = byId.get(s.questionnaireId)
    const question = questionnaire?.questions.find((q) => q.id === s.questionId)
    const p = !questionnaire
      ? { path: 'questionnaireId', code: 'advice.questionnaire' as const }
      : !question || question.type === 'information'
        ? { path: 'questionId', code: 'advice.question' as const }
        : !OPERATORS_BY_TYPE[question.type].includes(s.operator)
          ? { path: 'operator', code: 'advice.operator' as const }
          : valueProblem(s, question.type, new Set(question.options.map((o) => o.id)))
    if (p) problems.push({ index, ...p })
  }
  return problems
}

/** Whether a stored condition uses this question (or, with `optionId`, this option of it). */
export function subconditionUses(
  s: Subcondition,
  questionnaireId: string,
  questionId: string,
  optionId?: string,
): boolean {
  if (s.questionnaireId !== questionnaireId || s.questionId !== questionId) return false
  if (optionId === undefined) return true
  return s.value === optionId || (s.values ?? []).includes(optionId)
}
