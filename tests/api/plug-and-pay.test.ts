import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { auditEvents, employees, organisations, plugAndPayOrders, subscriptions } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { lastMail } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { type PeerOrder, startPlugAndPayPeer } from '../helpers/peers/plug-and-pay'
import { freshIp } from '../helpers/signup'
import { apiUrl } from '../helpers/url'

const peer = await startPlugAndPayPeer()
const app = await buildTestApp({ ...peer.config, publicUrl: 'https://salon.example' })
const URL = apiUrl(API.organisations.plugAndPayWebhook)
const KEY = { 'x-plugandpay-key': peer.config.plugAndPayWebhookKey }
const TENANT = 4242

let nextOrderId = 90_000
/** A paid order of our product (1001) by a new buyer, registered with the peer under a fresh id. */
function paidOrder(change: (o: PeerOrder) => void = () => {}): PeerOrder {
  const id = nextOrderId++
  const order: PeerOrder = {
    id,
    invoice_number: `2026-${id}`,
    is_first: true,
    mode: 'live',
    amount: '49.00',
    amount_with_tax: '59.29',
    billing: {
      contact: {
        email: `${unique('buyer')}@example.test`,
        firstname: 'Sanne',
        lastname: 'de Vries',
        company: unique('Salon Sanne '),
        telephone: '+31612345678',
        vat_id_number: 'NL123456789B01',
        tax_exempt: null,
      },
      address: { street: 'Kerkstraat', street_suffix: '12a', zipcode: '1017 GA', city: 'Amsterdam', country: 'NL' },
    },
    items: [{ id: 1, product_id: 1001, label: 'Salon platform', quantity: 1, amount: '49.00', type: 'standard' }],
    payment: { status: 'paid' },
  }
  change(order)
  peer.answer(id, { kind: 'order', order })
  return order
}

const event = (orderId: number | string, over: Record<string, unknown> = {}) => ({
  trigger_type: 'order_paid',
  triggerable_id: orderId,
  triggerable_type: 'orders',
  tenant_id: TENANT,
  rule_id: 7,
  sent_at: new Date().toISOString(),
  ...over,
})

const send = (payload: unknown, headers: Record<string, string> = KEY) =>
  app.inject({ method: 'POST', url: URL, headers, payload: payload as object, remoteAddress: freshIp() })

const ownersNamed = (email: string) => app.db.select().from(employees).where(eq(employees.email, email))
const ordersAsked = (id: number) => peer.requests.filter((r) => r.path.startsWith(`/v2/orders/${id}?`)).length
const handled = (id: number) =>
  app.db
    .select()
    .from(plugAndPayOrders)
    .where(and(eq(plugAndPayOrders.tenantId, String(TENANT)), eq(plugAndPayOrders.orderId, String(id))))

