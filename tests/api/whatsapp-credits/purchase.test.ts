import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { auditEvents, invoices, organisations, payments, whatsappCreditTransactions } from '../../../server/db/schema'
import { applyState } from '../../../server/services/billing/apply'
import { sellerFromConfig } from '../../../server/services/billing/invoice-pdf'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { apiUrl } from '../../helpers/url'
import { billingApp, paymentRow } from '../subscriptions/fixtures'

/*
 * Issue 23: buying WhatsApp credits through the sandbox (which calls our webhook over HTTP, as
 * Mollie does): credits only when paid, once, with an invoice; the maximum refused up front.
 */

const { app, sandbox, publicUrl } = await billingApp()
const BUNDLE_100 = '01970000-0000-7000-8000-000000000101'
const BUNDLE_1000 = '01970000-0000-7000-8000-000000000103'

const balanceOf = async (orgId: string) =>
  (await app.db.select().from(organisations).where(eq(organisations.id, orgId)))[0].whatsappCredits
const ledgerOf = (orgId: string) =>
  app.db.select().from(whatsappCreditTransactions).where(eq(whatsappCreditTransactions.organisationId, orgId))
const invoicesOf = (paymentId: string) => app.db.select().from(invoices).where(eq(invoices.paymentId, paymentId))
const buy = (orgId: string, headers: Record<string, string>, optionId = BUNDLE_100) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.whatsappCredits.creditPayment, { org: orgId }),
    headers,
    payload: { optionId },
  })
const postWebhook = (org: string, id: string) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.whatsappCredits.paymentWebhook, { org }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id }).toString(),
  })

async function start(optionId = BUNDLE_100) {
  const org = await seedOrganisation(app)
  const res = await buy(org.id, org.owner.headers, optionId)
  expect(res.statusCode).toBe(201)
  const { payment, checkoutUrl } = res.json()
  const row = await paymentRow(app, payment.id)
  return { org, payment, checkoutUrl, providerId: row.providerPaymentId as string }
}

describe('GET …/whatsapp-credits/options and …/initialize-whatsapp-options', () => {
  it('credits: the bundles, smallest first, excluding VAT, cheaper per credit when larger', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      url: apiUrl(API.whatsappCredits.options, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(res.statusCode).toBe(200)
    const options = res.json()
    expect(options.map((o: { credits: number }) => o.credits)).toEqual([100, 500, 1000])
    expect(options[0]).toEqual({ id: BUNDLE_100, credits: 100, priceExclVatCents: 1200, unitPriceMillicents: 1200 })
    const units = options.map((o: { unitPriceMillicents: number }) => o.unitPriceMillicents)
    expect([...units].sort((a, b) => b - a)).toEqual(units)
  })

  it('credits: the purchase screen gets prices incl. VAT, the balance, the maximum and what still fits', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      url: apiUrl(API.whatsappCredits.initializeOptions, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ balance: 0, maximum: 10_000, lowThreshold: 20, low: true })
    expect(res.json().options[0]).toMatchObject({
      credits: 100,
      fits: true,
      price: { netCents: 1200, vatCents: 252, totalCents: 1452 },
    })
    expect(res.json().vat).toMatchObject({ rule: 'nl', rateBasisPoints: 2100 })
  })
})

