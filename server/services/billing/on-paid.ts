import { eq, ne } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../db/client'
import { type organisations, payments, subscriptions } from '../../db/schema'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { redeemDiscount } from './discount-codes'
import { discountById } from './discount-terms'
import type { InvoiceParty, SubscriptionPeriod } from '../../../contract/subscriptions'
import { issueInvoice } from './invoices'
import { addPeriods } from './pricing'
import { grantCredits } from '../whatsapp-credits/ledger'
import { grantCourse } from '../paid-courses/access'
import { isRunning, type SubscriptionRow } from './view'

/*
 * What a paid payment changes, inside the transaction that records it (apply.ts): the
 * subscription (README "Changes", "Valid-to moves by one period from the previous valid-to"),
 * the discount code's redemption, and the invoice.
 */

type PaymentRow = typeof payments.$inferSelect
/** A subscription or renewal payment: it always names its plan and period. */
type PlanPaymentRow = PaymentRow & { optionId: string; period: SubscriptionPeriod }

function planPayment(p: PaymentRow): PlanPaymentRow {
  if (!p.optionId || !p.period) throw new Error(`payment ${p.id} (${p.kind}) names no plan`)
  return p as PlanPaymentRow
}
type OrganisationRow = typeof organisations.$inferSelect

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b)
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b)

/** Periods a discount still applies after the one just paid (null: forever). */
const periodsLeftAfter = (periods: number | null) => (periods === null ? null : Math.max(0, periods - 1))

/**
 * A purchase: the same running plan again adds one period to its valid-to; anything else (new,
 * after a trial or expiry, or an upgrade) completes the current subscription and starts the
 * bought one now.
 */
async function grantPurchase(tx: Tx, p: PlanPaymentRow, now: Date, discountPeriods: number | null) {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(tenant(subscriptions, p, ne(subscriptions.status, 'completed')))
    .for('update')
  const discount = p.discountCodeId
    ? { discountCodeId: p.discountCodeId, discountPeriodsLeft: periodsLeftAfter(discountPeriods) }
    : { discountCodeId: null, discountPeriodsLeft: null }
  const sameRunning =
    current &&
    !current.trial &&
    isRunning(current, now) &&
    current.optionId === p.optionId &&
    current.period === p.period
  if (sameRunning) {
    const periodEnd = addPeriods(current.validTo, p.period)
    const [row] = await tx
      .update(subscriptions)
      .set({
        validTo: periodEnd,
        autoExtend: p.autoExtend,
        status: 'active',
        canceledAt: null,
        graceUntil: null,
        suspendedAt: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id))
      .returning()
    return { subscription: row, periodStart: current.validTo, periodEnd }
  }
  if (current)
    await tx
      .update(subscriptions)
      .set({ status: 'completed', validTo: earlier(current.validTo, now), updatedAt: now })
      .where(eq(subscriptions.id, current.id))
  const periodEnd = addPeriods(now, p.period)
  const [row] = await tx
    .insert(subscriptions)
    .values({
      id: uuidv7(),
      organisationId: p.organisationId,
      optionId: p.optionId,
      period: p.period,
      status: 'active',
      validFrom: now,
      validTo: periodEnd,
      autoExtend: p.autoExtend,
      ...discount,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  return { subscription: row, periodStart: now, periodEnd }
}

/**
 * A renewal: valid-to becomes the end of the term it paid for, counted from the previous valid-to
 * when it was charged (renewal.ts), never from now; a scheduled change takes effect; grace and
 * suspension end.
 */
async function grantRenewal(tx: Tx, p: PlanPaymentRow, now: Date) {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(tenant(subscriptions, p, eq(subscriptions.id, p.subscriptionId ?? '')))
    .for('update')
  if (!current) return null
  const periodStart = p.periodStart ?? current.validTo
  const periodEnd = p.periodEnd ?? addPeriods(current.validTo, p.period)
  const left = current.discountPeriodsLeft
  const [row] = await tx
    .update(subscriptions)
    .set({
      validTo: later(current.validTo, periodEnd),
      optionId: p.optionId,
      period: p.period,
      scheduledOptionId: null,
      scheduledPeriod: null,
      // The job charges only auto-extending ones; an owner paying the term by checkout chose anew.
      autoExtend: p.autoExtend,
      status: current.status === 'suspended' ? 'active' : current.status,
      graceUntil: null,
      suspendedAt: null,
      discountPeriodsLeft: left === null ? null : Math.max(0, left - 1),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, current.id))
    .returning()
  return { subscription: row, periodStart, periodEnd }
}

export async function applyPaid(
  tx: Tx,
  opts: { payment: PaymentRow; organisation: OrganisationRow; seller: InvoiceParty; now: Date; paidAt: Date },
): Promise<{ subscription: SubscriptionRow | null }> {
  const { payment, organisation, seller, now } = opts
  // Issue 23: WhatsApp credits are added to the ledger, with the same invoice; no subscription.
  if (payment.kind === 'whatsappCredits') {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: opts.paidAt, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning()
    await grantCredits(tx, paid, now)
    await issueInvoice(tx, { payment: paid, organisation, seller, now })
    return { subscription: null }
  }
  // Issue 24: a paid course becomes the organisation's (services/paid-courses/README.md).
  if (payment.kind === 'paidCourse') {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: opts.paidAt, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning()
    // As a subscription's: counted under the code's lock; a payment made at the discounted price
    // while the last redemption was still free is honoured should a concurrent one have taken it.
    if (paid.discountCodeId)
      await redeemDiscount(tx, {
        discountCodeId: paid.discountCodeId,
        organisationId: paid.organisationId,
        paymentId: paid.id,
        now,
      })
    if (paid.paidCourseId)
      await grantCourse(tx, {
        organisationId: paid.organisationId,
        courseId: paid.paidCourseId,
        paymentId: paid.id,
        actorId: paid.createdBy,
        now,
      })
    await issueInvoice(tx, { payment: paid, organisation, seller, now })
    return { subscription: null }
  }
  const p = planPayment(payment)
  const discountPeriods = p.discountCodeId ? ((await discountById(tx, p.discountCodeId))?.periods ?? 1) : null
  const granted =
    p.kind === 'renewal' ? await grantRenewal(tx, p, now) : await grantPurchase(tx, p, now, discountPeriods)
  const [paid] = await tx
    .update(payments)
    .set({
      status: 'paid',
      paidAt: opts.paidAt,
      subscriptionId: granted?.subscription.id ?? p.subscriptionId,
      periodStart: granted?.periodStart ?? p.periodStart,
      periodEnd: granted?.periodEnd ?? p.periodEnd,
      updatedAt: now,
    })
    .where(eq(payments.id, p.id))
    .returning()
  // Counted under the code's lock. Should a concurrent payment have taken the last redemption,
  // this one was made at the discounted price and is honoured: the maxima are checked when the
  // payment is made, and a race for the very last redemption costs one discount.
  if (p.discountCodeId && p.kind === 'subscription')
    await redeemDiscount(tx, {
      discountCodeId: p.discountCodeId,
      organisationId: p.organisationId,
      paymentId: p.id,
      now,
    })
  await issueInvoice(tx, { payment: paid, organisation, seller, now })
  if (granted)
    await audit(tx, {
      organisationId: p.organisationId,
      actorKind: p.createdBy ? 'employee' : 'system',
      actorId: p.createdBy,
      event: 'updateSubscription',
      data: {
        subscriptionId: granted.subscription.id,
        paymentId: p.id,
        optionId: p.optionId,
        period: p.period,
        validTo: granted.subscription.validTo.toISOString(),
      },
    })
  return { subscription: granted?.subscription ?? null }
}
