import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { auditEvents, invoices, paymentStatusEvents, subscriptions } from '../../../server/db/schema'
import { addPeriods } from '../../../server/services/billing/pricing'
import { apiUrl } from '../../helpers/url'
import { billingApp, buy, currentOf, option, orgRow, paymentRow, postWebhook, trialOrganisation } from './fixtures'

/*
 * Issue 22: buying a subscription through the sandbox (which calls our webhooks over HTTP, as
 * Mollie does), and every status path of a purchase.
 */

const { app, sandbox, publicUrl } = await billingApp()
const salon = await option(app, 'salon')

const start = async () => {
  const org = await trialOrganisation(app)
  const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
  expect(res.statusCode).toBe(201)
  const { payment, checkoutUrl } = res.json()
  const row = await paymentRow(app, payment.id)
  return { org, payment, checkoutUrl, providerId: row.providerPaymentId! }
}

const invoicesOf = (paymentId: string) => app.db.select().from(invoices).where(eq(invoices.paymentId, paymentId))
const eventsOf = (paymentId: string) =>
  app.db.select().from(paymentStatusEvents).where(eq(paymentStatusEvents.paymentId, paymentId))

describe('GET /global/subscriptions/options', () => {
  it('subscriptions: the plans are public, with prices excluding VAT and limits', async () => {
    const res = await app.inject({ url: apiUrl(API.subscriptions.options) })
    expect(res.statusCode).toBe(200)
    expect(res.json().map((o: { code: string }) => o.code)).toEqual(['start', 'salon', 'growth'])
    expect(res.json()[1]).toMatchObject({
      monthlyPriceCents: 5900,
      limits: { customers: 2500, employees: 10, salons: 3 },
    })
  })
})