describe('POST …/whatsapp-credits/credit-payment and the webhook', () => {
  it('credits: buying opens a one-off payment at the provider with the checkout, and audits it; no credits yet', async () => {
    const { org, payment, checkoutUrl, providerId } = await start()
    expect(checkoutUrl).toBe(`${publicUrl}/dev/checkout/${providerId}`)
    expect(payment).toMatchObject({
      kind: 'whatsappCredits',
      status: 'open',
      state: 'pending',
      amountCents: 1452,
      netCents: 1200,
      vatCents: 252,
      optionId: null,
      period: null,
    })
    const remote = sandbox.state.getPayment(providerId)
    expect(remote).toMatchObject({ sequenceType: 'oneoff', amountCents: 1452 })
    expect(remote.redirectUrl).toBe(`${publicUrl}/admin/whatsapp-credits/payments/${payment.id}`)
    expect(remote.webhookUrl).toBe(`${publicUrl}${apiUrl(API.whatsappCredits.paymentWebhook, { org: org.id })}`)
    expect(remote.metadata).toMatchObject({ organisationId: org.id, kind: 'whatsappCredits', paymentId: payment.id })
    const audits = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(audits.map((a) => a.event)).toContain('whatsappCreditsPaymentCreate')
    expect(await balanceOf(org.id)).toBe(0)
    expect(await ledgerOf(org.id)).toEqual([])
  })

  it('credits: paid → the credits in the ledger and the balance, and an invoice of the series', async () => {
    const { org, payment, providerId } = await start()
    const [delivery] = await sandbox.choose(providerId, 'paid')
    expect(delivery.status).toBe(200)
    expect(await balanceOf(org.id)).toBe(100)
    expect(await ledgerOf(org.id)).toMatchObject([
      { reason: 'purchase', delta: 100, balanceAfter: 100, paymentId: payment.id },
    ])
    const [invoice] = await invoicesOf(payment.id)
    expect(invoice.number).toMatch(new RegExp(`^SAL-${new Date().getUTCFullYear()}-\\d{5}$`))
    expect(invoice).toMatchObject({ netCents: 1200, vatCents: 252, totalCents: 1452, kind: 'invoice' })
    expect(invoice.lines[0].description).toBe('WhatsApp-tegoed (100 credits)')
    const view = await app.inject({
      url: apiUrl(API.subscriptions.payment, { org: org.id, id: payment.id }),
      headers: org.owner.headers,
    })
    expect(view.json()).toMatchObject({ state: 'confirmed', invoiceNumber: invoice.number })
    const history = await app.inject({
      url: apiUrl(API.whatsappCredits.transactions, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(history.json()).toMatchObject([
      { reason: 'purchase', delta: 100, balanceAfter: 100, paymentId: payment.id, invoiceNumber: invoice.number },
    ])
    const pdf = await app.inject({
      url: apiUrl(API.subscriptions.downloadInvoice, { org: org.id, id: payment.id }),
      headers: org.owner.headers,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
  })

  for (const status of ['failed', 'canceled', 'expired'] as const) {
    it(`credits: a ${status} purchase adds nothing and issues no invoice`, async () => {
      const { org, payment, providerId } = await start()
      await sandbox.choose(providerId, status)
      expect((await paymentRow(app, payment.id)).status).toBe(status)
      expect(await balanceOf(org.id)).toBe(0)
      expect(await ledgerOf(org.id)).toEqual([])
      expect(await invoicesOf(payment.id)).toHaveLength(0)
    })
  }

  it('credits: a paid webhook replayed (serially and at once) adds the credits once', async () => {
    const { org, payment, providerId } = await start()
    await sandbox.choose(providerId, 'paid')
    for (let i = 0; i < 3; i++) expect((await sandbox.deliverWebhook(providerId))?.status).toBe(200)
    await Promise.all(Array.from({ length: 5 }, () => postWebhook(org.id, providerId)))
    expect(await balanceOf(org.id)).toBe(100)
    expect(await ledgerOf(org.id)).toHaveLength(1)
    expect(await invoicesOf(payment.id)).toHaveLength(1)
  })

  it('credits: statuses out of order — pending, then paid, then a stale pending — end paid, credited once', async () => {
    const { org, payment, providerId } = await start()
    sandbox.state.setStatus(providerId, 'pending')
    expect((await sandbox.deliverWebhook(providerId))?.status).toBe(200)
    expect((await paymentRow(app, payment.id)).status).toBe('pending')
    expect(await balanceOf(org.id)).toBe(0)
    await sandbox.choose(providerId, 'paid')
    expect(await balanceOf(org.id)).toBe(100)
    // A late answer that still says pending (or failed) never takes a final status back.
    for (const stale of ['pending', 'failed'] as const) {
      await app.db.transaction(async (tx) => {
        const [p] = await tx.select().from(payments).where(eq(payments.id, payment.id))
        const r = await applyState(tx, {
          payment: p,
          remote: { status: stale, amountChargedBackCents: 0, paidAt: null },
          seller: sellerFromConfig(app.config),
          now: new Date(),
        })
        expect(r.changed).toBe(false)
      })
    }
    expect((await paymentRow(app, payment.id)).status).toBe('paid')
    expect(await balanceOf(org.id)).toBe(100)
    expect(await ledgerOf(org.id)).toHaveLength(1)
  })

  it("credits: another organisation's payment id posted to our webhook (or as a subscription) changes nothing", async () => {
    const { org, payment, providerId } = await start()
    const other = await seedOrganisation(app)
    sandbox.state.setStatus(providerId, 'paid')
    expect((await postWebhook(other.id, providerId)).statusCode).toBe(200)
    const asSubscription = await app.inject({
      method: 'POST',
      url: apiUrl(API.subscriptions.optionPaymentWebhook, { org: org.id }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: providerId }).toString(),
    })
    expect(asSubscription.statusCode).toBe(200)
    expect(await balanceOf(other.id)).toBe(0)
    expect(await balanceOf(org.id)).toBe(0)
    expect((await paymentRow(app, payment.id)).status).toBe('open')
    // Its own webhook applies it.
    expect((await postWebhook(org.id, providerId)).statusCode).toBe(200)
    expect(await balanceOf(org.id)).toBe(100)
    expect(await balanceOf(other.id)).toBe(0)
  })

  it('credits: a purchase beyond the maximum is refused before paying, with the spec text and the count', async () => {
    const org = await seedOrganisation(app)
    // max − bundle + 1: one credit too many.
    await app.db
      .update(organisations)
      .set({ whatsappCredits: 10_000 - 1000 + 1 })
      .where(eq(organisations.id, org.id))
    const res = await buy(org.id, org.owner.headers, BUNDLE_1000)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'WHATSAPP_CREDITS_MAXIMUM',
      message: 'Cannot exceed a maximum of 10000 credits.',
      details: { count: 10000 },
    })
    expect(await app.db.select().from(payments).where(eq(payments.organisationId, org.id))).toEqual([])
    // Exactly to the maximum is fine.
    await app.db
      .update(organisations)
      .set({ whatsappCredits: 10_000 - 1000 })
      .where(eq(organisations.id, org.id))
    expect((await buy(org.id, org.owner.headers, BUNDLE_1000)).statusCode).toBe(201)
  })

  it('credits: a checkout still open counts towards the maximum; one abandoned over an hour ago does not', async () => {
    const org = await seedOrganisation(app)
    await app.db
      .update(organisations)
      .set({ whatsappCredits: 10_000 - 1500 })
      .where(eq(organisations.id, org.id))
    const first = await buy(org.id, org.owner.headers, BUNDLE_1000)
    expect(first.statusCode).toBe(201)
    // Unpaid, the first one's 1,000 are on their way: another 1,000 would pass the maximum.
    const second = await buy(org.id, org.owner.headers, BUNDLE_1000)
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('WHATSAPP_CREDITS_MAXIMUM')
    const init = await app.inject({
      url: apiUrl(API.whatsappCredits.initializeOptions, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(init.json().options.map((o: { credits: number; fits: boolean }) => [o.credits, o.fits])).toEqual([
      [100, true],
      [500, true],
      [1000, false],
    ])
    expect(await app.db.select().from(payments).where(eq(payments.organisationId, org.id))).toHaveLength(1)
    // Abandoned: started more than an hour ago and never paid.
    await app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(payments.organisationId, org.id))
    expect((await buy(org.id, org.owner.headers, BUNDLE_1000)).statusCode).toBe(201)
  })

  it('credits: bad input changes nothing; an unknown bundle is not found', async () => {
    const org = await seedOrganisation(app)
    const bad = await app.inject({
      method: 'POST',
      url: apiUrl(API.whatsappCredits.creditPayment, { org: org.id }),
      headers: org.owner.headers,
      payload: { optionId: 'nope' },
    })
    expect(bad.statusCode).toBe(400)
    const unknown = await buy(org.id, org.owner.headers, '01970000-0000-7000-8000-0000000009ff')
    expect(unknown.json().code).toBe('WHATSAPP_CREDIT_OPTION_NOT_FOUND')
    expect(await app.db.select().from(payments).where(eq(payments.organisationId, org.id))).toEqual([])
  })
})

describe('who may', () => {
  it('credits: an employee without subscription rights may see the balance but not buy nor read the history', async () => {
    const org = await seedOrganisation(app)
    const staff = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const balance = await app.inject({
      url: apiUrl(API.whatsappCredits.balance, { org: org.id }),
      headers: staff.headers,
    })
    expect(balance.statusCode).toBe(200)
    expect(balance.json()).toMatchObject({ balance: 0, low: true, costs: { utility: 1, marketing: 2, service: 1 } })
    expect((await buy(org.id, staff.headers)).statusCode).toBe(403)
    for (const e of [API.whatsappCredits.transactions, API.whatsappCredits.initializeOptions]) {
      const res = await app.inject({ url: apiUrl(e, { org: org.id }), headers: staff.headers })
      expect(res.statusCode).toBe(403)
    }
    expect(await app.db.select().from(payments).where(eq(payments.organisationId, org.id))).toEqual([])
  })

  it("credits: another organisation's owner gets not found for ours, and buys nothing for us", async () => {
    const org = await seedOrganisation(app)
    const other = await seedOrganisation(app)
    const res = await buy(org.id, other.owner.headers)
    expect(res.statusCode).toBe(404)
    const history = await app.inject({
      url: apiUrl(API.whatsappCredits.transactions, { org: org.id }),
      headers: other.owner.headers,
    })
    expect(history.statusCode).toBe(404)
    expect(await app.db.select().from(payments).where(eq(payments.organisationId, org.id))).toEqual([])
  })
})
