import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { OptionPaymentInput, Payment, Subscription } from '../../../contract/subscriptions'
import { authorize, type TenantCaller } from '../../auth/caller'
import { payments, subscriptions } from '../../db/schema'
import { AppError } from '../../errors'
import { auditEmployee } from '../audit'
import { applyState, lockOrganisation } from './apply'
import type { BillingDeps } from './deps'
import { returnUrl, webhookUrl } from './deps'
import { type DiscountTerms, discountFor } from './discount-terms'
import { currentSubscription } from './entitlements'
import { loadCurrent, loadOrganisation, providerCustomer } from './customer'
import { paymentDescription } from './invoices'
import { findOptionRow } from './plans'
import { startRenewalCheckout } from './renewal'
import { quote } from './quote'
import { findPaymentView } from './read'
import { sellerFromConfig } from './invoice-pdf'
import { decideVat } from './vat'
import { toSubscription } from './view'

/*
 * `POST …/subscriptions/option-payment` (README "Changes"): a new term or an upgrade is a payment
 * at the provider (a `first` payment: it leaves the mandate renewals are charged on); the same
 * plan again whose next term the owner pays (policy `renew`) is that term's renewal; €0 due is
 * paid at once with a €0 invoice; a downgrade is scheduled for the end of the term, no payment.
 */

export type OptionPaymentResult = {
  payment: Payment | null
  checkoutUrl: string | null
  subscription: Subscription | null
}

export async function startOptionPayment(opts: {
  deps: BillingDeps
  caller: TenantCaller
  input: OptionPaymentInput
  now?: Date
}): Promise<OptionPaymentResult> {
  const { deps, caller, input } = opts
  authorize(caller, 'subscription.manage')
  const now = opts.now ?? new Date()
  const { db } = deps
  const org = await loadOrganisation(deps, caller.organisationId)
  const option = await findOptionRow(db, input.optionId)
  if (!option?.active) throw new AppError('SUBSCRIPTION_OPTION_NOT_FOUND')
  const current = await loadCurrent(deps, org.id, now)
  let found: DiscountTerms | null = null
  if (input.discountCode)
    found = await discountFor(db, { code: input.discountCode, organisationId: org.id, product: option.code, now })
  const vat = await decideVat({ db, organisation: org, vatCheck: deps.vatCheck, now })
  const q = await quote(db, { current, option, period: input.period, vat, discount: found?.discount, now })
  if (q.policy === 'same') throw new AppError('SUBSCRIPTION_UNCHANGED')
  if (q.policy === 'renew' && current) {
    const { payment, checkoutUrl } = await startRenewalCheckout(deps, {
      subscription: current.subscription,
      caller,
      autoExtend: input.autoExtend,
      now,
    })
    await auditEmployee(db, caller, {
      event: 'createPayment',
      data: {
        paymentId: payment.id,
        optionId: payment.optionId,
        period: payment.period,
        amountCents: payment.amountCents,
      },
    })
    return {
      payment: await findPaymentView(db, org.id, payment.id),
      checkoutUrl,
      subscription: await currentView(deps, org.id, now),
    }
  }
  if (q.policy === 'illegal') throw new AppError('YEARLY_TO_MONTHLY')

  if (q.policy === 'endOfTerm' && current) {
    const [scheduled] = await db
      .update(subscriptions)
      .set({
        scheduledOptionId: option.id,
        scheduledPeriod: input.period,
        autoExtend: input.autoExtend,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.subscription.id))
      .returning()
    await auditEmployee(db, caller, {
      event: 'updateSubscription',
      data: { subscriptionId: scheduled.id, scheduledOptionId: option.id, scheduledPeriod: input.period },
    })
    return { payment: null, checkoutUrl: null, subscription: toSubscription(scheduled, now) }
  }

  const paymentId = uuidv7()
  const row = {
    id: paymentId,
    organisationId: org.id,
    kind: 'subscription' as const,
    optionId: option.id,
    period: input.period,
    autoExtend: input.autoExtend,
    amountCents: q.price.totalCents,
    price: q.price,
    vat,
    discountCodeId: found?.id ?? null,
    description: paymentDescription(org, option, input.period),
    createdBy: caller.kind === 'employee' ? caller.employeeId : null,
    createdAt: now,
    updatedAt: now,
  }
  const createdAudit = {
    event: 'createPayment' as const,
    data: { paymentId, optionId: option.id, period: input.period, amountCents: q.price.totalCents },
  }

  if (q.price.totalCents === 0) {
    // Nothing to collect (a full discount, or a credit as large as the price): paid at once.
    await db.transaction(async (tx) => {
      await lockOrganisation(tx, org.id)
      const [p] = await tx
        .insert(payments)
        .values({ ...row, status: 'open', sequenceType: 'oneoff' })
        .returning()
      await auditEmployee(tx, caller, createdAudit)
      await applyState(tx, {
        payment: p,
        remote: { status: 'paid', amountChargedBackCents: 0, paidAt: now },
        seller: sellerFromConfig(deps.config),
        now,
      })
    })
    const payment = await findPaymentView(db, org.id, paymentId)
    return { payment, checkoutUrl: null, subscription: await currentView(deps, org.id, now) }
  }

  let created: { id: string; status: Payment['status']; checkoutUrl: string | null }
  try {
    const customerId = await providerCustomer(deps, org, caller)
    created = await deps.payments.createPayment({
      sequenceType: 'first',
      customerId,
      amountCents: q.price.totalCents,
      currency: 'EUR',
      description: row.description,
      redirectUrl: returnUrl(deps.config, paymentId),
      webhookUrl: webhookUrl(deps.config, org.id, 'subscription'),
      metadata: { organisationId: org.id, kind: 'subscription', paymentId },
    })
  } catch (err) {
    // Nothing is stored: the owner may simply try again.
    deps.log?.warn({ err, organisationId: org.id }, 'billing: the provider refused or failed to create a payment')
    throw new AppError('PAYMENT_FAILED')
  }
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      ...row,
      status: created.status,
      sequenceType: 'first',
      providerPaymentId: created.id,
      checkoutUrl: created.checkoutUrl,
    })
    await auditEmployee(tx, caller, createdAudit)
  })
  const payment = await findPaymentView(db, org.id, paymentId)
  return { payment, checkoutUrl: created.checkoutUrl, subscription: await currentView(deps, org.id, now) }
}

async function currentView(deps: Pick<BillingDeps, 'db'>, organisationId: string, now: Date) {
  const s = await currentSubscription(deps.db, organisationId)
  return s ? toSubscription(s, now) : null
}