describe('POST …/subscriptions/option-payment and the webhook', () => {
  it('subscriptions: buying opens a first payment at the provider with the checkout, the price incl. VAT and an audit entry', async () => {
    const { org, payment, checkoutUrl, providerId } = await start()
    expect(checkoutUrl).toBe(`${publicUrl}/dev/checkout/${providerId}`)
    expect(payment).toMatchObject({
      status: 'open',
      state: 'pending',
      amountCents: 7139,
      netCents: 5900,
      vatCents: 1239,
    })
    const remote = sandbox.state.getPayment(providerId)
    expect(remote).toMatchObject({ sequenceType: 'first', amountCents: 7139 })
    expect(remote.redirectUrl).toBe(`${publicUrl}/admin/subscription/payments/${payment.id}`)
    expect(remote.webhookUrl).toBe(`${publicUrl}${apiUrl(API.subscriptions.optionPaymentWebhook, { org: org.id })}`)
    expect(remote.metadata).toMatchObject({ organisationId: org.id, kind: 'subscription', paymentId: payment.id })
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(audits.map((a) => a.event)).toContain('createPayment')
    // Still on the trial until the provider says paid.
    expect((await currentOf(app, org.id)).trial).toBe(true)
  })

  it('subscriptions: paid → a new term from now, the trial completed, an invoice SAL-yyyy-nnnnn in the same transaction', async () => {
    const { org, payment, providerId } = await start()
    const before = Date.now()
    const [delivery] = await sandbox.choose(providerId, 'paid')
    expect(delivery.status).toBe(200)
    const current = await currentOf(app, org.id)
    expect(current).toMatchObject({
      trial: false,
      status: 'active',
      optionId: salon.id,
      period: 'monthly',
      autoExtend: true,
    })
    expect(current.validFrom.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(current.validTo.getTime()).toBe(addPeriods(current.validFrom, 'monthly').getTime())
    const all = await app.db.select().from(subscriptions).where(eq(subscriptions.organisationId, org.id))
    expect(all.filter((s) => s.status === 'completed' && s.trial)).toHaveLength(1)
    const [invoice] = await invoicesOf(payment.id)
    expect(invoice.number).toMatch(new RegExp(`^SAL-${new Date().getUTCFullYear()}-\\d{5}$`))
    expect(invoice).toMatchObject({ netCents: 5900, vatCents: 1239, totalCents: 7139, language: 'nl', kind: 'invoice' })
    expect(invoice.buyer.name).toContain('B.V.')
    expect(invoice.buyer.vatNumber).toBe('NL123456789B01')
    const res = await app.inject({
      url: apiUrl(API.subscriptions.payments, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(res.json()[0]).toMatchObject({
      id: payment.id,
      state: 'confirmed',
      invoiceNumber: invoice.number,
      invoiceId: invoice.id,
    })
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(audits.map((a) => a.event)).toContain('updateSubscription')
  })

  for (const status of ['failed', 'canceled', 'expired'] as const) {
    it(`subscriptions: a ${status} purchase changes nothing but the payment`, async () => {
      const { org, payment, providerId } = await start()
      const before = await currentOf(app, org.id)
      await sandbox.choose(providerId, status)
      expect(await currentOf(app, org.id)).toEqual(before)
      expect((await paymentRow(app, payment.id)).status).toBe(status)
      expect(await invoicesOf(payment.id)).toHaveLength(0)
      const res = await app.inject({
        url: apiUrl(API.subscriptions.payment, { org: org.id, id: payment.id }),
        headers: org.owner.headers,
      })
      expect(res.json()).toMatchObject({ status, state: 'failed', invoiceId: null })
    })
  }

  it('subscriptions: a webhook replayed 5× is applied once (one term, one invoice)', async () => {
    const { org, payment, providerId } = await start()
    await sandbox.choose(providerId, 'paid')
    const once = await currentOf(app, org.id)
    for (let i = 0; i < 5; i++) expect((await sandbox.deliverWebhook(providerId))?.status).toBe(200)
    await Promise.all(Array.from({ length: 5 }, () => postWebhook(app, org.id, providerId)))
    expect(await currentOf(app, org.id)).toEqual(once)
    expect(await invoicesOf(payment.id)).toHaveLength(1)
    expect((await eventsOf(payment.id)).map((e) => e.status)).toEqual(['paid'])
  })

  it('subscriptions: an unknown id is answered 200 with an empty body and changes nothing', async () => {
    const org = await trialOrganisation(app)
    const before = await currentOf(app, org.id)
    for (const id of ['tr_unknown123', 'not-a-mollie-id']) {
      const res = await postWebhook(app, org.id, id)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('')
    }
    expect(await currentOf(app, org.id)).toEqual(before)
  })

  it("subscriptions: another organisation's payment posted to our webhook (or as a renewal) changes nothing", async () => {
    const { org, payment, providerId } = await start()
    const other = await trialOrganisation(app)
    sandbox.state.setStatus(providerId, 'paid')
    sandbox.state.takeDue() // the webhook to its own URL is lost
    const res = await postWebhook(app, other.id, providerId)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    // The wrong kind of webhook for it, in its own organisation: not applied either.
    expect((await postWebhook(app, org.id, providerId, 'recurringPaymentWebhook')).statusCode).toBe(200)
    expect((await currentOf(app, other.id)).trial).toBe(true)
    expect((await currentOf(app, org.id)).trial).toBe(true)
    expect((await paymentRow(app, payment.id)).status).toBe('open')
    // Its own webhook applies it.
    await postWebhook(app, org.id, providerId)
    expect((await currentOf(app, org.id)).trial).toBe(false)
  })

  it('subscriptions: the return page refreshes a payment whose webhook was lost; the late webhook changes nothing more', async () => {
    const { org, payment, providerId } = await start()
    sandbox.state.setStatus(providerId, 'paid')
    const lost = sandbox.state.takeDue()
    const url = apiUrl(API.subscriptions.payment, { org: org.id, id: payment.id })
    const res = await app.inject({ url, headers: org.owner.headers })
    expect(res.json()).toMatchObject({ status: 'paid', state: 'confirmed' })
    expect(res.json().invoiceNumber).toMatch(/^SAL-/)
    const after = await currentOf(app, org.id)
    expect(after.trial).toBe(false)
    for (const due of lost) await postWebhook(app, org.id, due.paymentId)
    expect(await currentOf(app, org.id)).toEqual(after)
    expect(await invoicesOf(payment.id)).toHaveLength(1)
  })

  it('subscriptions: webhooks out of order (pending after paid) end paid; a final status never goes back', async () => {
    const { org, payment, providerId } = await start()
    sandbox.state.setStatus(providerId, 'pending')
    sandbox.state.setStatus(providerId, 'paid')
    const due = sandbox.state.takeDue()
    for (const d of due.reverse()) await postWebhook(app, org.id, d.paymentId)
    expect((await paymentRow(app, payment.id)).status).toBe('paid')
    expect((await currentOf(app, org.id)).trial).toBe(false)
  })

  it('subscriptions: paid after another attempt expired is applied', async () => {
    const first = await start()
    await sandbox.choose(first.providerId, 'expired')
    const res = await buy(app, first.org.id, first.org.owner.headers, {
      optionId: salon.id,
      period: 'monthly',
      autoExtend: false,
    })
    const second = await paymentRow(app, res.json().payment.id)
    await sandbox.choose(second.providerPaymentId!, 'paid')
    expect(await currentOf(app, first.org.id)).toMatchObject({ trial: false, autoExtend: false, optionId: salon.id })
    expect((await paymentRow(app, first.payment.id)).status).toBe('expired')
  })

  it('subscriptions: the provider failing answers PAYMENT_FAILED and stores nothing', async () => {
    const org = await trialOrganisation(app)
    const original = sandbox.createPayment
    sandbox.createPayment = async () => {
      throw new Error('connect ECONNREFUSED')
    }
    try {
      const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
      expect(res.statusCode).toBe(502)
      expect(res.json().code).toBe('PAYMENT_FAILED')
    } finally {
      sandbox.createPayment = original
    }
    const list = await app.inject({
      url: apiUrl(API.subscriptions.payments, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(list.json()).toEqual([])
  })

  it('subscriptions: the provider customer is made once per organisation', async () => {
    const { org } = await start()
    await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'yearly', autoExtend: true })
    const rows = await app.inject({
      url: apiUrl(API.subscriptions.payments, { org: org.id }),
      headers: org.owner.headers,
    })
    const ids = await Promise.all(
      rows.json().map(async (p: { id: string }) => (await paymentRow(app, p.id)).providerPaymentId!),
    )
    const owners = new Set(ids.map((id) => sandbox.state.getPayment(id).customerId))
    expect(ids).toHaveLength(2)
    expect([...owners]).toEqual([(await orgRow(app, org.id)).paymentCustomerId])
  })
})

describe('the local checkout page (sandbox)', () => {
  it('checkout: shows the amount, the description and four buttons; a form post pays and goes on to the return page', async () => {
    const { org, payment, providerId } = await start()
    const page = await app.inject({
      url: `/dev/checkout/${providerId}`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('€ 71.39')
    expect(page.body).toContain('Abonnement Salon')
    for (const s of ['paid', 'failed', 'canceled', 'expired']) expect(page.body).toContain(`value="${s}"`)
    expect(page.body).not.toContain('<script')
    const dutch = await app.inject({ url: `/dev/checkout/${providerId}` })
    expect(dutch.body).toContain('Betaald')
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.checkout.choose, { id: providerId }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=paid',
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`${publicUrl}/admin/subscription/payments/${payment.id}`)
    expect((await currentOf(app, org.id)).trial).toBe(false)
    // A second click changes nothing and goes on again.
    const again = await app.inject({
      method: 'POST',
      url: apiUrl(API.checkout.choose, { id: providerId }),
      payload: { status: 'failed' },
    })
    expect(again.statusCode).toBe(204)
    expect((await paymentRow(app, payment.id)).status).toBe('paid')
  })

  it('checkout: an unknown payment is 404; only this machine may use the page', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.checkout.choose, { id: 'tr_nothing' }),
      payload: { status: 'paid' },
    })
    expect(res.statusCode).toBe(404)
    const { providerId } = await start()
    const far = await app.inject({ url: `/dev/checkout/${providerId}`, remoteAddress: '203.0.113.9' })
    expect(far.statusCode).toBe(404)
  })
})

describe('invoices are immutable', () => {
  it('subscriptions: UPDATE and DELETE of an issued invoice raise', async () => {
    const { payment, providerId } = await start()
    await sandbox.choose(providerId, 'paid')
    const [invoice] = await invoicesOf(payment.id)
    await expect(app.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, invoice.id))).rejects.toThrow()
    await expect(app.db.delete(invoices).where(and(eq(invoices.id, invoice.id)))).rejects.toThrow()
    expect((await invoicesOf(payment.id))[0].totalCents).toBe(7139)
  })
})
