import { z } from 'zod'
import { ZPlanFeature, ZSubscriptionOption, ZSubscriptionPeriod, ZSubscriptionStatus } from './subscriptions'
import { zPageQuery } from './validation'
import { ADMIN_SUBSCRIPTION_STATES } from './value-lists'

export { ADMIN_SUBSCRIPTION_STATES }

/*
 * The global administrators' billing (issue 23 "Running the platform"; research
 * billing-admin-trainings.md §2, §7 A10, C, E7): every organisation's subscription, cancelling one
 * (at the end of the term or at once, with a refund of the unused part), the plans and the
 * discount codes. Only global admins (`platform.manage`). Money is integer cents, rates basis points.
 */

export const ZAdminSubscriptionState = z.enum(ADMIN_SUBSCRIPTION_STATES)
export type AdminSubscriptionState = z.infer<typeof ZAdminSubscriptionState>

export const ZCustomerSubscriptionsQuery = z.object({
  status: ZAdminSubscriptionState.optional(),
  /** Part of the organisation's company or legal name, case-insensitive. */
  search: z.string().trim().max(100).optional(),
  ...zPageQuery,
})

/** One subscription (current or history) of one organisation, as the admin list shows it. */
export const ZCustomerSubscription = z.object({
  id: z.string().uuid(),
  organisation: z.object({ id: z.string().uuid(), name: z.string(), legalName: z.string() }),
  plan: z.object({ id: z.string().uuid(), code: z.string(), name: z.object({ nl: z.string(), en: z.string() }) }),
  period: ZSubscriptionPeriod,
  status: ZSubscriptionStatus,
  state: ZAdminSubscriptionState,
  /** Not completed: the organisation's current subscription (else history). */
  current: z.boolean(),
  trial: z.boolean(),
  validFrom: z.string(),
  validTo: z.string(),
  autoExtend: z.boolean(),
  canceledAt: z.string().nullable(),
  graceUntil: z.string().nullable(),
  /** The last paid payment of this subscription (VAT included), or null. */
  lastPayment: z
    .object({ id: z.string().uuid(), amountCents: z.number().int(), paidAt: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
})
export type CustomerSubscription = z.infer<typeof ZCustomerSubscription>

export const ZCustomerSubscriptionPage = z.object({
  items: z.array(ZCustomerSubscription),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})

/** `?reason=…&mode=endOfTerm|now&refund=true` (spec: "DELETE … with a query"). */
export const ZCancelCustomerSubscriptionQuery = z
  .object({
    reason: z.string().trim().min(3).max(500),
    mode: z.enum(['endOfTerm', 'now']),
    /** Only with mode=now: refund the unused part of the last paid payment, by the day. */
    refund: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((q) => q.mode === 'now' || !q.refund, {
    message: 'A refund is only possible when the subscription ends now.',
    path: ['refund'],
  })

export const ZCancelCustomerSubscriptionResult = z.object({
  subscription: ZCustomerSubscription,
  /** What was refunded (VAT included) and the credit note issued for it; null without a refund. */
  refund: z
    .object({
      amountCents: z.number().int(),
      netCents: z.number().int(),
      vatCents: z.number().int(),
      providerRefundId: z.string(),
      creditNoteId: z.string().uuid(),
      creditNoteNumber: z.string(),
      creditedInvoiceNumber: z.string(),
    })
    .nullable(),
})

/* Plans (subscription options). */

const zCents = z.number().int().min(0).max(100_000_000)
const zLimit = z.number().int().min(0).max(1_000_000).nullable()

export const ZAdminSubscriptionOption = ZSubscriptionOption.extend({ active: z.boolean() })
export type AdminSubscriptionOption = z.infer<typeof ZAdminSubscriptionOption>

const planFields = {
  name: z.object({ nl: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100) }),
  /** Excluding VAT, in cents. */
  monthlyPriceCents: zCents,
  yearlyPriceCents: zCents,
  /** null: no limit. */
  limits: z.object({ customers: zLimit, employees: zLimit, salons: zLimit }),
  features: z
    .array(ZPlanFeature)
    .max(20)
    .refine((f) => new Set(f).size === f.length, { message: 'Each feature once.' }),
  rank: z.number().int().min(0).max(10_000),
  active: z.boolean(),
}

export const ZSubscriptionOptionCreate = z.object({
  /** The stable name code relies on (e.g. `salon`); never changed afterwards. */
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'Lower-case letters, digits and hyphens, 2 to 32.'),
  ...planFields,
})
export type SubscriptionOptionCreate = z.infer<typeof ZSubscriptionOptionCreate>
/** An edit sends what changes; the code stays. */
export const ZSubscriptionOptionUpdate = z.object(planFields).partial()
export type SubscriptionOptionUpdate = z.infer<typeof ZSubscriptionOptionUpdate>

export const ZIdParams = z.object({ id: z.string().uuid() })

/* Discount codes (research §7 C1). */

export const DISCOUNT_DURATIONS = ['once', 'repeating', 'forever'] as const

const discountFields = {
  /** percent: value in basis points (1..10000 = 0.01%..100%); fixed: cents, more than 0. */
  type: z.enum(['percent', 'fixed']),
  value: z.number().int().min(1).max(100_000_000),
  /**
   * What it applies to: plan codes and paid course ids (issue 24); empty: everything sold with a
   * code, every plan and every paid course (server/services/paid-courses/README.md).
   */
  appliesTo: z.array(z.string().trim().min(1).max(36)).max(50),
  validFrom: z.string().datetime({ offset: true }).nullable(),
  expiresAt: z.string().datetime({ offset: true }).nullable(),
  /** Overall; null: no maximum. */
  maxRedemptions: z.number().int().min(1).max(1_000_000).nullable(),
  maxPerOrganisation: z.number().int().min(1).max(1000),
  /** once, repeating (durationPeriods periods) or forever (renewals apply it while it lasts). */
  duration: z.enum(DISCOUNT_DURATIONS),
  durationPeriods: z.number().int().min(1).max(120).nullable(),
  active: z.boolean(),
}

type DiscountShape = {
  type?: 'percent' | 'fixed'
  value?: number
  validFrom?: string | null
  expiresAt?: string | null
  duration?: (typeof DISCOUNT_DURATIONS)[number]
  durationPeriods?: number | null
}

/** The rules between fields, for a whole code (create) and for a code after an edit (the service). */
export function discountProblems(d: DiscountShape): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  if (d.type === 'percent' && d.value !== undefined && d.value > 10_000)
    problems.push({ path: 'value', message: 'A percentage is 1 to 100% (100 to 10000 basis points).' })
  if (d.validFrom && d.expiresAt && new Date(d.expiresAt) <= new Date(d.validFrom))
    problems.push({ path: 'expiresAt', message: 'The end of the validity must come after its start.' })
  if (d.duration === 'repeating' && !d.durationPeriods)
    problems.push({ path: 'durationPeriods', message: 'How many periods the discount lasts.' })
  if (d.duration && d.duration !== 'repeating' && d.durationPeriods)
    problems.push({ path: 'durationPeriods', message: 'Only a repeating discount lasts a number of periods.' })
  return problems
}

const withRules = <T extends z.ZodTypeAny>(schema: T) =>
  schema.superRefine((d, ctx) => {
    for (const p of discountProblems(d as DiscountShape))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [p.path], message: p.message })
  })