describe('plug&pay webhook: a paid order of our product', () => {
  it('plug&pay: creates the organisation on a trial and its owner, invited in Dutch to set a password', async () => {
    const order = paidOrder()
    const contact = order.billing.contact
    const res = await send(event(order.id))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({ outcome: 'created', organisationId: expect.any(String) })

    const [org] = await app.db.select().from(organisations).where(eq(organisations.id, body.organisationId))
    expect(org).toMatchObject({
      companyName: contact.company,
      legalName: contact.company,
      vatNumber: 'NL123456789B01',
      country: 'NL',
      addressLine1: 'Kerkstraat 12a',
      postalCode: '1017 GA',
      city: 'Amsterdam',
      contactPerson: 'Sanne de Vries',
      invoiceLanguage: 'nl',
    })
    const [owner] = await ownersNamed(contact.email!)
    expect(owner).toMatchObject({ organisationId: org.id, firstName: 'Sanne', lastName: 'de Vries', language: 'nl' })
    expect(owner.passwordHash).toBeNull()
    expect(await app.db.select().from(subscriptions).where(eq(subscriptions.organisationId, org.id))).toHaveLength(1)
    expect(await handled(order.id)).toMatchObject([{ organisationId: org.id }])
    expect(peer.requests.find((r) => r.path.startsWith(`/v2/orders/${order.id}`))?.authorization).toBe(
      'Bearer pnp-test-token',
    )
    const audits = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'organisationCreateFromOrder')))
    expect(audits).toHaveLength(1)
    expect(audits[0].data).toMatchObject({ tenantId: String(TENANT), orderId: String(order.id) })

    // The invitation: Dutch, with a set-password link that works once and signs the owner in.
    const mail = await lastMail(app, contact.email!)
    expect(mail?.subject).toBe(`Je bent uitgenodigd voor ${contact.company}`)
    const token = /set-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1]
    expect(mail?.text).toContain('https://salon.example/admin/set-password?token=')
    const password = 'Wachtwoord-123!'
    const set = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.passwordReset),
      payload: { token: decodeURIComponent(token ?? ''), password },
      remoteAddress: freshIp(),
    })
    expect(set.statusCode).toBe(200)
    const login = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.login),
      payload: { email: contact.email, password },
      remoteAddress: freshIp(),
    })
    expect(login.statusCode).toBe(200)
    // Following the mailed link proved the owner's address: the organisation may send mail.
    const [confirmed] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
    expect(org.emailConfirmedAt).toBeNull()
    expect(confirmed.emailConfirmedAt).not.toBeNull()
  })

  it('plug&pay: without a company the organisation is named after the buyer; a taken name gets a number', async () => {
    const first = paidOrder((o) => {
      o.billing.contact.company = null
      o.billing.contact.firstname = 'Noor'
      o.billing.contact.lastname = unique('Bakker')
      o.billing.address = null
    })
    const res = await send(event(first.id))
    expect(res.json().outcome).toBe('created')
    const name = `Noor ${first.billing.contact.lastname}`
    const [org] = await app.db.select().from(organisations).where(eq(organisations.id, res.json().organisationId))
    expect(org).toMatchObject({ companyName: name, legalName: name, country: '', vatNumber: 'NL123456789B01' })

    const second = paidOrder((o) => {
      o.billing.contact.company = name.toUpperCase()
    })
    const again = await send(event(second.id))
    expect(again.json().outcome).toBe('created')
    const [org2] = await app.db.select().from(organisations).where(eq(organisations.id, again.json().organisationId))
    expect(org2.companyName).toBe(`${name.toUpperCase()} 2`)
    expect(org2.slug).not.toBe(org.slug)
  })
})

describe('plug&pay webhook: idempotent per (tenant, order)', () => {
  it('plug&pay: the same event three times makes one organisation and asks Plug&Pay once', async () => {
    const order = paidOrder()
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(await send(event(order.id)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200])
    const [first, ...rest] = answers.map((r) => r.json())
    expect(first.outcome).toBe('created')
    for (const r of rest) expect(r).toEqual({ outcome: 'alreadyHandled', organisationId: first.organisationId })
    expect(await ownersNamed(order.billing.contact.email!)).toHaveLength(1)
    expect(await handled(order.id)).toHaveLength(1)
    expect(ordersAsked(order.id)).toBe(1)
  })

  it('plug&pay: five concurrent deliveries of one event make one organisation', async () => {
    const order = paidOrder()
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(event(order.id))))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    const outcomes = answers.map((r) => r.json().outcome).sort()
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1)
    expect(new Set(answers.map((r) => r.json().organisationId))).toHaveLength(1)
    expect(await ownersNamed(order.billing.contact.email!)).toHaveLength(1)
    const [{ n }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(organisations)
      .where(eq(organisations.companyName, order.billing.contact.company!))
    expect(n).toBe(1)
  })

  it('plug&pay: the same order id of another Plug&Pay tenant is another order', async () => {
    const order = paidOrder()
    expect((await send(event(order.id))).json().outcome).toBe('created')
    order.billing.contact.email = `${unique('other')}@example.test`
    order.billing.contact.company = unique('Other shop ')
    const other = await send(event(order.id, { tenant_id: 'tenant-b' }))
    expect(other.json().outcome).toBe('created')
  })
})

