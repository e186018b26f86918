import { and, eq, inArray } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { payments, subscriptions } from '../../db/schema'
import { PaymentError } from '../../integrations/payments/port'
import { tenant } from '../../scope'
import { applyState, lockOrganisation, type PaymentRow } from './apply'
import { type BillingDeps, webhookUrl } from './deps'
import { discountById } from './discount-terms'
import { sellerFromConfig } from './invoice-pdf'
import { paymentDescription } from './invoices'
import { sendGraceNotice } from './notices'
import { findOptionRow } from './plans'
import { addPeriods, priceBreakdown, priceOf } from './pricing'
import { loadOrganisation } from './purchase'
import { decideVat } from './vat'

/*
 * README "Renewals are our own charges on the mandate": for the scheduled job that runs at a
 * subscription's valid-to. It charges the next term (the scheduled plan when a downgrade waits,
 * the discount while it lasts, the VAT decided now) as a `recurring` payment; its webhook applies
 * it like any payment. The term runs from the previous valid-to, never from now.
 */

export type RenewalOutcome =
  | { charged: true; payment: PaymentRow }
  | { charged: false; reason: 'notRenewing' | 'alreadyCharged' | 'refused'; payment?: PaymentRow }

export async function chargeRenewal(
  deps: BillingDeps,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<RenewalOutcome> {
  const { db } = deps
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
  if (!s || s.trial || !s.autoExtend || s.status !== 'active') return { charged: false, reason: 'notRenewing' }
  const periodStart = s.validTo
  // One charge per term: a job that runs twice (or on two instances) finds the first.
  const [earlier] = await db
    .select()
    .from(payments)
    .where(
      tenant(
        payments,
        s,
        and(
          eq(payments.subscriptionId, s.id),
          eq(payments.kind, 'renewal'),
          eq(payments.periodStart, periodStart),
          inArray(payments.status, ['open', 'pending', 'authorized', 'paid']),
        ),
      ),
    )
  if (earlier) return { charged: false, reason: 'alreadyCharged', payment: earlier }

  const org = await loadOrganisation(deps, s.organisationId)
  const optionId = s.scheduledOptionId ?? s.optionId
  const period = s.scheduledPeriod ?? s.period
  const option = await findOptionRow(db, optionId)
  if (!option) return { charged: false, reason: 'notRenewing' }
  const withDiscount = s.discountCodeId && (s.discountPeriodsLeft === null || s.discountPeriodsLeft > 0)
  const discount =
    withDiscount && s.discountCodeId ? ((await discountById(db, s.discountCodeId))?.discount ?? null) : null
  const vat = await decideVat({ db, organisation: org, vatCheck: deps.vatCheck, now })
  const price = priceBreakdown({ netCents: priceOf(option, period), discount, vatRateBasisPoints: vat.rateBasisPoints })
  const id = uuidv7()
  const row = {
    id,
    organisationId: org.id,
    kind: 'renewal' as const,
    sequenceType: 'recurring' as const,
    optionId,
    period,
    autoExtend: true,
    subscriptionId: s.id,
    periodStart,
    periodEnd: addPeriods(periodStart, period),
    amountCents: price.totalCents,
    price,
    vat,
    discountCodeId: withDiscount ? s.discountCodeId : null,
    description: paymentDescription(org, option, period),
    createdAt: now,
    updatedAt: now,
  }

  if (price.totalCents > 0 && org.paymentCustomerId) {
    try {
      const created = await deps.payments.createPayment({
        sequenceType: 'recurring',
        customerId: org.paymentCustomerId,
        amountCents: price.totalCents,
        currency: 'EUR',
        description: row.description,
        webhookUrl: webhookUrl(deps.config, org.id, 'renewal'),
        metadata: { organisationId: org.id, kind: 'renewal', paymentId: id },
      })
      const [payment] = await db
        .insert(payments)
        .values({ ...row, status: created.status, providerPaymentId: created.id })
        .returning()
      return { charged: true, payment }
    } catch (err) {
      // No valid mandate (PAYMENT_REFUSED): recorded as a failed renewal below. Anything else (the
      // provider unreachable) is thrown: the job tries again later.
      if (!(err instanceof PaymentError && err.code === 'PAYMENT_REFUSED')) throw err
    }
  }
  // €0 due is paid at once; a refused charge (or no customer at the provider) fails at once.
  const status = price.totalCents === 0 ? 'paid' : 'failed'
  const result = await db.transaction(async (tx) => {
    await lockOrganisation(tx, org.id)
    const [payment] = await tx
      .insert(payments)
      .values({ ...row, status: 'open' })
      .returning()
    const applied = await applyState(tx, {
      payment,
      remote: { status, amountChargedBackCents: 0, paidAt: now },
      seller: sellerFromConfig(deps.config),
      now,
    })
    const [after] = await tx.select().from(payments).where(eq(payments.id, id))
    return { payment: after, notices: applied.notices }
  })
  for (const notice of result.notices) await sendGraceNotice(deps, notice)
  return status === 'paid'
    ? { charged: true, payment: result.payment }
    : { charged: false, reason: 'refused', payment: result.payment }
}