export const ZDiscountCodeValue = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,32}$/, 'Letters and digits, 4 to 32.')

export const ZDiscountCodeCreate = withRules(
  z.object({
    code: ZDiscountCodeValue,
    ...discountFields,
    appliesTo: discountFields.appliesTo.default([]),
    validFrom: discountFields.validFrom.default(null),
    expiresAt: discountFields.expiresAt.default(null),
    maxRedemptions: discountFields.maxRedemptions.default(null),
    maxPerOrganisation: discountFields.maxPerOrganisation.default(1),
    durationPeriods: discountFields.durationPeriods.default(null),
    active: discountFields.active.default(true),
  }),
)
export type DiscountCodeCreate = z.infer<typeof ZDiscountCodeCreate>
/** An edit sends what changes. Once redeemed, the code, type, value and duration stay. */
export const ZDiscountCodeUpdate = withRules(z.object({ code: ZDiscountCodeValue, ...discountFields }).partial())
export type DiscountCodeUpdate = z.infer<typeof ZDiscountCodeUpdate>

export const ZAdminDiscountCode = z.object({
  id: z.string().uuid(),
  code: z.string(),
  type: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  appliesTo: z.array(z.string()),
  validFrom: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  maxPerOrganisation: z.number().int(),
  duration: z.enum(DISCOUNT_DURATIONS),
  durationPeriods: z.number().int().nullable(),
  active: z.boolean(),
  /** Paid payments that used it. */
  redemptions: z.number().int(),
  /** Organisations that used it. */
  organisations: z.number().int(),
  createdAt: z.string(),
})
export type AdminDiscountCode = z.infer<typeof ZAdminDiscountCode>

/** Redemptions of one code, per organisation. */
export const ZDiscountRedemptions = z.array(
  z.object({
    organisation: z.object({ id: z.string().uuid(), name: z.string() }),
    count: z.number().int(),
    first: z.string(),
    last: z.string(),
    /** The discount these payments got, in cents excluding VAT (their price breakdowns' sum). */
    discountCents: z.number().int(),
    paymentIds: z.array(z.string().uuid()),
  }),
)
