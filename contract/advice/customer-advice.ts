import { z } from 'zod'
import {
  type AdviceVerdict,
  adviceVerdict,
  latestAnswers,
  type Subcondition,
  ZAdviceOperator,
} from '../conditions/advice'
import type { AnswersIn } from '../questionnaires/answer-value'
import { type Advice, type AdviceGroup, type AdviceKind, ZAdvice } from './index'

/*
 * A customer's advice (issue 11): which modules their latest answers choose, in the set order,
 * and why. One pure function (`evaluateCustomerAdvice`) runs on the server (the advice
 * endpoints) and on the tablet (src/features/advice, from the replica), so both choose the same
 * modules; `explainVerdict` turns a verdict into "why" parts with question and option titles,
 * which the client words (src/features/advice/why.ts) for staff and customers alike.
 */

/** One subcondition in words' parts: the question's title, the operator and the values' titles. */
export const ZWhyPart = z.object({
  question: z.string(),
  operator: ZAdviceOperator,
  /** Option titles (for option questions) or the compared value as text. */
  values: z.array(z.string()),
})
export type WhyPart = z.infer<typeof ZWhyPart>

/**
 * Why a module shows or not: `always` (no conditions), `matched` (the condition that is met, all
 * its subconditions), `notMatched` (each condition with its failing subcondition; a condition
 * that no longer exists has none).
 */
export const ZAdviceWhy = z.object({
  reason: z.enum(['always', 'matched', 'notMatched']),
  matched: z.object({ name: z.string(), parts: z.array(ZWhyPart) }).nullable(),
  failed: z.array(z.object({ name: z.string(), part: ZWhyPart.nullable() })),
})
export type AdviceWhy = z.infer<typeof ZAdviceWhy>

export const ZAdviceGroupRef = z.object({ id: z.string().uuid(), name: z.string(), position: z.number().int() })

/** One module for one customer: the module, its group, whether it shows and why. */
export const ZCustomerAdviceItem = z.object({
  advice: ZAdvice,
  group: ZAdviceGroupRef.nullable(),
  shows: z.boolean(),
  why: ZAdviceWhy,
})
export type CustomerAdviceItem = z.infer<typeof ZCustomerAdviceItem>

/** GET …/salons/{salon}/customers/{id}/advice (staff): every module of both kinds, in order. */
export const ZStaffCustomerAdvice = z.object({
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
  items: z.array(ZCustomerAdviceItem),
  evaluatedAt: z.string(),
})
export type StaffCustomerAdvice = z.infer<typeof ZStaffCustomerAdvice>

/** GET /customers/me/advice (the customer): only customer advice that shows, in order. */
export const ZMyAdvice = z.object({
  items: z.array(ZCustomerAdviceItem),
  evaluatedAt: z.string(),
})
export type MyAdvice = z.infer<typeof ZMyAdvice>

export const NOTIFY_CHANNELS = ['email', 'whatsapp', 'inApp'] as const
export const ZNotifyChannel = z.enum(NOTIFY_CHANNELS)
export type NotifyChannel = z.infer<typeof ZNotifyChannel>

/** POST /customers/{id}/advice-notification. */
export const ZAdviceNotification = z.object({ channel: ZNotifyChannel })
export const ZAdviceNotificationResult = z.object({
  channel: ZNotifyChannel,
  notificationId: z.string().uuid().nullable(),
})

/** A notice in the customer's area ("Your advice is ready"), until they mark it seen. */
export const ZCustomerNotification = z.object({
  id: z.string().uuid(),
  kind: z.enum(['adviceReady']),
  createdAt: z.string(),
  seenAt: z.string().nullable(),
})
export type CustomerNotification = z.infer<typeof ZCustomerNotification>

type ConditionLike = { id: string; name: string; subconditions: readonly Subcondition[] }
type GroupLike = Pick<AdviceGroup, 'id' | 'name' | 'position'>
type SubmissionLike = { id: string; questionnaireId: string; submittedAt: string; answers: AnswersIn }

