import { and, eq, inArray } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { TenantCaller } from '../../auth/caller'
import { payments, subscriptions } from '../../db/schema'
import { AppError } from '../../errors'
import { PaymentError } from '../../integrations/payments/port'
import { tenant } from '../../scope'
import { applyState, lockOrganisation, type PaymentRow } from './apply'
import { loadOrganisation, providerCustomer } from './customer'
import { type BillingDeps, returnUrl, webhookUrl } from './deps'
import { sellerFromConfig } from './invoice-pdf'
import { paymentDescription } from './invoices'
import { hasMandate } from './mandate'
import { sendGraceNotice } from './notices'
import { nextTermOf } from './next-term'
import { addPeriods } from './pricing'
import { decideVat } from './vat'

/*
 * README "Renewals are our own charges on the mandate": for the scheduled job that runs at a
 * subscription's valid-to. It charges the next term (the scheduled plan when a downgrade waits,
 * the discount while it lasts, the VAT decided now) as a `recurring` payment; its webhook applies
 * it like any payment. The term runs from the previous valid-to, never from now. Without a
 * mandate to charge (README "Renewals without a payment method") the owner pays the same term
 * through a checkout instead (`startRenewalCheckout`).
 */

export type RenewalOutcome =
  | { charged: true; payment: PaymentRow }
  | { charged: false; reason: 'notRenewing' | 'alreadyCharged' | 'refused' | 'noMandate'; payment?: PaymentRow }

type SubscriptionRow = typeof subscriptions.$inferSelect

/** A renewal payment of the subscription's next term (from its valid-to) in one of these statuses. */
async function termPayment(db: BillingDeps['db'], s: SubscriptionRow, statuses: PaymentRow['status'][]) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      tenant(
        payments,
        s,
        and(
          eq(payments.subscriptionId, s.id),
          eq(payments.kind, 'renewal'),
          eq(payments.periodStart, s.validTo),
          inArray(payments.status, statuses),
        ),
      ),
    )
  return row ?? null
}

/** The next term of a subscription as a payment row, without its provider fields. */
async function renewalTerms(deps: BillingDeps, s: SubscriptionRow, now: Date) {
  const { db } = deps
  const org = await loadOrganisation(deps, s.organisationId)
  const vat = await decideVat({ db, organisation: org, vatCheck: deps.vatCheck, now })
  const next = await nextTermOf(db, s, vat)
  if (!next) return null
  const { option, period, price } = next
  const row = {
    id: uuidv7(),
    organisationId: org.id,
    kind: 'renewal' as const,
    optionId: option.id,
    period,
    autoExtend: s.autoExtend,
    subscriptionId: s.id,
    periodStart: s.validTo,
    periodEnd: addPeriods(s.validTo, period),
    amountCents: price.totalCents,
    price,
    vat,
    discountCodeId: next.discountCodeId,
    description: paymentDescription(org, option, period),
    createdAt: now,
    updatedAt: now,
  }
  return { org, row }
}

type NewPayment = NonNullable<Awaited<ReturnType<typeof renewalTerms>>>['row'] & {
  sequenceType: PaymentRow['sequenceType']
  createdBy?: string | null
}

/** Records a renewal the provider never saw: €0 is paid at once, anything else failed (grace). */
async function settleLocally(deps: BillingDeps, row: NewPayment, status: 'paid' | 'failed', now: Date) {
  return deps.db.transaction(async (tx) => {
    await lockOrganisation(tx, row.organisationId)
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
    const [after] = await tx.select().from(payments).where(eq(payments.id, row.id))
    return { payment: after, notices: applied.notices }
  })
}

