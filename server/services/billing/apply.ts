import { and, eq } from 'drizzle-orm'
import { GRACE_DAYS, type InvoiceParty, type PaymentKind, type PaymentStatus } from '../../../contract/subscriptions'
import type { Tx } from '../../db/client'
import { invoices, organisations, paymentStatusEvents, payments, subscriptions } from '../../db/schema'
import { PaymentError, type Payment as ProviderPayment } from '../../integrations/payments/port'
import { tenant } from '../../scope'
import type { BillingDeps } from './deps'
import { sellerFromConfig } from './invoice-pdf'
import { type CreditedPart, type InvoiceRow, issueCreditNote } from './invoices'
import { mulDivHalfUp } from './pricing'
import { revokeCourse } from '../paid-courses/access'
import { type GraceNotice, sendGraceNotice } from './notices'
import { applyPaid } from './on-paid'
import { isFinal } from './view'

/*
 * README "Payments are decided by the provider's status, fetched": the one path from a
 * provider's payment to our state, for the webhooks, the return page's refresh and the jobs
 * (reconciliation). Each (payment, status) is applied once: its payment_status_events row is
 * inserted in the transaction that applies it, and a replay finds it taken.
 */

const DAY_MS = 86_400_000

export type PaymentRow = typeof payments.$inferSelect
export type ApplyOutcome = 'applied' | 'unchanged' | 'unknown' | 'foreign'

/** What the provider says of a payment, as far as our state depends on it (no refund: 0). */
export type ProviderState = Pick<ProviderPayment, 'status' | 'amountChargedBackCents' | 'paidAt'> &
  Partial<Pick<ProviderPayment, 'amountRefundedCents'>>

/** Takes the (payment, status) event; false when it was applied before (a replay). */
async function takeEvent(tx: Tx, paymentId: string, status: string, now: Date): Promise<boolean> {
  const taken = await tx
    .insert(paymentStatusEvents)
    .values({ paymentId, status, appliedAt: now })
    .onConflictDoNothing()
    .returning({ paymentId: paymentStatusEvents.paymentId })
  return taken.length > 0
}

/** README: a failed or charged-back renewal keeps full access GRACE_DAYS longer (an earlier grace is kept). */
async function startGrace(
  tx: Tx,
  p: PaymentRow,
  now: Date,
  reason: GraceNotice['reason'],
): Promise<GraceNotice | null> {
  if (!p.subscriptionId) return null
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(tenant(subscriptions, p, eq(subscriptions.id, p.subscriptionId)))
    .for('update')
  if (!s || s.status === 'completed') return null
  const graceUntil = s.graceUntil ?? new Date(now.getTime() + GRACE_DAYS * DAY_MS)
  await tx.update(subscriptions).set({ graceUntil, updatedAt: now }).where(eq(subscriptions.id, s.id))
  return { organisationId: p.organisationId, reason, graceUntil }
}

/**
 * Applies the provider's state to our payment, inside the caller's transaction, which holds the
 * organisation's row lock (one billing change per organisation at a time). A final status never
 * goes back; a status seen before changes nothing. Returns the owner notices to send after commit.
 */
