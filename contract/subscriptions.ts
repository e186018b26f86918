import { z } from 'zod'
import { SUBSCRIPTION_PERIODS } from './value-lists'

export { SUBSCRIPTION_PERIODS }

/*
 * Subscriptions, payments and invoices (spec §3 Subscription and Payment, §4 statuses, §7
 * Subscriptions; issue 22). Money is integer cents everywhere; prices exclude VAT (spec §9).
 * server/services/billing/README.md says how it works and why.
 */

export const ZSubscriptionPeriod = z.enum(SUBSCRIPTION_PERIODS)
export type SubscriptionPeriod = z.infer<typeof ZSubscriptionPeriod>

/** A new organisation's trial (the common SaaS convention for salon software: two weeks). */
export const TRIAL_DAYS = 14
/** After a failed renewal the salon keeps working this long, with e-mails to the owner, then turns read-only. */
export const GRACE_DAYS = 14
/** The owner is told this many days before a renewal is charged (Mollie's advice against chargebacks). */
export const RENEWAL_NOTICE_DAYS = 3

/** What a plan may include beyond the limits; outside the plan the screen shows the upgrade prompt. */
export const PLAN_FEATURES = ['whatsapp', 'grow', 'documents', 'skinAnalysis', 'trainings', 'customerImport'] as const
export const ZPlanFeature = z.enum(PLAN_FEATURES)
export type PlanFeature = z.infer<typeof ZPlanFeature>

/**
 * What a write needs of the plan: one feature, or a list of which any one will do (an upload used
 * by Grow and by trainings alike: a trainings-only plan uploads training audio too).
 */
export type FeatureNeed = PlanFeature | readonly [PlanFeature, ...PlanFeature[]]
/** The features a need names, in order (the first is the one a refusal names). */
export const featuresOf = (need: FeatureNeed): readonly PlanFeature[] => (typeof need === 'string' ? [need] : need)
/** Whether a plan with these features meets the need. */
export const meetsNeed = (need: FeatureNeed, features: readonly PlanFeature[]) =>
  featuresOf(need).some((f) => features.includes(f))

/** The limited resources (spec §8 "Limit reached for customers/employees/branches"). */
export const LIMITED_RESOURCES = ['customers', 'employees', 'salons'] as const
export type LimitedResource = (typeof LIMITED_RESOURCES)[number]

/** A plan's limits; null is "no limit". */
export const ZPlanLimits = z.object({
  customers: z.number().int().nullable(),
  employees: z.number().int().nullable(),
  salons: z.number().int().nullable(),
})
export type PlanLimits = z.infer<typeof ZPlanLimits>

/** A subscription option (plan) as `GET /global/subscriptions/options` lists it. */
export const ZSubscriptionOption = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.object({ nl: z.string(), en: z.string() }),
  /** Excluding VAT, in cents. */
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int(),
  limits: ZPlanLimits,
  features: z.array(ZPlanFeature),
  /** Higher is more: decides upgrade (immediate) or downgrade (at the end of the term). */
  rank: z.number().int(),
})
export type SubscriptionOption = z.infer<typeof ZSubscriptionOption>

/** Spec §4: the API's subscription statuses. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'canceled', 'suspended', 'completed'] as const
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES)
export type SubscriptionStatus = z.infer<typeof ZSubscriptionStatus>
/** Spec §4: what the screen shows. */
export const SUBSCRIPTION_DISPLAY_STATUSES = ['active', 'expired', 'cancelled'] as const
export const ZSubscriptionDisplayStatus = z.enum(SUBSCRIPTION_DISPLAY_STATUSES)
export type SubscriptionDisplayStatus = z.infer<typeof ZSubscriptionDisplayStatus>

/**
 * What the organisation may do now:
 * - full: everything its plan includes (trial, active, cancelled until valid-to, in grace);
 * - readOnly: expired or suspended — staff screens and the tablet stay readable, nothing is
 *   deleted, writes answer SUBSCRIPTION_EXPIRED until a payment restores it (ORGANISATION_SUSPENDED
 *   while a global admin has suspended the organisation, until they reactivate it).
 */
export const ZAccess = z.enum(['full', 'readOnly'])
export type Access = z.infer<typeof ZAccess>

