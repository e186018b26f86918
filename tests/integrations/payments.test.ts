import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { centsToValue, valueToCents } from '../../server/integrations/payments/money'
import { createMolliePayments } from '../../server/integrations/payments/mollie'
import type { WebhookDelivery } from '../../server/integrations/payments/mollie-state/webhooks'
import { type CreatePayment, PaymentError, type PaymentProvider } from '../../server/integrations/payments/port'
import { type CheckoutChoice, createSandboxPayments } from '../../server/integrations/payments/sandbox'
import { MOLLIE_FAKE_ORIGIN, mountMollieFake } from '../helpers/peers/mollie'

/*
 * The payment port's contract, run against both adapters: Mollie's official client talking to
 * the in-process fake, and the local sandbox. Nothing leaves the machine (the fake refuses every
 * host but 127.0.0.1 / localhost, where the webhook receiver below listens).
 */

const mollie = mountMollieFake()

/** A local webhook endpoint: records each call's method, content type and raw body. */
const received: { path: string; method: string; contentType: string; body: string }[] = []
const receiver = createServer(async (req, res) => {
  let body = ''
  for await (const chunk of req) body += chunk
  received.push({ path: req.url ?? '', method: req.method ?? '', contentType: req.headers['content-type'] ?? '', body })
  res.writeHead(req.url?.includes('/broken') ? 500 : 200).end()
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))
const webhookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`

const sandbox = createSandboxPayments({ baseUrl: 'http://localhost:3030' })

type Adapter = {
  name: string
  provider: PaymentProvider
  /** The customer's (or the bank's) decision, followed by the webhook. */
  choose: (paymentId: string, status: CheckoutChoice) => Promise<WebhookDelivery[]>
  checkoutPrefix: string
}
const adapters: Adapter[] = [
  {
    name: 'Mollie (official client, in-process fake)',
    provider: createMolliePayments({ apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint }),
    choose: mollie.choose,
    checkoutPrefix: `${MOLLIE_FAKE_ORIGIN}/checkout/tr_`,
  },
  {
    name: 'local sandbox',
    provider: sandbox,
    choose: sandbox.choose,
    checkoutPrefix: 'http://localhost:3030/dev/checkout/tr_',
  },
]

let hook = 0
const webhookUrl = () => `${webhookBase}/webhooks/${++hook}`

describe.each(adapters)('payments port: $name', ({ provider, choose, checkoutPrefix }) => {
  const customer = () => provider.createCustomer({ name: 'Salon Zon', email: `owner-${hook}@example.test` })
  const first = (customerId: string, amountCents = 4999): CreatePayment => ({
    amountCents,
    currency: 'EUR',
    description: 'Subscription Pro, first month',
    redirectUrl: 'http://localhost:3030/billing/return',
    webhookUrl: webhookUrl(),
    metadata: { orgId: 'org-1', kind: 'subscription', period: 1 },
    sequenceType: 'first',
    customerId,
  })
  /** A customer whose first payment is paid, and so has a valid mandate. */
  async function customerWithMandate() {
    const { id: customerId } = await customer()
    const payment = await provider.createPayment(first(customerId))
    await choose(payment.id, 'paid')
    return { customerId, firstPaymentId: payment.id }
  }
  const refusal = (field?: string) => expect.objectContaining({ name: 'PaymentError', code: 'PAYMENT_REFUSED', field })

  it('payments: a first payment for a new customer is open with a checkout url', async () => {
    const { id: customerId } = await customer()
    expect(customerId).toMatch(/^cst_\w{10}$/)
    const created = await provider.createPayment(first(customerId))
    expect(created).toEqual({
      id: expect.stringMatching(/^tr_\w{10}$/),
      status: 'open',
      checkoutUrl: expect.any(String),
    })
    expect(created.checkoutUrl?.startsWith(checkoutPrefix)).toBe(true)
    const payment = await provider.getPayment(created.id)
    expect(payment).toMatchObject({ status: 'open', sequenceType: 'first', customerId, mandateId: null, paidAt: null })
    expect(payment.metadata).toEqual({ orgId: 'org-1', kind: 'subscription', period: 1 })
    expect(payment.createdAt).toBeInstanceOf(Date)
    expect(await provider.listMandates(customerId)).toEqual([])
  })

  it('payments: a paid first payment leaves the customer a valid mandate', async () => {
    const { customerId, firstPaymentId } = await customerWithMandate()
    const mandates = await provider.listMandates(customerId)
    expect(mandates).toEqual([
      { id: expect.stringMatching(/^mdt_/), status: 'valid', method: 'directdebit', createdAt: expect.any(Date) },
    ])
    const paid = await provider.getPayment(firstPaymentId)
    expect(paid).toMatchObject({ status: 'paid', mandateId: mandates[0].id, amountRefundedCents: 0 })
    expect(paid.paidAt).toBeInstanceOf(Date)
  })

  it('payments: a recurring payment charges the mandate without a checkout', async () => {
    const { customerId } = await customerWithMandate()
    const [mandate] = await provider.listMandates(customerId)
    const created = await provider.createPayment({
      amountCents: 4999,
      currency: 'EUR',
      description: 'Subscription Pro, month 2',
      webhookUrl: webhookUrl(),
      metadata: { orgId: 'org-1', kind: 'subscription', period: 2 },
      sequenceType: 'recurring',
      customerId,
      mandateId: mandate.id,
    })
    expect(created.checkoutUrl).toBeNull()
    expect(await provider.getPayment(created.id)).toMatchObject({
      sequenceType: 'recurring',
      customerId,
      mandateId: mandate.id,
      status: 'pending',
    })
    await choose(created.id, 'paid')
    expect((await provider.getPayment(created.id)).status).toBe('paid')
  })

  it('payments: a recurring payment is refused while the customer has no valid mandate', async () => {
    const { id: customerId } = await customer()
    const failed = await provider.createPayment(first(customerId))
    await choose(failed.id, 'failed')
    const recurring: CreatePayment = {
      amountCents: 4999,
      currency: 'EUR',
      description: 'Subscription Pro, month 2',
      webhookUrl: webhookUrl(),
      metadata: {},
      sequenceType: 'recurring',
      customerId,
    }
    await expect(provider.createPayment(recurring)).rejects.toEqual(refusal('mandateId'))
    // Nor on another customer's mandate.
    const other = await customerWithMandate()
    const [theirs] = await provider.listMandates(other.customerId)
    await expect(provider.createPayment({ ...recurring, mandateId: theirs.id })).rejects.toEqual(refusal('mandateId'))
  })

  it('payments: an unknown payment or customer is not found', async () => {
    for (const id of ['tr_Unknown123', 'nonsense']) {
      await expect(provider.getPayment(id)).rejects.toBeInstanceOf(PaymentError)
      await expect(provider.getPayment(id)).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND' })
    }
    await expect(provider.listMandates('cst_Unknown123')).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND' })
  })

  it('payments: a final status never changes, and calls no second webhook', async () => {
    const { id: customerId } = await customer()
    const { id } = await provider.createPayment(first(customerId))
    expect(await choose(id, 'canceled')).toHaveLength(1)
    for (const next of ['paid', 'expired', 'failed', 'canceled'] as const) {
      await expect(choose(id, next)).rejects.toThrow(/cannot become/)
    }
    expect((await provider.getPayment(id)).status).toBe('canceled')
    expect(received.filter((r) => r.body === `id=${id}`)).toHaveLength(1)
    expect(await provider.listMandates(customerId)).toEqual([])
  })

  it('payments: a refund above what remains is refused', async () => {
    const { firstPaymentId: paymentId } = await customerWithMandate()
    const refund = (amountCents: number) =>
      provider.refund({ paymentId, amountCents, currency: 'EUR', description: 'Goodwill' })
    expect(await refund(2000)).toEqual({
      id: expect.stringMatching(/^re_/),
      paymentId,
      amountCents: 2000,
      status: 'pending',
    })
    await expect(refund(3000)).rejects.toEqual(refusal('amount'))
    expect(await refund(2999)).toMatchObject({ amountCents: 2999 })
    await expect(refund(1)).rejects.toEqual(refusal('amount'))
    expect((await provider.getPayment(paymentId)).amountRefundedCents).toBe(4999)
  })

  it('payments: an open payment cannot be refunded', async () => {
    const { id: customerId } = await customer()
    const { id } = await provider.createPayment(first(customerId))
    await expect(provider.refund({ paymentId: id, amountCents: 1, currency: 'EUR', description: 'x' })).rejects.toEqual(
      refusal('amount'),
    )
  })

  it('payments: amounts in cents round-trip exactly', async () => {
    const { id: customerId } = await customer()
    for (const amountCents of [1999, 1, 29, 57, 100, 123456789]) {
      const { id } = await provider.createPayment(first(customerId, amountCents))
      expect((await provider.getPayment(id)).amountCents).toBe(amountCents)
      await choose(id, 'paid')
      const refund = await provider.refund({
        paymentId: id,
        amountCents: amountCents - 1 || 1,
        currency: 'EUR',
        description: 'r',
      })
      expect(refund.amountCents).toBe(amountCents - 1 || 1)
      expect((await provider.getPayment(id)).amountRefundedCents).toBe(amountCents - 1 || 1)
    }
  })

  it('payments: the webhook is a form-encoded POST of the payment id only', async () => {
    const { id: customerId } = await customer()
    const input = first(customerId)
    const { id } = await provider.createPayment(input)
    const [delivery] = await choose(id, 'paid')
    expect(delivery).toMatchObject({ paymentId: id, webhookUrl: input.webhookUrl, status: 200, error: null })
    const calls = received.filter((r) => `${webhookBase}${r.path}` === input.webhookUrl)
    expect(calls).toEqual([
      { path: expect.any(String), method: 'POST', contentType: 'application/x-www-form-urlencoded', body: `id=${id}` },
    ])
    expect([...new URLSearchParams(calls[0].body).keys()]).toEqual(['id'])
  })
})

describe('payments: the local sandbox', () => {
  it('payments: the sandbox calls a webhook again on request, and records a failing one without throwing', async () => {
    const { id: customerId } = await sandbox.createCustomer({ name: 'Salon Maan', email: 'maan@example.test' })
    const broken = `${webhookBase}/broken/${++hook}`
    const { id } = await sandbox.createPayment({
      amountCents: 1000,
      currency: 'EUR',
      description: 'WhatsApp credits',
      redirectUrl: 'http://localhost:3030/billing/return',
      webhookUrl: broken,
      metadata: {},
      sequenceType: 'first',
      customerId,
    })
    expect(await sandbox.choose(id, 'paid')).toEqual([expect.objectContaining({ status: 500, error: 'HTTP 500' })])
    expect(await sandbox.deliverWebhook(id)).toMatchObject({ paymentId: id, webhookUrl: broken, status: 500 })
    expect(received.filter((r) => r.body === `id=${id}`)).toHaveLength(2)
    expect(sandbox.deliveries.filter((d) => d.paymentId === id)).toHaveLength(2)
  })

  it('payments: an unreachable webhook is recorded as an error', async () => {
    const { id } = await sandbox.createPayment({
      amountCents: 1000,
      currency: 'EUR',
      description: 'Course',
      redirectUrl: 'http://localhost:3030/return',
      webhookUrl: 'http://127.0.0.1:9/closed',
      metadata: {},
      sequenceType: 'oneoff',
    })
    expect(await sandbox.choose(id, 'expired')).toEqual([
      expect.objectContaining({ status: null, error: expect.any(String) }),
    ])
  })

  it('payments: with a file the sandbox keeps its payments and mandates across a restart (npm start)', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-')), 'sandbox-payments.json')
    const before = createSandboxPayments({ baseUrl: 'http://localhost:3030', file })
    const { id: customerId } = await before.createCustomer({ name: 'Salon Zon', email: 'zon@example.test' })
    const first = await before.createPayment({
      amountCents: 7139,
      currency: 'EUR',
      description: 'Abonnement',
      redirectUrl: 'http://localhost:3030/return',
      webhookUrl: 'http://127.0.0.1:9/closed',
      metadata: { organisationId: 'o1', kind: 'subscription' },
      sequenceType: 'first',
      customerId,
    })
    await before.choose(first.id, 'paid')
    const open = await before.createPayment({
      amountCents: 500,
      currency: 'EUR',
      description: 'Left open',
      redirectUrl: 'http://localhost:3030/return',
      webhookUrl: 'http://127.0.0.1:9/closed',
      metadata: {},
      sequenceType: 'oneoff',
    })

    // A new process reads the file: the open checkout can still be chosen, the mandate still charged.
    const after = createSandboxPayments({ baseUrl: 'http://localhost:3030', file })
    expect(await after.getPayment(first.id)).toMatchObject({
      status: 'paid',
      amountCents: 7139,
      mandateId: expect.any(String),
    })
    expect((await after.getPayment(first.id)).paidAt).toBeInstanceOf(Date)
    expect(await after.getPayment(open.id)).toMatchObject({ status: 'open' })
    await after.choose(open.id, 'paid')
    expect(await after.getPayment(open.id)).toMatchObject({ status: 'paid' })
    const recurring = await after.createPayment({
      amountCents: 7139,
      currency: 'EUR',
      description: 'Renewal',
      webhookUrl: 'http://127.0.0.1:9/closed',
      metadata: {},
      sequenceType: 'recurring',
      customerId,
    })
    expect(recurring.status).toBe('pending')
  })
})

describe('payments: the Mollie fake', () => {
  const get = (path: string, auth?: string) =>
    fetch(`${MOLLIE_FAKE_ORIGIN}/v2/${path}`, { headers: auth ? { authorization: auth } : {} })

  it('payments: the fake refuses a request without a test key, in Mollie error shape', async () => {
    for (const auth of [undefined, 'Bearer live_abcdefghijklmnopqrstuvwxyz1234']) {
      const res = await get('payments/tr_Unknown123', auth)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        status: 401,
        title: 'Unauthorized Request',
        detail: expect.any(String),
        _links: { documentation: { href: expect.stringMatching(/^https:\/\/docs\.mollie\.com\//), type: 'text/html' } },
      })
    }
    const wrongKey = createMolliePayments({
      apiKey: 'live_abcdefghijklmnopqrstuvwxyz1234',
      apiEndpoint: mollie.apiEndpoint,
    })
    await expect(wrongKey.getPayment('tr_Unknown123')).rejects.toMatchObject({ name: 'ApiError', statusCode: 401 })
  })

  it('payments: the fake writes resources, lists and errors as Mollie does', async () => {
    const auth = `Bearer ${mollie.apiKey}`
    const { id: customerId } = await adapters[0].provider.createCustomer({
      name: 'Salon Ster',
      email: 's@example.test',
    })
    const { id } = await adapters[0].provider.createPayment({
      amountCents: 1050,
      currency: 'EUR',
      description: 'Course',
      redirectUrl: 'http://localhost:3030/return',
      webhookUrl: webhookUrl(),
      metadata: { courseId: 'c-1' },
      sequenceType: 'first',
      customerId,
    })
    const payment = await (await get(`payments/${id}`, auth)).json()
    expect(payment).toMatchObject({
      resource: 'payment',
      id,
      mode: 'test',
      status: 'open',
      amount: { value: '10.50', currency: 'EUR' },
      sequenceType: 'first',
      customerId,
      metadata: { courseId: 'c-1' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      _links: {
        self: { href: `${MOLLIE_FAKE_ORIGIN}/v2/payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `${MOLLIE_FAKE_ORIGIN}/checkout/${id}`, type: 'text/html' },
      },
    })
    await mollie.choose(id, 'paid')
    const list = await (await get(`customers/${customerId}/mandates`, auth)).json()
    expect(list).toMatchObject({ count: 1, _embedded: { mandates: [{ resource: 'mandate', status: 'valid' }] } })
    const firstWithoutCustomer = await fetch(`${MOLLIE_FAKE_ORIGIN}/v2/payments`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { value: '10.00', currency: 'EUR' },
        description: 'x',
        redirectUrl: 'http://localhost:3030/return',
        sequenceType: 'first',
      }),
    })
    expect(firstWithoutCustomer.status).toBe(422)
    expect(await firstWithoutCustomer.json()).toMatchObject({
      status: 422,
      title: 'Unprocessable Entity',
      field: 'customerId',
    })
    const missing = await get('payments/tr_Unknown123', auth)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ status: 404, title: 'Not Found', detail: expect.any(String) })
  })

  it('payments: no request leaves the machine', async () => {
    await expect(fetch('https://api.mollie.com/v2/payments')).rejects.toThrow()
    const unconfigured = createMolliePayments({ apiKey: mollie.apiKey })
    await expect(unconfigured.getPayment('tr_Unknown123')).rejects.toThrow(/Nock: Disallowed net connect/)
    // The only attempts to leave the machine in this whole file are the two above, both refused.
    expect(mollie.refused).toEqual([
      'GET https://api.mollie.com/v2/payments',
      'GET https://api.mollie.com/v2/payments/tr_Unknown123',
    ])
    expect(mollie.requests.length).toBeGreaterThan(0)
  })
})

describe('payments: money', () => {
  it('payments: cents and Mollie amounts convert on the digits, without floats', () => {
    expect([1999, 1, 29, 100, 0, 123456789].map(centsToValue)).toEqual([
      '19.99',
      '0.01',
      '0.29',
      '1.00',
      '0.00',
      '1234567.89',
    ])
    expect(['19.99', '0.01', '0.29', '1234567.89'].map(valueToCents)).toEqual([1999, 1, 29, 123456789])
    for (const bad of ['1.5', '1,50', '-1.00', '1e3', '']) expect(() => valueToCents(bad)).toThrow(RangeError)
    for (const bad of [1.5, -1, Number.NaN]) expect(() => centsToValue(bad)).toThrow(RangeError)
  })
})