describe('plug&pay webhook: ignored events answer 200 and change nothing', () => {
  const organisationCount = async () =>
    (await app.db.select({ n: sql<number>`count(*)::int` }).from(organisations))[0].n

  it('plug&pay: another trigger is ignored without asking Plug&Pay', async () => {
    const order = paidOrder()
    const before = await organisationCount()
    const res = await send(event(order.id, { trigger_type: 'subscription_ended' }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ outcome: 'ignored', reason: 'otherTrigger' })
    expect(ordersAsked(order.id)).toBe(0)
    expect(await organisationCount()).toBe(before)
  })

  const cases: [string, (o: PeerOrder) => void, string][] = [
    ['an unpaid order', (o) => (o.payment.status = 'open'), 'notPaid'],
    ['a credited order', (o) => (o.payment.status = 'credited'), 'notPaid'],
    ['an order of another product', (o) => (o.items[0].product_id = 2002), 'otherProduct'],
    ['an order without an e-mail address', (o) => (o.billing.contact.email = null), 'noEmail'],
  ]
  for (const [name, change, reason] of cases)
    it(`plug&pay: ${name} is ignored`, async () => {
      const order = paidOrder(change)
      const before = await organisationCount()
      const res = await send(event(order.id))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ outcome: 'ignored', reason })
      expect(await organisationCount()).toBe(before)
      expect(await handled(order.id)).toHaveLength(0)
    })

  it('plug&pay: an order Plug&Pay does not know (404) is ignored', async () => {
    const before = await organisationCount()
    const res = await send(event(123_456_789))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ outcome: 'ignored', reason: 'orderNotFound' })
    expect(await organisationCount()).toBe(before)
  })

  it('plug&pay: a buyer whose address already has an account is refused (e-mail addresses are unique), audited', async () => {
    const existing = await seedOrganisation(app)
    const order = paidOrder((o) => (o.billing.contact.email = existing.owner.email.toUpperCase()))
    const before = await organisationCount()
    const res = await send(event(order.id))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ outcome: 'ignored', reason: 'emailTaken' })
    expect(await organisationCount()).toBe(before)
    expect(await handled(order.id)).toHaveLength(0)
    const refused = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'organisationCreateFromOrderRefused'))
    expect(refused.map((a) => a.data)).toContainEqual({
      tenantId: String(TENANT),
      orderId: String(order.id),
      reason: 'emailTaken',
    })
  })
})

describe('plug&pay webhook: failures', () => {
  it('plug&pay: Plug&Pay answering 500 is a 503 (Plug&Pay retries); the retry creates the organisation', async () => {
    const order = paidOrder()
    peer.answer(order.id, { kind: 'status', status: 500 })
    const res = await send(event(order.id))
    expect(res.statusCode).toBe(503)
    expect(res.json().code).toBe('PLUG_AND_PAY_UNAVAILABLE')
    expect(await handled(order.id)).toHaveLength(0)
    peer.answer(order.id, { kind: 'order', order })
    expect((await send(event(order.id))).json().outcome).toBe('created')
  })

  it('plug&pay: a missing or wrong key is 401 and nothing happens, before the body is looked at', async () => {
    const order = paidOrder()
    const answers = [
      await send(event(order.id), {}),
      await send(event(order.id), { 'x-plugandpay-key': 'wrong' }),
      await send(event(order.id), { 'x-plugandpay-key': `${peer.config.plugAndPayWebhookKey}x` }),
      await send({ junk: true }, { 'x-plugandpay-key': 'wrong' }),
    ]
    for (const res of answers) {
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('PLUG_AND_PAY_KEY_INVALID')
    }
    expect(ordersAsked(order.id)).toBe(0)
    expect(await ownersNamed(order.billing.contact.email!)).toHaveLength(0)
  })

  it('plug&pay: a body that is not an event is 400 and changes nothing', async () => {
    const order = paidOrder()
    for (const payload of [
      {},
      { trigger_type: 'order_paid', tenant_id: TENANT },
      event(order.id, { triggerable_id: '../../v2/users' }),
      event(order.id, { tenant_id: null }),
      event(order.id, { trigger_type: 42 }),
    ]) {
      const res = await send(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    expect(ordersAsked(order.id)).toBe(0)
    expect(await handled(order.id)).toHaveLength(0)
  })
})

describe('plug&pay webhook: switched off', () => {
  it('plug&pay: without a key configured the webhook answers 503 PLUG_AND_PAY_NOT_CONFIGURED', async () => {
    const off = await buildTestApp({ ...peer.config, plugAndPayWebhookKey: undefined })
    const order = paidOrder()
    const res = await off.inject({ method: 'POST', url: URL, headers: KEY, payload: event(order.id) })
    expect(res.statusCode).toBe(503)
    expect(res.json().code).toBe('PLUG_AND_PAY_NOT_CONFIGURED')
    expect(ordersAsked(order.id)).toBe(0)
  })
})