export const ZSubscription = z.object({
  id: z.string().uuid(),
  optionId: z.string().uuid(),
  period: ZSubscriptionPeriod,
  status: ZSubscriptionStatus,
  displayStatus: ZSubscriptionDisplayStatus,
  trial: z.boolean(),
  validFrom: z.string(),
  /** Spec: "After cancellation a subscription runs until its valid-to date." */
  validTo: z.string(),
  autoExtend: z.boolean(),
  canceledAt: z.string().nullable(),
  /** A failed renewal: full access until then, read-only after (null when paid up). */
  graceUntil: z.string().nullable(),
  /** A downgrade waits for the end of the term. */
  scheduledChange: z.object({ optionId: z.string().uuid(), period: ZSubscriptionPeriod, from: z.string() }).nullable(),
  createdAt: z.string(),
})
export type Subscription = z.infer<typeof ZSubscription>

export const ZUsage = z.object({ customers: z.number().int(), employees: z.number().int(), salons: z.number().int() })
export type Usage = z.infer<typeof ZUsage>

/** `GET …/subscriptions`: the current subscription, the earlier ones, and usage against the limits. */
export const ZSubscriptionOverview = z.object({
  current: ZSubscription.nullable(),
  history: z.array(ZSubscription),
  access: ZAccess,
  limits: ZPlanLimits,
  features: z.array(ZPlanFeature),
  usage: ZUsage,
  /**
   * The owner pays the next term by checkout (the current plan's policy is `renew`): no payment
   * method is on file (a purchase that cost nothing), a renewal failed, or it does not auto-extend.
   */
  payNextTerm: z.boolean(),
})
export type SubscriptionOverview = z.infer<typeof ZSubscriptionOverview>

/**
 * VAT decided per payment and stored with it (research §2.3, §7 B4):
 * - nl: a Dutch organisation, 21%;
 * - reverseCharge: another EU country with a VAT number the check service verified, 0% "btw verlegd";
 * - euUnverified: another EU country without a verified number, or the check service unavailable: 21%;
 * - outsideEu: 0%, outside the scope of Dutch VAT.
 */
export const VAT_RULES = ['nl', 'reverseCharge', 'euUnverified', 'outsideEu'] as const
export const ZVatRule = z.enum(VAT_RULES)
export type VatRule = z.infer<typeof ZVatRule>

export const ZVatDecision = z.object({
  rule: ZVatRule,
  /** Basis points: 2100 is 21%. */
  rateBasisPoints: z.number().int(),
  reverseCharge: z.boolean(),
  vatNumber: z.string(),
  country: z.string(),
  /** The check's answer when one was asked (valid, invalid, unavailable), with its proof. */
  check: z
    .object({
      status: z.enum(['valid', 'invalid', 'unavailable']),
      checkedAt: z.string(),
      consultationNumber: z.string().nullable(),
    })
    .nullable(),
})
export type VatDecision = z.infer<typeof ZVatDecision>

/** A price before paying: every amount in cents, VAT over the discounted price. */
export const ZPriceBreakdown = z.object({
  netCents: z.number().int(),
  discountCents: z.number().int(),
  /** The unused part of the current subscription, credited on an upgrade. */
  creditCents: z.number().int(),
  netAfterDiscountCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
})
export type PriceBreakdown = z.infer<typeof ZPriceBreakdown>

/** How a change from the current subscription to an option and period takes effect (research §2.1). */
export const ZChangePolicy = z.enum(['new', 'same', 'renew', 'immediate', 'endOfTerm', 'illegal'])
export type ChangePolicy = z.infer<typeof ZChangePolicy>

/** `GET …/initialize-subscription-options`: what the purchase screen needs in one call. */
export const ZSubscriptionOptionsInit = z.object({
  options: z.array(
    ZSubscriptionOption.extend({
      monthly: z.object({ policy: ZChangePolicy, price: ZPriceBreakdown }),
      yearly: z.object({ policy: ZChangePolicy, price: ZPriceBreakdown }),
    }),
  ),
  current: ZSubscription.nullable(),
  vat: ZVatDecision,
})
export type SubscriptionOptionsInit = z.infer<typeof ZSubscriptionOptionsInit>

export const ZDiscountCode = z.string().trim().min(1).max(64)

/** `POST …/option-payment`: spec §5 "The subscription form requires choosing whether to auto-extend." */
export const ZOptionPaymentInput = z.object({
  optionId: z.string().uuid(),
  period: ZSubscriptionPeriod,
  autoExtend: z.boolean(),
  discountCode: ZDiscountCode.optional(),
})
export type OptionPaymentInput = z.infer<typeof ZOptionPaymentInput>

export const ZDiscountCodeQuery = z.object({
  code: ZDiscountCode,
  optionId: z.string().uuid(),
  period: ZSubscriptionPeriod,
})

