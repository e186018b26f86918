import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { discountCodes } from '../../../server/db/schema'
import { billingDepsOf } from '../../../server/services/billing/deps'
import { addPeriods } from '../../../server/services/billing/pricing'
import { chargeRenewal } from '../../../server/services/billing/renewal'
import { sendRenewalNotices } from '../../../server/services/billing/sweeps'
import { lastMail } from '../../helpers/auth'
import { apiUrl } from '../../helpers/url'
import { billingApp, buy, currentOf, option, paymentRow, trialOrganisation } from './fixtures'

/*
 * Issue 22 (left from its first session): a purchase that cost nothing left no mandate, so its
 * first renewal was charged on nothing, failed and sent the owner into grace with "the payment
 * failed". Now the renewal notice asks the owner to pay the next term, the renewal records
 * noMandate (no provider call) with an e-mail that says so, and the current plan's policy is
 * `renew`: the owner pays exactly that term through a checkout, which leaves the mandate for the
 * terms after it.
 */

const { app, sandbox } = await billingApp()
const salon = await option(app, 'salon')
const deps = billingDepsOf(app)
const DAY = 86_400_000

async function freeSalon() {
  const code = `FREE${uuidv7().slice(-6).toUpperCase()}`
  await app.db.insert(discountCodes).values({ id: uuidv7(), code, type: 'percent', value: 10_000, duration: 'once' })
  const org = await trialOrganisation(app)
  const res = await buy(app, org.id, org.owner.headers, {
    optionId: salon.id,
    period: 'monthly',
    autoExtend: true,
    discountCode: code,
  })
  expect(res.json()).toMatchObject({ checkoutUrl: null, payment: { state: 'confirmed', amountCents: 0 } })
  return { org, subscription: await currentOf(app, org.id) }
}

const get = (url: string, headers: Record<string, string>) => app.inject({ url, headers })

describe('a renewal without a mandate (a €0 purchase)', () => {
  it('subscriptions: the owner is asked to pay the next term, and paying it by checkout renews from valid-to and leaves a mandate', async () => {
    const { org, subscription } = await freeSalon()
    const overview = await get(apiUrl(API.subscriptions.overview, { org: org.id }), org.owner.headers)
    expect(overview.json().payNextTerm).toBe(true)
    const init = await get(apiUrl(API.subscriptions.initializeOptions, { org: org.id }), org.owner.headers)
    const current = init.json().options.find((o: { id: string }) => o.id === salon.id)
    // The next term at its full price: the discount was for one term.
    expect(current.monthly).toMatchObject({ policy: 'renew', price: { netCents: 5900, totalCents: 7139 } })

    // Days before the term ends: the notice asks for a payment instead of promising a collection.
    await sendRenewalNotices(deps, new Date(subscription.validTo.getTime() - 2 * DAY))
    const notice = await lastMail(app, org.owner.email)
    expect(notice?.subject).toContain('pay the next term of your subscription')
    expect(notice?.text).toContain('no payment method on file')

    // The job's charge is not tried at the provider: recorded as noMandate, grace, and an e-mail saying why.
    const outcome = await chargeRenewal(deps, subscription.id, new Date(subscription.validTo.getTime() - DAY))
    expect(outcome).toMatchObject({ charged: false, reason: 'noMandate' })
    if (outcome.charged || !outcome.payment) throw new Error('no failed renewal recorded')
    expect(outcome.payment.providerPaymentId).toBeNull()
    expect((await currentOf(app, org.id)).graceUntil).not.toBeNull()
    const grace = await lastMail(app, org.owner.email)
    expect(grace?.subject).toContain('payment for your subscription needed')
    expect(grace?.text).toContain('no payment method on file')

    // The owner pays the term through a checkout; asking twice gives the same payment.
    const paid = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
    expect(paid.statusCode).toBe(201)
    expect(paid.json().checkoutUrl).toBeTruthy()
    const again = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
    expect(again.json().payment.id).toBe(paid.json().payment.id)
    const row = await paymentRow(app, paid.json().payment.id)
    expect(row).toMatchObject({
      kind: 'renewal',
      sequenceType: 'first',
      amountCents: 7139,
      subscriptionId: subscription.id,
    })
    expect(sandbox.state.getPayment(row.providerPaymentId!).webhookUrl).toContain(
      apiUrl(API.subscriptions.recurringPaymentWebhook, { org: org.id }),
    )
    await sandbox.choose(row.providerPaymentId!, 'paid')
    const after = await currentOf(app, org.id)
    expect(after.id).toBe(subscription.id)
    expect(after.validTo.toISOString()).toBe(addPeriods(subscription.validTo, 'monthly').toISOString())
    expect(after.graceUntil).toBeNull()

    // That payment left a mandate: the next term is collected on it, and nobody is asked to pay.
    const overviewAfter = await get(apiUrl(API.subscriptions.overview, { org: org.id }), org.owner.headers)
    expect(overviewAfter.json().payNextTerm).toBe(false)
    const next = await chargeRenewal(deps, subscription.id, new Date(after.validTo.getTime() - DAY))
    expect(next).toMatchObject({ charged: true, payment: { sequenceType: 'recurring', amountCents: 7139 } })
  })

  it('subscriptions: with a mandate and auto-extend the current plan stays `same` (SUBSCRIPTION_UNCHANGED)', async () => {
    const org = await trialOrganisation(app)
    const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
    await sandbox.choose((await paymentRow(app, res.json().payment.id)).providerPaymentId!, 'paid')
    const init = await get(apiUrl(API.subscriptions.initializeOptions, { org: org.id }), org.owner.headers)
    expect(init.json().options.find((o: { id: string }) => o.id === salon.id).monthly.policy).toBe('same')
    const again = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
    expect(again.json().code).toBe('SUBSCRIPTION_UNCHANGED')
  })
})
