import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { GRACE_DAYS } from '../../../contract/subscriptions'
import { invoices, organisations } from '../../../server/db/schema'
import { billingDepsOf } from '../../../server/services/billing/deps'
import { chargeRenewal } from '../../../server/services/billing/renewal'
import { addPeriods } from '../../../server/services/billing/pricing'
import { lastMail } from '../../helpers/auth'
import { apiUrl } from '../../helpers/url'
import { billingApp, buy, currentOf, option, paymentRow, trialOrganisation } from './fixtures'

/*
 * Issue 22: renewals charged on the mandate (chargeRenewal, for the scheduled job), their
 * webhook, failed renewals (grace and an e-mail to the owner) and chargebacks (a credit note).
 */

const { app, sandbox } = await billingApp()
const salon = await option(app, 'salon')
const start = await option(app, 'start')
const deps = billingDepsOf(app)
const DAY = 86_400_000

/** An organisation that bought Salon monthly through the checkout (so it has a mandate). */
async function subscribed() {
  const org = await trialOrganisation(app)
  const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
  await sandbox.choose((await paymentRow(app, res.json().payment.id)).providerPaymentId!, 'paid')
  const [owner] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
  return { org, owner, subscription: await currentOf(app, org.id) }
}

describe('chargeRenewal and the recurring webhook', () => {
  it('subscriptions: a paid renewal moves valid-to one period from the previous valid-to, never from now', async () => {
    const { org, subscription } = await subscribed()
    // The job runs late (two days after valid-to); the term still starts at the old valid-to.
    const late = new Date(subscription.validTo.getTime() + 2 * DAY)
    const charged = await chargeRenewal(deps, subscription.id, late)
    expect(charged.charged).toBe(true)
    if (!charged.charged) return
    expect(charged.payment).toMatchObject({
      kind: 'renewal',
      sequenceType: 'recurring',
      status: 'pending',
      amountCents: 7139,
    })
    expect(sandbox.state.getPayment(charged.payment.providerPaymentId!).webhookUrl).toContain(
      apiUrl(API.subscriptions.recurringPaymentWebhook, { org: org.id }),
    )
    // Running it again for the same term charges nothing more.
    expect(await chargeRenewal(deps, subscription.id, late)).toMatchObject({ charged: false, reason: 'alreadyCharged' })
    await sandbox.choose(charged.payment.providerPaymentId!, 'paid')
    const after = await currentOf(app, org.id)
    expect(after.id).toBe(subscription.id)
    expect(after.validTo.toISOString()).toBe(addPeriods(subscription.validTo, 'monthly').toISOString())
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.paymentId, charged.payment.id))
    expect(invoice.periodStart?.toISOString()).toBe(subscription.validTo.toISOString())
  })

  it('subscriptions: a failed renewal starts GRACE_DAYS of grace and mails the owner; a later paid renewal clears it', async () => {
    const { org, subscription } = await subscribed()
    const now = new Date()
    const first = await chargeRenewal(deps, subscription.id, now)
    if (!first.charged) throw new Error('not charged')
    await sandbox.choose(first.payment.providerPaymentId!, 'failed')
    const failed = await currentOf(app, org.id)
    expect(failed.graceUntil).not.toBeNull()
    expect(Math.round((failed.graceUntil!.getTime() - Date.now()) / DAY)).toBe(GRACE_DAYS)
    expect(failed.validTo.toISOString()).toBe(subscription.validTo.toISOString())
    const mail = await lastMail(app, org.owner.email)
    expect(mail?.subject).toContain('payment for your subscription needed')
    const overview = await app.inject({
      url: apiUrl(API.subscriptions.access, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(overview.json().graceUntil).toBe(failed.graceUntil!.toISOString())
    // The job tries again: paid, grace over, the term counted from the old valid-to.
    const second = await chargeRenewal(deps, subscription.id, new Date())
    if (!second.charged) throw new Error('not charged again')
    await sandbox.choose(second.payment.providerPaymentId!, 'paid')
    const paid = await currentOf(app, org.id)
    expect(paid.graceUntil).toBeNull()
    expect(paid.validTo.toISOString()).toBe(addPeriods(subscription.validTo, 'monthly').toISOString())
  })

  it('subscriptions: a scheduled downgrade takes effect with the renewal that pays for it', async () => {
    const { org, subscription } = await subscribed()
    await buy(app, org.id, org.owner.headers, { optionId: start.id, period: 'monthly', autoExtend: true })
    const charged = await chargeRenewal(deps, subscription.id, subscription.validTo)
    if (!charged.charged) throw new Error('not charged')
    expect(charged.payment).toMatchObject({ optionId: start.id, amountCents: 3509 })
    await sandbox.choose(charged.payment.providerPaymentId!, 'paid')
    expect(await currentOf(app, org.id)).toMatchObject({ optionId: start.id, scheduledOptionId: null })
  })

  it('subscriptions: a cancelled subscription or a trial is not renewed', async () => {
    const { org, subscription } = await subscribed()
    await app.inject({
      method: 'POST',
      url: apiUrl(API.subscriptions.cancel, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(await chargeRenewal(deps, subscription.id)).toMatchObject({ charged: false, reason: 'notRenewing' })
    const trial = await trialOrganisation(app)
    expect(await chargeRenewal(deps, (await currentOf(app, trial.id)).id)).toMatchObject({ charged: false })
  })
})

describe('chargebacks', () => {
  it('subscriptions: a charged-back payment gets a credit note referring to its invoice, grace, and a mail; once', async () => {
    const { org } = await subscribed()
    const list = await app.inject({
      url: apiUrl(API.subscriptions.payments, { org: org.id }),
      headers: org.owner.headers,
    })
    const paid = list.json().find((p: { status: string }) => p.status === 'paid')
    const row = await paymentRow(app, paid.id)
    await sandbox.chargeback(row.providerPaymentId!)
    await sandbox.deliverWebhook(row.providerPaymentId!)
    const docs = await app.db.select().from(invoices).where(eq(invoices.paymentId, row.id))
    const invoice = docs.find((d) => d.kind === 'invoice')!
    const credit = docs.find((d) => d.kind === 'creditNote')!
    expect(docs).toHaveLength(2)
    expect(credit).toMatchObject({ creditedInvoiceId: invoice.id, netCents: -5900, vatCents: -1239, totalCents: -7139 })
    expect(credit.sequence).toBeGreaterThan(invoice.sequence)
    expect((await currentOf(app, org.id)).graceUntil).not.toBeNull()
    const after = await app.inject({
      url: apiUrl(API.subscriptions.payment, { org: org.id, id: row.id }),
      headers: org.owner.headers,
    })
    expect(after.json()).toMatchObject({ status: 'paid', chargedBack: true })
    expect((await lastMail(app, org.owner.email))?.text).toContain('your bank reversed a payment')
  })
})