export const ZRemainingAmountQuery = z.object({ optionId: z.string().uuid(), period: ZSubscriptionPeriod })
/** The unused part of the current subscription, by the day, to the cent (credited on an upgrade). */
export const ZRemainingAmount = z.object({
  remainingCents: z.number().int(),
  daysLeft: z.number().int(),
  daysInPeriod: z.number().int(),
  policy: ZChangePolicy,
  price: ZPriceBreakdown,
})

/** Spec §4: the API's payment statuses (Mollie's). */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'] as const
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof ZPaymentStatus>
/** Spec §4: what the screen shows. open → pending; pending/authorized → confirming; paid → confirmed. */
export const PAYMENT_STATES = ['pending', 'confirming', 'confirmed', 'failed'] as const
export const ZPaymentState = z.enum(PAYMENT_STATES)
export type PaymentState = z.infer<typeof ZPaymentState>

/** What a payment buys: a subscription (purchase or change), its renewal, or WhatsApp credits (issue 23). */
export const PAYMENT_KINDS = ['subscription', 'renewal', 'whatsappCredits', 'paidCourse'] as const
export const ZPaymentKind = z.enum(PAYMENT_KINDS)
export type PaymentKind = z.infer<typeof ZPaymentKind>

/** Spec §3 Payment: amount, paidAt, status, name, invoice download. */
export const ZPayment = z.object({
  id: z.string().uuid(),
  kind: ZPaymentKind,
  name: z.string(),
  optionId: z.string().uuid().nullable(),
  period: ZSubscriptionPeriod.nullable(),
  /** The paid course a course payment buys (issue 24; null for the other kinds). */
  paidCourseId: z.string().uuid().nullable(),
  /** What was charged, VAT included. */
  amountCents: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  status: ZPaymentStatus,
  state: ZPaymentState,
  /** A paid payment was later charged back (SEPA reversal). */
  chargedBack: z.boolean(),
  /** The provider's page to pay, while the payment is open. */
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  invoiceId: z.string().uuid().nullable(),
  invoiceNumber: z.string().nullable(),
})
export type Payment = z.infer<typeof ZPayment>

export const ZPaymentParams = z.object({ org: z.string().max(100), id: z.string().uuid() })

/** `GET …/next-payment`: null when nothing will be charged (trial, no auto-extend, cancelled). */
export const ZNextPayment = z
  .object({ date: z.string(), optionId: z.string().uuid(), period: ZSubscriptionPeriod, price: ZPriceBreakdown })
  .nullable()

/**
 * The answer to buying: the payment and the provider's checkout to send the owner to; no checkout
 * when nothing is due (€0 is confirmed at once); no payment either for a downgrade, which is
 * scheduled for the end of the term (`subscription.scheduledChange`).
 */
export const ZOptionPaymentResult = z.object({
  payment: ZPayment.nullable(),
  checkoutUrl: z.string().nullable(),
  /** The current subscription after the call. */
  subscription: ZSubscription.nullable(),
})

/** The sandbox's local checkout (no MOLLIE_API_KEY): the payer's choice. */
export const ZCheckoutChoice = z.object({ status: z.enum(['paid', 'failed', 'canceled', 'expired']) })

/** Mollie calls webhooks with a form-encoded `id` and nothing else: the id is all we read. */
export const ZPaymentWebhook = z.object({ id: z.string().trim().min(1).max(64) })

/**
 * `GET …/subscriptions/access`: what every employee needs to know (no subscription rights
 * needed): whether the organisation works fully or read-only, and which plan features it has.
 * The client keeps the last answer for offline use.
 */
export const ZSubscriptionAccess = z.object({
  access: ZAccess,
  /** Issue 23: a global admin suspended the organisation (read-only until they reactivate it). */
  suspended: z.boolean(),
  displayStatus: ZSubscriptionDisplayStatus.nullable(),
  trial: z.boolean(),
  validTo: z.string().nullable(),
  graceUntil: z.string().nullable(),
  limits: ZPlanLimits,
  features: z.array(ZPlanFeature),
})
export type SubscriptionAccess = z.infer<typeof ZSubscriptionAccess>

/** A party on an invoice, as it was when the invoice was issued (Wet OB art. 35a: names, addresses, VAT ids). */
export type InvoiceParty = {
  name: string
  addressLines: string[]
  country: string
  vatNumber: string | null
  /** The seller's Chamber of Commerce number (KvK). */
  chamberOfCommerce?: string | null
}

/** One line: what was supplied, how much, the unit price excluding VAT (negative on a credit note). */
export type InvoiceLine = { description: string; quantity: number; unitPriceCents: number; totalCents: number }
