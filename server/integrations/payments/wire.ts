import { valueToCents } from './money'
import {
  MANDATE_STATUSES,
  type Mandate,
  PAYMENT_STATUSES,
  type Payment,
  PaymentError,
  type PaymentMetadata,
  REFUND_STATUSES,
  type Refund,
  SEQUENCE_TYPES,
} from './port'

/*
 * Mollie's resources as its API writes them (HAL JSON, amounts as strings, ISO dates), and the
 * one mapping from them to the port's types. The Mollie adapter maps the official client's
 * objects (the same fields, `_links` read as `links`); the sandbox maps the state machine's JSON.
 */

export type MollieLink = { href: string; type: string }
export type MollieAmount = { value: string; currency: string }

/** The fields of a Mollie payment the port reads (the client's `Payment` has these and more). */
export type MolliePaymentFields = {
  id: string
  status: string
  amount: MollieAmount
  amountRefunded?: MollieAmount
  amountChargedBack?: MollieAmount
  sequenceType: string
  customerId?: string | null
  mandateId?: string | null
  metadata: unknown
  paidAt?: string | null
  createdAt: string
}

export type MollieMandateFields = { id: string; status: string; method: string; createdAt: string }
export type MollieRefundFields = { id: string; paymentId: string; amount: MollieAmount; status: string }

/** Mollie's error body (https://docs.mollie.com/overview/handling-errors). */
export type MollieErrorBody = {
  status: number
  title: string
  detail: string
  field?: string
  _links: { documentation: MollieLink }
}

function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  if (!(values as readonly string[]).includes(value)) throw new Error(`Mollie sent an unknown ${what}: ${value}`)
  return value as T
}

/** Our metadata is a flat object; anything else Mollie echoes (null, a string) reads as empty. */
function toMetadata(value: unknown): PaymentMetadata {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  ) as PaymentMetadata
}

export function toPayment(p: MolliePaymentFields): Payment {
  return {
    id: p.id,
    status: oneOf(PAYMENT_STATUSES, p.status, 'payment status'),
    amountCents: valueToCents(p.amount.value),
    amountRefundedCents: p.amountRefunded ? valueToCents(p.amountRefunded.value) : 0,
    amountChargedBackCents: p.amountChargedBack ? valueToCents(p.amountChargedBack.value) : 0,
    currency: p.amount.currency,
    sequenceType: oneOf(SEQUENCE_TYPES, p.sequenceType, 'sequence type'),
    customerId: p.customerId ?? null,
    mandateId: p.mandateId ?? null,
    metadata: toMetadata(p.metadata),
    paidAt: p.paidAt ? new Date(p.paidAt) : null,
    createdAt: new Date(p.createdAt),
  }
}

export const toMandate = (m: MollieMandateFields): Mandate => ({
  id: m.id,
  status: oneOf(MANDATE_STATUSES, m.status, 'mandate status'),
  method: m.method,
  createdAt: new Date(m.createdAt),
})

export const toRefund = (r: MollieRefundFields): Refund => ({
  id: r.id,
  paymentId: r.paymentId,
  amountCents: valueToCents(r.amount.value),
  status: oneOf(REFUND_STATUSES, r.status, 'refund status'),
})

/**
 * The port's error for a Mollie error status: 404 is not found, another 4xx a refusal of this
 * request. Authentication (401/403), rate limits (429) and 5xx are not the caller's doing: null,
 * and the caller throws the original.
 */
export function toPaymentError(status: number | undefined, detail: string, field?: string): PaymentError | null {
  if (status === 404) return new PaymentError('PAYMENT_NOT_FOUND', detail, field)
  if (status && status >= 400 && status < 500 && ![401, 403, 429].includes(status))
    return new PaymentError('PAYMENT_REFUSED', detail, field)
  return null
}
