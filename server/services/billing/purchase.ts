import { and, eq, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { OptionPaymentInput, Payment, Subscription } from '../../../contract/subscriptions'
import { authorize, type TenantCaller } from '../../auth/caller'
import { employees, organisations, payments, subscriptions } from '../../db/schema'
import { AppError } from '../../errors'
import { auditEmployee } from '../audit'
import { applyState, lockOrganisation } from './apply'
import type { BillingDeps } from './deps'
import { returnUrl, webhookUrl } from './deps'
import { type DiscountTerms, discountFor } from './discount-terms'
import { currentSubscription } from './entitlements'
import { paymentDescription } from './invoices'
import { findOptionRow } from './plans'
import { type Current, quote } from './quote'
import { findPaymentView } from './read'
import { sellerFromConfig } from './invoice-pdf'
import { decideVat } from './vat'
import { toSubscription } from './view'

/*
 * `POST …/subscriptions/option-payment` (README "Changes"): a new term or an upgrade is a payment
 * at the provider (a `first` payment: it leaves the mandate renewals are charged on); €0 due is
 * paid at once with a €0 invoice; a downgrade is scheduled for the end of the term, no payment.
 */

export type OptionPaymentResult = {
  payment: Payment | null
  checkoutUrl: string | null
  subscription: Subscription | null
}

type Org = typeof organisations.$inferSelect

/** The current subscription with its plan, for quoting. */
export async function loadCurrent(deps: Pick<BillingDeps, 'db'>, organisationId: string): Promise<Current> {
  const subscription = await currentSubscription(deps.db, organisationId)
  if (!subscription) return null
  const option = await findOptionRow(deps.db, subscription.optionId)
  return option ? { subscription, option } : null
}

export async function loadOrganisation(deps: Pick<BillingDeps, 'db'>, organisationId: string): Promise<Org> {
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, organisationId))
  if (!org) throw new AppError('ORGANISATION_NOT_FOUND')
  return org
}

/** The provider's customer of the organisation, made once and kept (organisations.payment_customer_id). */
export async function providerCustomer(deps: BillingDeps, org: Org, caller: TenantCaller): Promise<string> {
  if (org.paymentCustomerId) return org.paymentCustomerId
  const [me] =
    caller.kind === 'employee'
      ? await deps.db.select({ email: employees.email }).from(employees).where(eq(employees.id, caller.employeeId))
      : []
  const { id } = await deps.payments.createCustomer({
    name: org.legalName,
    email: me?.email ?? '',
    metadata: { organisationId: org.id },
  })
  // Two purchases at once: the first customer stored wins, the other one stays unused at the provider.
  const [kept] = await deps.db
    .update(organisations)
    .set({ paymentCustomerId: id })
    .where(and(eq(organisations.id, org.id), isNull(organisations.paymentCustomerId)))
    .returning({ id: organisations.paymentCustomerId })
  if (kept?.id) return kept.id
  return (await loadOrganisation(deps, org.id)).paymentCustomerId ?? id
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
  const current = await loadCurrent(deps, org.id)
  let found: DiscountTerms | null = null
  if (input.discountCode)
    found = await discountFor(db, { code: input.discountCode, organisationId: org.id, optionCode: option.code, now })
  const vat = await decideVat({ db, organisation: org, vatCheck: deps.vatCheck, now })
  const q = await quote(db, { current, option, period: input.period, vat, discount: found?.discount, now })
  if (q.policy === 'same') throw new AppError('SUBSCRIPTION_UNCHANGED')
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
