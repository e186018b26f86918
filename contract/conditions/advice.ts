import { z } from 'zod'
import {
  type AnswersIn,
  type AnswerValue,
  answerList,
  answerMap,
  isAnswered,
  zQuestionId,
} from '../questionnaires/answer-value'
import { CONDITION_OPERATORS, type Condition } from './condition'
import { holds } from './evaluate'

/**
 * Grow module conditions (issue 11): display logic's operators, extended with what advice needs.
 * - `anyOf` / `noneOf`: the answer (or one of its values) is / is none of `values` (options);
 * - `greaterThan`, `atLeast`, `lessThan`, `atMost`: compare a number, rating or date answer with
 *   `value` (numbers as numbers, dates yyyy-MM-dd as dates); an unanswered or unreadable answer
 *   never compares;
 * - `notAnswered`: the question has no answer (the questionnaire may not have been filled at all).
 */
export const ADVICE_OPERATORS = [
  ...CONDITION_OPERATORS,
  'anyOf',
  'noneOf',
  'greaterThan',
  'atLeast',
  'lessThan',
  'atMost',
  'notAnswered',
] as const
export const ZAdviceOperator = z.enum(ADVICE_OPERATORS)
export type AdviceOperator = z.infer<typeof ZAdviceOperator>
export const COMPARE_OPERATORS: readonly AdviceOperator[] = ['greaterThan', 'atLeast', 'lessThan', 'atMost']
export const LIST_OPERATORS: readonly AdviceOperator[] = ['anyOf', 'noneOf']

/** One subcondition: a question of a questionnaire, an operator and what it compares with. */
export const ZSubcondition = z.object({
  questionnaireId: z.string().uuid(),
  questionId: zQuestionId,
  operator: ZAdviceOperator,
  /** For equals / notEquals / includes and the comparisons. */
  value: z.union([z.string().max(300), z.number().finite(), z.boolean()]).optional(),
  /** For anyOf / noneOf: option ids (or texts). */
  values: z.array(z.string().max(300)).max(100).optional(),
})
export type Subcondition = z.infer<typeof ZSubcondition>

/** The customer's latest answers, per questionnaire id. */
export type CustomerAnswers = ReadonlyMap<string, AnswersIn>

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

/** Compares an answer with a value as numbers, or as dates when both are yyyy-MM-dd; NaN: not comparable. */
function compare(answer: AnswerValue | undefined, value: Subcondition['value']): number {
  if (!isAnswered(answer) || Array.isArray(answer) || value === undefined || typeof value === 'boolean')
    return Number.NaN
  if (typeof answer === 'boolean') return Number.NaN
  const a = String(answer)
  const b = String(value)
  if (DATE_RE.test(a) && DATE_RE.test(b)) return a < b ? -1 : a > b ? 1 : 0
  if (a.trim() === '' || b.trim() === '') return Number.NaN
  const x = Number(a)
  const y = Number(b)
  if (!Number.isFinite(x) || !Number.isFinite(y)) return Number.NaN
  return x - y
}

/** Whether one subcondition holds for one answer (undefined: the question was not answered). */
export function subconditionHolds(s: Subcondition, answer: AnswerValue | undefined): boolean {
  switch (s.operator) {
    case 'anyOf':
    case 'noneOf': {
      const given = answerList(answer)
      const any = (s.values ?? []).some((v) => given.includes(v))
      return s.operator === 'anyOf' ? any : !any
    }
    case 'notAnswered':
      return !isAnswered(answer)
    case 'greaterThan':
      return compare(answer, s.value) > 0
    case 'atLeast':
      return compare(answer, s.value) >= 0
    case 'lessThan':
      return compare(answer, s.value) < 0
    case 'atMost':
      return compare(answer, s.value) <= 0
    default:
      return holds({ questionId: s.questionId, operator: s.operator, value: s.value } as Condition, answer)
  }
}

/** The answer a subcondition reads from the customer's answers (undefined: not answered). */
export function answerFor(s: Pick<Subcondition, 'questionnaireId' | 'questionId'>, answers: CustomerAnswers) {
  const those = answers.get(s.questionnaireId)
  return those === undefined ? undefined : answerMap(those).get(s.questionId)
}

/** What one condition did: met, or the first subcondition that failed (its index). */
export type ConditionOutcome = { conditionId: string; name: string; met: boolean; failed: number | null }

/** A condition matches only if all its subconditions are met (spec §5); none: it never matches. */
export function conditionOutcome(
  c: { id: string; name: string; subconditions: readonly Subcondition[] },
  answers: CustomerAnswers,
): ConditionOutcome {
  const failed = c.subconditions.findIndex((s) => !subconditionHolds(s, answerFor(s, answers)))
  const met = c.subconditions.length > 0 && failed === -1
  return { conditionId: c.id, name: c.name, met, failed: failed === -1 ? null : failed }
}

/**
 * Why a module shows or not ("why this advice"):
 * - `always`: it has no conditions, so it shows for everyone;
 * - `matched`: the first condition (in the module's order) that is met;
 * - `notMatched`: none is met; `outcomes` names the failing subcondition of each.
 * A condition id that no longer exists counts as not met (a broken rule never shows advice).
 */
export type AdviceVerdict = {
  shows: boolean
  reason: 'always' | 'matched' | 'notMatched'
  matched: string | null
  outcomes: ConditionOutcome[]
}

/** A module shows if any of its conditions is met (spec §5); one without conditions always shows. */
export function adviceVerdict(
  module: { conditionIds: readonly string[] },
  conditionsById: ReadonlyMap<string, { id: string; name: string; subconditions: readonly Subcondition[] }>,
  answers: CustomerAnswers,
): AdviceVerdict {
  if (module.conditionIds.length === 0) return { shows: true, reason: 'always', matched: null, outcomes: [] }
  const outcomes = module.conditionIds.map((id) => {
    const c = conditionsById.get(id)
    return c ? conditionOutcome(c, answers) : { conditionId: id, name: '', met: false, failed: null }
  })
  const matched = outcomes.find((o) => o.met)?.conditionId ?? null
  return { shows: matched !== null, reason: matched ? 'matched' : 'notMatched', matched, outcomes }
}

/**
 * The customer's latest answers per questionnaire: of each questionnaire the last submission
 * (by `submittedAt`, then id, so every side picks the same one).
 */
export function latestAnswers(
  submissions: readonly { id: string; questionnaireId: string; submittedAt: string; answers: AnswersIn }[],
): CustomerAnswers {
  const latest = new Map<string, { id: string; submittedAt: string; answers: AnswersIn }>()
  for (const s of submissions) {
    const known = latest.get(s.questionnaireId)
    const at = new Date(s.submittedAt).getTime()
    const knownAt = known ? new Date(known.submittedAt).getTime() : Number.NEGATIVE_INFINITY
    if (!known || at > knownAt || (at === knownAt && s.id > known.id)) latest.set(s.questionnaireId, s)
  }
  return new Map([...latest].map(([q, s]) => [q, s.answers]))
}
