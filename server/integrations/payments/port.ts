/**
 * The payment port: what our billing services need from a payment provider, and nothing more
 * (research billing-admin-trainings.md §1.2). Two adapters implement it: Mollie through its
 * official client (`mollie.ts`) and the local sandbox (`sandbox.ts`). Money is integer cents;
 * Mollie's "10.00" strings never pass this line.
 */

export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** A payment in one of these states never changes status again. */
export const FINAL_PAYMENT_STATUSES = ['paid', 'canceled', 'expired', 'failed'] as const satisfies PaymentStatus[]

export const SEQUENCE_TYPES = ['oneoff', 'first', 'recurring'] as const
export type SequenceType = (typeof SEQUENCE_TYPES)[number]

export const MANDATE_STATUSES = ['valid', 'pending', 'invalid'] as const
export type MandateStatus = (typeof MANDATE_STATUSES)[number]

/** Echoed back on the payment (Mollie keeps about 1 kB): flat values such as `{ orgId, kind, period }`. */
export type PaymentMetadata = Record<string, string | number | boolean | null>

export type CreateCustomer = { name: string; email: string; metadata?: PaymentMetadata }

type PaymentBase = {
  /** Integer cents, at least 1. */
  amountCents: number
  currency: 'EUR'
  description: string
  /** Where the provider POSTs `id=<paymentId>` (form-encoded) when the status changes. */
  webhookUrl: string
  metadata: PaymentMetadata
}

/**
 * `first` shows the customer the consent screen and leaves a mandate once paid; `recurring`
 * charges that mandate with no checkout (Mollie: "recurring payments do not have a checkout URL").
 */
export type CreatePayment = PaymentBase &
  (
    | { sequenceType: 'oneoff'; redirectUrl: string; customerId?: string }
    | { sequenceType: 'first'; redirectUrl: string; customerId: string }
    | { sequenceType: 'recurring'; customerId: string; mandateId?: string }
  )

export type CreatedPayment = { id: string; status: PaymentStatus; checkoutUrl: string | null }

export type Payment = {
  id: string
  status: PaymentStatus
  amountCents: number
  amountRefundedCents: number
  /** What the bank took back after it was paid (a SEPA reversal, a card dispute); 0 for none. */
  amountChargedBackCents: number
  currency: string
  sequenceType: SequenceType
  customerId: string | null
  mandateId: string | null
  metadata: PaymentMetadata
  paidAt: Date | null
  createdAt: Date
}

export type Mandate = { id: string; status: MandateStatus; method: string; createdAt: Date }

export type CreateRefund = { paymentId: string; amountCents: number; currency: 'EUR'; description: string }

export const REFUND_STATUSES = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

export type Refund = { id: string; paymentId: string; amountCents: number; status: RefundStatus }

export type PaymentProvider = {
  createCustomer: (input: CreateCustomer) => Promise<{ id: string }>
  createPayment: (input: CreatePayment) => Promise<CreatedPayment>
  /** Throws PAYMENT_NOT_FOUND for an id the provider does not know. */
  getPayment: (id: string) => Promise<Payment>
  listMandates: (customerId: string) => Promise<Mandate[]>
  /** Refunds part or all of a paid payment; more than what remains is PAYMENT_REFUSED. */
  refund: (input: CreateRefund) => Promise<Refund>
}

/**
 * The provider's answer to a well-formed call it will not carry out:
 * - PAYMENT_NOT_FOUND: the payment, customer or mandate does not exist (Mollie 404);
 * - PAYMENT_REFUSED: the request breaks the provider's rules, e.g. a recurring payment without a
 *   valid mandate or a refund above what remains (Mollie 4xx such as 422); `field` names the field.
 * Anything else (network, authentication, 5xx) is thrown as it comes: an infrastructure failure.
 */
export type PaymentErrorCode = 'PAYMENT_NOT_FOUND' | 'PAYMENT_REFUSED'

export class PaymentError extends Error {
  readonly code: PaymentErrorCode
  readonly field?: string

  constructor(code: PaymentErrorCode, message: string, field?: string) {
    super(message)
    this.name = 'PaymentError'
    this.code = code
    this.field = field
  }
}