export async function chargeRenewal(
  deps: BillingDeps,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<RenewalOutcome> {
  const { db } = deps
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
  if (!s || s.trial || !s.autoExtend || s.status !== 'active') return { charged: false, reason: 'notRenewing' }
  // One charge per term: a job that runs twice (or on two instances) finds the first.
  const earlier = await termPayment(db, s, ['open', 'pending', 'authorized', 'paid'])
  if (earlier) return { charged: false, reason: 'alreadyCharged', payment: earlier }
  const terms = await renewalTerms(deps, s, now)
  if (!terms) return { charged: false, reason: 'notRenewing' }
  const { org } = terms
  const row = { ...terms.row, sequenceType: 'recurring' as const, autoExtend: true }
  const due = row.amountCents > 0
  // Nothing to charge on: a purchase that cost nothing left no mandate, or it was charged back.
  const withoutMandate = due && !(org.paymentCustomerId && (await hasMandate(db, org.id)))

  if (due && org.paymentCustomerId && !withoutMandate) {
    try {
      const created = await deps.payments.createPayment({
        sequenceType: 'recurring',
        customerId: org.paymentCustomerId,
        amountCents: row.amountCents,
        currency: 'EUR',
        description: row.description,
        webhookUrl: webhookUrl(deps.config, org.id, 'renewal'),
        metadata: { organisationId: org.id, kind: 'renewal', paymentId: row.id },
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
  // The grace e-mail then asks the owner to pay the term (policy `renew` on the subscription page).
  const result = await settleLocally(deps, row, due ? 'failed' : 'paid', now)
  for (const notice of result.notices)
    await sendGraceNotice(deps, withoutMandate ? { ...notice, reason: 'noMandate' } : notice)
  if (!due) return { charged: true, payment: result.payment }
  return { charged: false, reason: withoutMandate ? 'noMandate' : 'refused', payment: result.payment }
}

/**
 * The owner pays the next term now (quote policy `renew`: no mandate, grace, or no auto-extend):
 * the same renewal the job would charge, through a checkout. As a `first` payment it leaves the
 * mandate the following renewals are charged on; its webhook is the renewal's. A term that costs
 * nothing is granted at once (no checkout). A payment of this term still under way (a checkout
 * opened before, a charge being collected) is answered instead of a second one.
 */
export async function startRenewalCheckout(
  deps: BillingDeps,
  opts: { subscription: SubscriptionRow; caller: TenantCaller; autoExtend: boolean; now: Date },
): Promise<{ payment: PaymentRow; checkoutUrl: string | null }> {
  const underWay = await termPayment(deps.db, opts.subscription, ['open', 'pending', 'authorized'])
  if (underWay) return { payment: underWay, checkoutUrl: underWay.status === 'open' ? underWay.checkoutUrl : null }
  const terms = await renewalTerms(deps, opts.subscription, opts.now)
  if (!terms) throw new AppError('SUBSCRIPTION_OPTION_NOT_FOUND')
  const { org } = terms
  const createdBy = opts.caller.kind === 'employee' ? opts.caller.employeeId : null
  const row = { ...terms.row, autoExtend: opts.autoExtend, createdBy }
  if (row.amountCents === 0) {
    const settled = await settleLocally(deps, { ...row, sequenceType: 'oneoff' }, 'paid', opts.now)
    return { payment: settled.payment, checkoutUrl: null }
  }
  let created: { id: string; status: PaymentRow['status']; checkoutUrl: string | null }
  try {
    created = await deps.payments.createPayment({
      sequenceType: 'first',
      customerId: await providerCustomer(deps, org, opts.caller),
      amountCents: row.amountCents,
      currency: 'EUR',
      description: row.description,
      redirectUrl: returnUrl(deps.config, row.id),
      webhookUrl: webhookUrl(deps.config, org.id, 'renewal'),
      metadata: { organisationId: org.id, kind: 'renewal', paymentId: row.id },
    })
  } catch (err) {
    deps.log?.warn({ err, organisationId: org.id }, 'billing: the provider refused or failed to create a payment')
    throw new AppError('PAYMENT_FAILED')
  }
  const [payment] = await deps.db
    .insert(payments)
    .values({
      ...row,
      sequenceType: 'first',
      status: created.status,
      providerPaymentId: created.id,
      checkoutUrl: created.checkoutUrl,
    })
    .returning()
  return { payment, checkoutUrl: created.checkoutUrl }
}
