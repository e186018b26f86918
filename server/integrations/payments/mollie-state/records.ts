import type { MandateStatus, PaymentStatus, SequenceType } from '../port'

/* The in-memory Mollie's records (state.ts keeps them, serialise.ts writes them as Mollie does). */

/** Mollie's answer to a call it refuses, rendered as its error body by serialise.ts. */
export class MollieError extends Error {
  readonly status: number
  readonly field?: string

  constructor(status: number, detail: string, field?: string) {
    super(detail)
    this.status = status
    this.field = field
  }
}

export type CustomerRecord = {
  id: string
  name: string | null
  email: string | null
  locale: string | null
  metadata: unknown
  createdAt: Date
}

export type PaymentRecord = {
  id: string
  amountCents: number
  amountRefundedCents: number
  /** Taken back by the bank after it was paid (Mollie's `amountChargedBack`). */
  amountChargedBackCents: number
  currency: string
  description: string
  method: string | null
  redirectUrl: string | null
  webhookUrl: string | null
  metadata: unknown
  sequenceType: SequenceType
  customerId: string | null
  mandateId: string | null
  status: PaymentStatus
  createdAt: Date
  /** When the status became what it is (paidAt, canceledAt, expiredAt, failedAt on the wire). */
  settledAt: Date | null
}

export type MandateRecord = {
  id: string
  customerId: string
  status: MandateStatus
  method: 'directdebit'
  consumerName: string
  mandateReference: string
  createdAt: Date
}

export type RefundRecord = {
  id: string
  paymentId: string
  amountCents: number
  currency: string
  description: string
  createdAt: Date
}

export type NewPayment = {
  amountCents: number
  currency: string
  description: string
  sequenceType?: SequenceType
  redirectUrl?: string | null
  webhookUrl?: string | null
  metadata?: unknown
  customerId?: string | null
  mandateId?: string | null
}

/** A webhook Mollie owes: POST `id=<paymentId>` to `webhookUrl`. */
export type WebhookDue = { paymentId: string; webhookUrl: string }