/** One evaluated module (before "why" is put in words). */
export type EvaluatedAdvice = { advice: Advice; group: GroupLike | null; verdict: AdviceVerdict }

/**
 * The one evaluation: every module of `kinds` with its verdict on the customer's latest answers
 * (the last submission per questionnaire), in the set order: modules without a group first, then
 * by group position (and name, across branches), then module position and id.
 */
export function evaluateCustomerAdvice(input: {
  modules: readonly Advice[]
  groups: readonly GroupLike[]
  conditions: readonly ConditionLike[]
  submissions: readonly SubmissionLike[]
  kinds: readonly AdviceKind[]
}): EvaluatedAdvice[] {
  const groupsById = new Map(input.groups.map((g) => [g.id, g]))
  const conditionsById = new Map(input.conditions.map((c) => [c.id, c]))
  const answers = latestAnswers(input.submissions)
  const groupOf = (a: Advice) => (a.groupId ? (groupsById.get(a.groupId) ?? null) : null)
  const rank = (a: Advice) => {
    const g = groupOf(a)
    return g ? g.position : -1
  }
  return input.modules
    .filter((m) => input.kinds.includes(m.kind))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (groupOf(a)?.name ?? '').localeCompare(groupOf(b)?.name ?? '') ||
        a.position - b.position ||
        a.id.localeCompare(b.id),
    )
    .map((advice) => ({ advice, group: groupOf(advice), verdict: adviceVerdict(advice, conditionsById, answers) }))
}

/** What "why" needs of a questionnaire's questions (the replica's and the server's have it). */
export type QuestionLookup = (
  questionnaireId: string,
  questionId: string,
) =>
  | { name: string; type: string; options: readonly { id: string; customerTitle: string; employeeTitle: string }[] }
  | undefined

/** A subcondition's parts: the question's title and the values (option titles for options). */
export function whyPart(s: Subcondition, lookup: QuestionLookup, audience: 'employee' | 'customer'): WhyPart {
  const q = lookup(s.questionnaireId, s.questionId)
  const title = (v: string) => {
    const o = q?.options.find((x) => x.id === v)
    return o ? (audience === 'employee' ? o.employeeTitle : o.customerTitle) : v
  }
  const raw = s.values ?? (s.value === undefined ? [] : [String(s.value)])
  return { question: q?.name ?? s.questionId, operator: s.operator, values: raw.map(title) }
}

/** A verdict as "why" parts, with titles from the questionnaires. */
export function explainVerdict(
  verdict: AdviceVerdict,
  conditions: ReadonlyMap<string, ConditionLike>,
  lookup: QuestionLookup,
  audience: 'employee' | 'customer',
): AdviceWhy {
  const matched = verdict.matched ? conditions.get(verdict.matched) : undefined
  return {
    reason: verdict.reason,
    matched: matched
      ? { name: matched.name, parts: matched.subconditions.map((s) => whyPart(s, lookup, audience)) }
      : null,
    failed: verdict.shows
      ? []
      : verdict.outcomes.map((o) => {
          const c = conditions.get(o.conditionId)
          const s = c && o.failed !== null ? c.subconditions[o.failed] : undefined
          return { name: c?.name ?? o.name, part: s ? whyPart(s, lookup, audience) : null }
        }),
  }
}

/** A lookup over questionnaires shaped as the API and the replica hold them. */
export function questionLookup(
  questionnaires: readonly { id: string; questions: readonly unknown[] }[],
): QuestionLookup {
  type Q = NonNullable<ReturnType<QuestionLookup>> & { id: string }
  const byKey = new Map<string, Q>()
  for (const qn of questionnaires)
    for (const q of qn.questions as Q[]) byKey.set(`${qn.id}\n${q.id}`, { ...q, options: q.options ?? [] })
  return (questionnaireId, questionId) => byKey.get(`${questionnaireId}\n${questionId}`)
}