export async function applyState(
  tx: Tx,
  opts: { payment: PaymentRow; remote: ProviderState; seller: InvoiceParty; now: Date },
): Promise<{ changed: boolean; notices: GraceNotice[] }> {
  const { payment: p, remote, seller, now } = opts
  const notices: GraceNotice[] = []
  let changed = false
  const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, p.organisationId))
  let status: PaymentStatus = p.status
  if (remote.status !== p.status && !isFinal(p.status) && (await takeEvent(tx, p.id, remote.status, now))) {
    changed = true
    status = remote.status
    if (remote.status === 'paid') {
      await applyPaid(tx, { payment: p, organisation, seller, now, paidAt: remote.paidAt ?? now })
    } else {
      await tx.update(payments).set({ status: remote.status, updatedAt: now }).where(eq(payments.id, p.id))
      // A purchase that fails changes nothing but its payment; a renewal starts the grace period.
      if (p.kind === 'renewal' && remote.status === 'failed') {
        const notice = await startGrace(tx, p, now, 'failed')
        if (notice) notices.push(notice)
      }
    }
  }
  // Mollie keeps a charged-back payment `paid` and shows the amount taken back.
  if (status === 'paid' && remote.amountChargedBackCents > 0 && (await takeEvent(tx, p.id, 'chargeback', now))) {
    changed = true
    await tx.update(payments).set({ chargedBackAt: now, updatedAt: now }).where(eq(payments.id, p.id))
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, p.id), eq(invoices.kind, 'invoice')))
    if (invoice) await issueCreditNote(tx, { invoice, organisation, seller, now })
    const [paid] = await tx.select().from(payments).where(eq(payments.id, p.id))
    const notice = await startGrace(tx, paid, now, 'chargeback')
    if (notice) notices.push(notice)
    if (p.kind === 'paidCourse') await takeCourseBack(tx, p, 'chargeback', now)
  }
  // A paid course refunded at the provider (its dashboard; we never refund one ourselves): the
  // organisation no longer owns it, and the refunded amount is credited (services/paid-courses).
  const refunded = remote.amountRefundedCents ?? 0
  if (p.kind === 'paidCourse' && status === 'paid' && refunded > 0 && (await takeEvent(tx, p.id, 'refund', now))) {
    changed = true
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, p.id), eq(invoices.kind, 'invoice')))
    if (invoice)
      await issueCreditNote(tx, { invoice, organisation, seller, now, part: refundedPart(invoice, refunded) })
    await takeCourseBack(tx, p, 'refund', now)
  }
  return { changed, notices }
}

/** A course payment refunded or charged back: the course it bought is taken back. */
async function takeCourseBack(tx: Tx, p: PaymentRow, reason: 'refund' | 'chargeback', now: Date) {
  if (!p.paidCourseId) return
  await revokeCourse(tx, { organisationId: p.organisationId, courseId: p.paidCourseId, paymentId: p.id, reason, now })
}

/**
 * What a refund credits: the whole invoice when all of it came back, else the refunded amount
 * split at the invoice's VAT rate (half-up, as every VAT amount). One credit note per payment
 * (issueCreditNote): a second partial refund adds none.
 */
function refundedPart(invoice: InvoiceRow, refundedCents: number): CreditedPart | undefined {
  if (refundedCents >= invoice.totalCents) return undefined
  const netCents = mulDivHalfUp(refundedCents, 10_000, 10_000 + invoice.vatRateBasisPoints)
  const description = invoice.language === 'en' ? `Refund of ${invoice.number}` : `Terugbetaling van ${invoice.number}`
  return { netCents, vatCents: refundedCents - netCents, description }
}

/**
 * Fetches a payment from the provider and applies it (webhooks, the return page, jobs). Nothing
 * in the request is trusted but the id: the payment must carry the organisation and kind the
 * caller expects in its metadata (set when it was made), and be ours. An id the provider does
 * not know, another organisation's payment or a replay change nothing. A provider that cannot be
 * reached throws (the webhook then answers 5xx and the provider tries again).
 */
export async function applyProviderPayment(
  deps: BillingDeps,
  providerPaymentId: string,
  expected: { organisationId: string; kind: PaymentKind },
  now: Date = new Date(),
): Promise<ApplyOutcome> {
  let remote: ProviderPayment
  try {
    remote = await deps.payments.getPayment(providerPaymentId)
  } catch (err) {
    if (err instanceof PaymentError && err.code === 'PAYMENT_NOT_FOUND') return 'unknown'
    throw err
  }
  if (remote.metadata.organisationId !== expected.organisationId || remote.metadata.kind !== expected.kind)
    return 'foreign'
  const result = await deps.db.transaction(async (tx) => {
    await lockOrganisation(tx, expected.organisationId)
    const [p] = await tx
      .select()
      .from(payments)
      .where(
        tenant(payments, expected, eq(payments.providerPaymentId, providerPaymentId), eq(payments.kind, expected.kind)),
      )
      .for('update')
    if (!p) return null
    return applyState(tx, { payment: p, remote, seller: sellerFromConfig(deps.config), now })
  })
  if (!result) return 'unknown'
  for (const notice of result.notices) await sendGraceNotice(deps, notice)
  return result.changed ? 'applied' : 'unchanged'
}

/**
 * One billing change per organisation at a time: two payments of one organisation paid at once
 * would otherwise both see "no current subscription" and both insert one.
 */
export async function lockOrganisation(tx: Tx, organisationId: string) {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
}
