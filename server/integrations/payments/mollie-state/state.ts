import { randomInt } from 'node:crypto'
import { FINAL_PAYMENT_STATUSES, type PaymentStatus } from '../port'
import {
  type CustomerRecord,
  type MandateRecord,
  MollieError,
  type NewPayment,
  type PaymentRecord,
  type RefundRecord,
  type WebhookDue,
} from './records'
import { createSerialiser, type MollieLinks } from './serialise'

/**
 * An in-memory Mollie (test mode): customers, payments, mandates and refunds with Mollie's rules,
 * the one source of truth behind both the local sandbox provider and the fake the Mollie adapter's
 * tests talk to. It knows nothing of HTTP (see http.ts) and delivers no webhooks itself: a status
 * change queues one delivery, `takeDue()` hands them out (webhooks.ts posts them).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Mollie's ids: a resource prefix and a random 10-character token (`tr_7UhSN1zuXS`). */
const newId = (prefix: string) => `${prefix}_${Array.from({ length: 10 }, () => ALPHABET[randomInt(62)]).join('')}`

const isFinal = (s: PaymentStatus) => (FINAL_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(s)

export type MollieState = ReturnType<typeof createMollieState>

export type StateSnapshot = {
  customers: CustomerRecord[]
  payments: PaymentRecord[]
  mandates: MandateRecord[]
  refunds: RefundRecord[]
}

export function createMollieState(opts: MollieLinks & { now?: () => Date }) {
  const now = opts.now ?? (() => new Date())
  const customers = new Map<string, CustomerRecord>()
  const payments = new Map<string, PaymentRecord>()
  const mandates = new Map<string, MandateRecord>()
  const refunds = new Map<string, RefundRecord>()
  let due: WebhookDue[] = []

  const notFound = (kind: string, id: string) => new MollieError(404, `No ${kind} exists with token ${id}.`)
  const customer = (id: string) => customers.get(id) ?? throwError(notFound('customer', id))
  const payment = (id: string) => payments.get(id) ?? throwError(notFound('payment', id))
  const customerMandates = (customerId: string) => [...mandates.values()].filter((m) => m.customerId === customerId)

  function createCustomer(input: {
    name?: string | null
    email?: string | null
    locale?: string | null
    metadata?: unknown
  }) {
    const record: CustomerRecord = {
      id: newId('cst'),
      name: input.name ?? null,
      email: input.email ?? null,
      locale: input.locale ?? null,
      metadata: input.metadata ?? null,
      createdAt: now(),
    }
    customers.set(record.id, record)
    return record
  }

  /** Mollie's rules for a new payment; recurring ones charge a valid mandate and start pending. */
  function createPayment(input: NewPayment) {
    const sequenceType = input.sequenceType ?? 'oneoff'
    if (input.amountCents < 1) throw new MollieError(422, 'The amount is lower than the minimum', 'amount')
    if (!input.description.trim()) throw new MollieError(422, 'The description is invalid', 'description')
    if (sequenceType !== 'recurring' && !input.redirectUrl)
      throw new MollieError(422, 'The redirect URL is required', 'redirectUrl')
    if (input.customerId && !customers.has(input.customerId))
      throw new MollieError(422, 'The customer id is invalid', 'customerId')
    if (sequenceType !== 'oneoff' && !input.customerId)
      throw new MollieError(422, `A customer is required for a ${sequenceType} payment`, 'customerId')
    let mandateId: string | null = null
    if (sequenceType === 'recurring') {
      const usable = customerMandates(input.customerId!).filter(
        (m) => m.status === 'valid' && (!input.mandateId || m.id === input.mandateId),
      )
      if (usable.length === 0) throw new MollieError(422, 'The customer has no valid mandate', 'mandateId')
      mandateId = usable[0].id
    }
    const record: PaymentRecord = {
      id: newId('tr'),
      amountCents: input.amountCents,
      amountRefundedCents: 0,
      amountChargedBackCents: 0,
      currency: input.currency,
      description: input.description,
      method: sequenceType === 'recurring' ? 'directdebit' : null,
      redirectUrl: input.redirectUrl ?? null,
      webhookUrl: input.webhookUrl ?? null,
      metadata: input.metadata ?? null,
      sequenceType,
      customerId: input.customerId ?? null,
      mandateId,
      status: sequenceType === 'recurring' ? 'pending' : 'open',
      createdAt: now(),
      settledAt: null,
    }
    payments.set(record.id, record)
    return record
  }

  /**
   * What the customer (or the bank) decides. Only an unsettled payment changes; a final status
   * never does. A paid `first` payment leaves a valid mandate; every change queues a webhook.
   */
  function setStatus(id: string, status: PaymentStatus) {
    const record = payment(id)
    if (isFinal(record.status) || status === 'open' || status === record.status)
      throw new MollieError(422, `The payment is ${record.status} and cannot become ${status}`, 'status')
    record.status = status
    record.settledAt = isFinal(status) ? now() : null
    if (status === 'paid' && !record.method) record.method = 'ideal'
    if (status === 'paid' && record.sequenceType === 'first' && record.customerId) {
      const mandate: MandateRecord = {
        id: newId('mdt'),
        customerId: record.customerId,
        status: 'valid',
        method: 'directdebit',
        consumerName: customer(record.customerId).name ?? 'T. Tester',
        mandateReference: `SANDBOX-${record.id.slice(3)}`,
        createdAt: now(),
      }
      mandates.set(mandate.id, mandate)
      record.mandateId = mandate.id
    }
    if (record.webhookUrl) due.push({ paymentId: id, webhookUrl: record.webhookUrl })
    return record
  }

  /** Refunds up to what remains of a paid payment. */
  function createRefund(paymentId: string, input: { amountCents: number; currency: string; description?: string }) {
    const record = payment(paymentId)
    if (record.status !== 'paid') throw new MollieError(422, 'The payment cannot be refunded', 'amount')
    if (input.currency !== record.currency) throw new MollieError(422, 'The currency is invalid', 'amount.currency')
    const remaining = record.amountCents - record.amountRefundedCents
    if (input.amountCents < 1 || input.amountCents > remaining)
      throw new MollieError(422, 'The amount is higher than the amount that remains refundable', 'amount')
    const refund: RefundRecord = {
      id: newId('re'),
      paymentId,
      amountCents: input.amountCents,
      currency: record.currency,
      description: input.description ?? '',
      createdAt: now(),
    }
    refunds.set(refund.id, refund)
    record.amountRefundedCents += input.amountCents
    return refund
  }

  /**
   * The bank takes a paid payment back (a SEPA reversal, up to 8 weeks later): Mollie then shows
   * `amountChargedBack` on the payment, whose status stays `paid`, and calls its webhook.
   */
  function chargeback(id: string, amountCents?: number) {
    const record = payment(id)
    if (record.status !== 'paid') throw new MollieError(422, 'Only a paid payment can be charged back', 'status')
    record.amountChargedBackCents = amountCents ?? record.amountCents - record.amountChargedBackCents
    if (record.webhookUrl) due.push({ paymentId: id, webhookUrl: record.webhookUrl })
    return record
  }

  return {
    json: createSerialiser(opts),
    chargeback,
    createCustomer,
    getCustomer: customer,
    createPayment,
    getPayment: payment,
    setStatus,
    listMandates(customerId: string) {
      customer(customerId)
      return customerMandates(customerId)
    },
    getMandate(customerId: string, id: string) {
      const found = mandates.get(id)
      if (!found || found.customerId !== customer(customerId).id) throw notFound('mandate', id)
      return found
    },
    createRefund,
    /** Every record, as plain data (JSON keeps the dates as ISO strings; `restore` reads them back). */
    snapshot(): StateSnapshot {
      return {
        customers: [...customers.values()],
        payments: [...payments.values()],
        mandates: [...mandates.values()],
        refunds: [...refunds.values()],
      }
    },
    /** Takes the records of a snapshot back in (the sandbox after `npm start` restarts). */
    restore(snap: StateSnapshot) {
      const dated = <T extends { createdAt: Date }>(r: T): T => ({ ...r, createdAt: new Date(r.createdAt) })
      for (const r of snap.customers) customers.set(r.id, dated(r))
      for (const r of snap.payments)
        payments.set(r.id, { ...dated(r), settledAt: r.settledAt === null ? null : new Date(r.settledAt) })
      for (const r of snap.mandates) mandates.set(r.id, dated(r))
      for (const r of snap.refunds) refunds.set(r.id, dated(r))
    },
    /** The webhooks owed since the last call, oldest first. */
    takeDue() {
      const taken = due
      due = []
      return taken
    },
  }
}

function throwError(err: Error): never {
  throw err
}
