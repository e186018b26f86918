import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Caller } from '../../../contract/policy'
import type { Tx } from '../../db/client'
import { invoices, organisations, payments, subscriptions } from '../../db/schema'
import { AppError } from '../../errors'
import { lockOrganisation } from '../billing/apply'
import type { BillingDeps } from '../billing/deps'
import { sellerFromConfig } from '../billing/invoice-pdf'
import { issueCreditNote } from '../billing/invoices'
import { remainingCredit, vatOf } from '../billing/pricing'
import { isRunning, type SubscriptionRow } from '../billing/view'
import { adminOf, auditAdmin } from './admin'
import { customerSubscription } from './subscriptions'

/*
 * A global admin cancels an organisation's subscription, with a reason (research §7 A10, E7):
 * - endOfTerm: as the owner's cancel (README "Cancel"): it runs until valid-to, nothing refunded;
 * - now: it ends at once (read-only from now on, nothing deleted); with `refund`, the unused part
 *   of the last paid payment, by the day to the cent (pricing.remainingCredit, VAT at the
 *   payment's rate on top), goes back through the provider and a credit note for it refers to
 *   that payment's invoice, in the same series.
 * One transaction under the organisation's lock; the provider's refund is its last step, so a
 * refused or failed refund rolls everything back (the credit note's number too): nothing changes.
 */

type Query = { reason: string; mode: 'endOfTerm' | 'now'; refund: boolean }

const WORDS = {
  nl: (number: string, days: number, of: number) =>
    `Terugbetaling ongebruikt deel van ${number} (${days} van ${of} dagen)`,
  en: (number: string, days: number, of: number) => `Refund of the unused part of ${number} (${days} of ${of} days)`,
}

/** Refunds the unused part of the subscription's last paid payment; null when nothing is left to refund. */
async function refundUnused(deps: BillingDeps, tx: Tx, s: SubscriptionRow, now: Date) {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, s.id), eq(payments.status, 'paid'), isNull(payments.chargedBackAt)))
    .orderBy(desc(payments.paidAt))
    .limit(1)
  if (!paid?.providerPaymentId) return null
  const credit = remainingCredit({
    paidNetCents: paid.price.netAfterDiscountCents,
    validFrom: paid.periodStart ?? s.validFrom,
    validTo: paid.periodEnd ?? s.validTo,
    now,
  })
  const netCents = credit.remainingCents
  if (netCents <= 0) return null
  const vatCents = vatOf(netCents, paid.vat.rateBasisPoints)
  const amountCents = Math.min(paid.amountCents, netCents + vatCents)
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paid.id), eq(invoices.kind, 'invoice')))
  if (!invoice) throw new AppError('INVOICE_NOT_FOUND')
  const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, s.organisationId))
  const creditNote = await issueCreditNote(tx, {
    invoice,
    organisation,
    seller: sellerFromConfig(deps.config),
    now,
    part: {
      netCents,
      vatCents: amountCents - netCents,
      description: WORDS[invoice.language === 'en' ? 'en' : 'nl'](invoice.number, credit.daysLeft, credit.daysInPeriod),
    },
  })
  let refund: Awaited<ReturnType<BillingDeps['payments']['refund']>>
  try {
    refund = await deps.payments.refund({
      paymentId: paid.providerPaymentId,
      amountCents,
      currency: 'EUR',
      description: creditNote.number,
    })
  } catch (err) {
    deps.log?.warn({ err, paymentId: paid.id }, 'refund refused or failed')
    throw new AppError('REFUND_FAILED')
  }
  if (refund.status === 'failed' || refund.status === 'canceled') throw new AppError('REFUND_FAILED')
  return {
    amountCents,
    netCents,
    vatCents: amountCents - netCents,
    providerRefundId: refund.id,
    paymentId: paid.id,
    creditNoteId: creditNote.id,
    creditNoteNumber: creditNote.number,
    creditedInvoiceNumber: invoice.number,
  }
}

export async function cancelCustomerSubscription(opts: {
  deps: BillingDeps
  caller: Caller
  id: string
  query: Query
  now?: Date
}) {
  const adminId = adminOf(opts.caller)
  const { deps, id, query } = opts
  const now = opts.now ?? new Date()
  const refund = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ organisationId: subscriptions.organisationId })
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
    if (!found) throw new AppError('SUBSCRIPTION_NOT_FOUND')
    await lockOrganisation(tx, found.organisationId)
    const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
    if (!isRunning(s, now)) throw new AppError('SUBSCRIPTION_ENDED')
    if (query.mode === 'endOfTerm' && s.status === 'canceled') throw new AppError('SUBSCRIPTION_ALREADY_CANCELLED')
    // Ending now: valid-to is now (or stays, when already past in grace), and grace is over.
    const validTo = query.mode === 'now' && s.validTo > now ? now : s.validTo
    await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        canceledAt: s.canceledAt ?? now,
        autoExtend: false,
        scheduledOptionId: null,
        scheduledPeriod: null,
        updatedAt: now,
        ...(query.mode === 'now' ? { validTo, graceUntil: null } : {}),
      })
      .where(eq(subscriptions.id, id))
    const refunded = query.mode === 'now' && query.refund ? await refundUnused(deps, tx, s, now) : null
    await auditAdmin(tx, adminId, {
      event: 'cancelSubscription',
      organisationId: s.organisationId,
      data: {
        subscriptionId: s.id,
        reason: query.reason,
        mode: query.mode,
        validTo: validTo.toISOString(),
        refund: refunded,
      },
    })
    return refunded
  })
  const subscription = await customerSubscription(deps.db, id, now)
  if (!subscription) throw new AppError('SUBSCRIPTION_NOT_FOUND')
  if (!refund) return { subscription, refund: null }
  const { paymentId: _paymentId, ...shown } = refund
  return { subscription, refund: shown }
}
