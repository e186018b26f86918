import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { subscriptions } from '../../server/db/schema'
import { billingDepsOf } from '../../server/services/billing/deps'
import {
  chargeDueRenewals,
  reconcilePayments,
  sendRenewalNotices,
  suspendAfterGrace,
} from '../../server/services/billing/sweeps'
import { billingApp, buy, currentOf, option, paymentRow, trialOrganisation } from '../api/subscriptions/fixtures'
import { apiUrl } from '../helpers/url'

/*
 * Issue 22: billing's scheduled work (server/services/billing/sweeps.ts, run by server/jobs), on
 * the real app with the sandbox as provider; `now` is passed in, so no clock is waited for.
 */

const { app, sandbox } = await billingApp()
const deps = billingDepsOf(app)
const salon = await option(app, 'salon')
const DAY = 86_400_000

/** An organisation that bought Salon monthly through the checkout (it has a mandate). */
async function subscribed(opts: { validInDays?: number } = {}) {
  const org = await trialOrganisation(app)
  const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
  await sandbox.choose((await paymentRow(app, res.json().payment.id)).providerPaymentId!, 'paid')
  const s = await currentOf(app, org.id)
  if (opts.validInDays !== undefined) {
    await app.db
      .update(subscriptions)
      .set({ validTo: new Date(Date.now() + opts.validInDays * DAY) })
      .where(eq(subscriptions.id, s.id))
  }
  return { org, subscription: await currentOf(app, org.id) }
}

/** The renewal notices in the dev mailbox of one address (Dutch or English). */
const renewalMails = async (to: string) =>
  (
    (await app.inject({ url: apiUrl(API.dev.mailbox, { to }) })).json().messages as { subject: string; text: string }[]
  ).filter((m) => /renews on|wordt verlengd/.test(m.subject))

describe('billing sweeps', () => {
  it('renewal notice: one e-mail per term, days before the charge, with the amount; none for a far renewal or a trial', async () => {
    const soon = await subscribed({ validInDays: 3 })
    const far = await subscribed({ validInDays: 25 })
    const trial = await trialOrganisation(app)
    const now = new Date()
    expect(await sendRenewalNotices(deps, now)).toBeGreaterThanOrEqual(1)
    const mails = await renewalMails(soon.org.owner.email)
    expect(mails).toHaveLength(1)
    // Salon monthly: €59.00 + 21% = €71.39, on the day it renews, in the owner's language (en).
    expect(mails[0].text).toContain('€71.39')
    expect(mails[0].subject).toContain(
      soon.subscription.validTo.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
    )
    expect(await renewalMails(far.org.owner.email)).toHaveLength(0)
    expect(await renewalMails(trial.owner.email)).toHaveLength(0)
    // A second run (another tick, another instance) sends nothing more for this term.
    await sendRenewalNotices(deps, now)
    expect(await renewalMails(soon.org.owner.email)).toHaveLength(1)
  })

  it('renewals: charged once when due, a day before valid-to; not far ahead, not for a trial', async () => {
    const due = await subscribed({ validInDays: 0.5 })
    const notDue = await subscribed({ validInDays: 10 })
    const now = new Date()
    const first = await chargeDueRenewals(deps, now)
    expect(first.charged).toBeGreaterThanOrEqual(1)
    const charged = await app.db.select().from(subscriptions).where(eq(subscriptions.id, due.subscription.id))
    expect(charged).toHaveLength(1)
    const renewalsOf = async (subscriptionId: string) =>
      (await app.db.query.payments.findMany({ where: (p, { eq: e }) => e(p.subscriptionId, subscriptionId) })).filter(
        (p) => p.kind === 'renewal',
      )
    expect(await renewalsOf(due.subscription.id)).toHaveLength(1)
    expect(await renewalsOf(notDue.subscription.id)).toHaveLength(0)
    // The next tick charges the same term no second time.
    await chargeDueRenewals(deps, now)
    expect(await renewalsOf(due.subscription.id)).toHaveLength(1)
    // Paid: valid-to moves one month from the old valid-to.
    const [renewal] = await renewalsOf(due.subscription.id)
    await sandbox.choose(renewal.providerPaymentId!, 'paid')
    const after = await currentOf(app, due.org.id)
    expect(after.validTo.getTime()).toBeGreaterThan(due.subscription.validTo.getTime() + 27 * DAY)
  })

  it('grace: a subscription whose grace ended is suspended (read-only); one still in grace is not', async () => {
    const ended = await subscribed({ validInDays: -20 })
    const inGrace = await subscribed({ validInDays: -2 })
    await app.db
      .update(subscriptions)
      .set({ graceUntil: new Date(Date.now() - DAY) })
      .where(eq(subscriptions.id, ended.subscription.id))
    await app.db
      .update(subscriptions)
      .set({ graceUntil: new Date(Date.now() + 5 * DAY) })
      .where(eq(subscriptions.id, inGrace.subscription.id))
    expect(await suspendAfterGrace(deps, new Date())).toBeGreaterThanOrEqual(1)
    expect((await currentOf(app, ended.org.id)).status).toBe('suspended')
    expect((await currentOf(app, inGrace.org.id)).status).toBe('active')
    const access = (org: { id: string; owner: { headers: Record<string, string> } }) =>
      app.inject({ url: apiUrl(API.subscriptions.access, { org: org.id }), headers: org.owner.headers })
    expect((await access(ended.org)).json().access).toBe('readOnly')
    expect((await access(inGrace.org)).json().access).toBe('full')
  })

  it('reconciliation: a payment whose webhooks were all lost is fetched and applied, once', async () => {
    const org = await trialOrganisation(app)
    const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'yearly', autoExtend: true })
    const payment = await paymentRow(app, res.json().payment.id)
    // The payer paid, but Mollie's webhook never reached us.
    sandbox.state.setStatus(payment.providerPaymentId!, 'paid')
    sandbox.state.takeDue()
    expect((await paymentRow(app, payment.id)).status).toBe('open')
    // Too fresh to reconcile yet (its webhook may still come).
    expect((await reconcilePayments(deps, new Date())).applied).toBe(0)
    const later = new Date(Date.now() + 20 * 60_000)
    const result = await reconcilePayments(deps, later)
    expect(result.applied).toBeGreaterThanOrEqual(1)
    expect((await paymentRow(app, payment.id)).status).toBe('paid')
    const current = await currentOf(app, org.id)
    expect(current).toMatchObject({ optionId: salon.id, period: 'yearly', status: 'active', trial: false })
    // Running again changes nothing (the payment is final).
    await reconcilePayments(deps, later)
    expect((await currentOf(app, org.id)).id).toBe(current.id)
  })

  it('chargebacks: the daily sweep finds a chargeback whose webhook was lost (a credit note, grace)', async () => {
    const { org } = await subscribed()
    const [paid] = await app.db.query.payments.findMany({
      where: (p, { eq: e }) => e(p.organisationId, org.id),
    })
    sandbox.state.chargeback(paid.providerPaymentId!)
    sandbox.state.takeDue()
    await reconcilePayments(deps, new Date())
    expect((await paymentRow(app, paid.id)).chargedBackAt).toBeNull()
    await reconcilePayments(deps, new Date(), { recentPaid: true })
    expect((await paymentRow(app, paid.id)).chargedBackAt).not.toBeNull()
    expect((await currentOf(app, org.id)).graceUntil).not.toBeNull()
  })
})
