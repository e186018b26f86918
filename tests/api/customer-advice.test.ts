import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { Subcondition } from '../../contract/conditions'
import type { CustomerAdviceItem } from '../../contract/advice/customer-advice'
import {
  adviceConditions,
  adviceGroups,
  advices,
  auditEvents,
  customerNotifications,
  customers,
  organisations,
  outboxMessages,
  questionnaireSubmissions,
} from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { buildTestApp } from '../helpers/app'
import { customerSession, seedCustomer } from '../helpers/customers'
import { startWhatsAppPeer } from '../helpers/peers/whatsapp'
import { lastMail } from '../helpers/auth'
import { postQuestionnaire } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { twoOrganisations } from '../helpers/two-organisations'

const whatsapp = await startWhatsAppPeer()
const app = await buildTestApp(whatsapp.config)
const { org, orgB, s1, s2, owner, staff } = await twoOrganisations(app)
const q = await postQuestionnaire(app, org.id, s1.id, owner)

const reader = await staff(['readCustomers', 'readAdvice'])
const receptionist = await staff(['readCustomers'])
const notifier = await staff(['readCustomers', 'readAdvice', 'manageCustomers'])

async function customer(opts: { first: string; allowed?: string[]; phone?: string | null; salons?: string[] }) {
  const { id, email } = await seedCustomer(app, {
    organisationId: org.id,
    salonIds: opts.salons ?? [s1.id],
    emailPrefix: 'adv-',
    firstName: opts.first,
    lastName: 'Test',
    phone: opts.phone === undefined ? '+31612345678' : opts.phone,
    defaultMessaging: 'email',
    allowed: opts.allowed ?? ['email', 'whatsapp'],
  })
  const { headers } = await customerSession(app, { id, organisationId: org.id })
  return { id, email, headers }
}

async function submit(customerId: string, answers: { questionId: string; value: unknown }[], at: string) {
  await app.db.transaction(async (tx) => {
    await tx.insert(questionnaireSubmissions).values({
      id: uuidv7(),
      organisationId: org.id,
      salonId: s1.id,
      customerId,
      questionnaireId: q.id,
      answers,
      takenBy: 'customer',
      contentHash: uuidv7(),
      submittedAt: new Date(at),
      version: await nextVersion(tx, org.id),
    })
  })
}

async function condition(name: string, subconditions: Subcondition[], salonId = s1.id) {
  const id = uuidv7()
  await app.db.transaction(async (tx) => {
    await tx.insert(adviceConditions).values({
      id,
      organisationId: org.id,
      salonId,
      name,
      subconditions,
      version: await nextVersion(tx, org.id),
    })
  })
  return id
}
async function group(name: string, position: number, salonId = s1.id) {
  const id = uuidv7()
  await app.db.transaction(async (tx) => {
    await tx
      .insert(adviceGroups)
      .values({ id, organisationId: org.id, salonId, name, position, version: await nextVersion(tx, org.id) })
  })
  return id
}
async function module(o: {
  name: string
  kind?: 'customerAdvice' | 'employeeAdvice'
  conditionIds?: string[]
  groupId?: string | null
  position: number
  salonId?: string
}) {
  const id = uuidv7()
  await app.db.transaction(async (tx) => {
    await tx.insert(advices).values({
      id,
      organisationId: org.id,
      salonId: o.salonId ?? s1.id,
      name: o.name,
      text: `<p>${o.name}</p>`,
      kind: o.kind ?? 'customerAdvice',
      conditionIds: o.conditionIds ?? [],
      groupId: o.groupId ?? null,
      position: o.position,
      version: await nextVersion(tx, org.id),
    })
  })
  return id
}

const dry = await condition('Droge huid', [
  { questionnaireId: q.id, questionId: 'skin', operator: 'equals', value: 'dry' },
])
const older = await condition('Ouder dan 40', [
  { questionnaireId: q.id, questionId: 'skin', operator: 'anyOf', values: ['dry', 'oily'] },
  { questionnaireId: q.id, questionId: 'age', operator: 'atLeast', value: 40 },
])
const care = await group('Verzorging', 1)
const first = await group('Eerst', 0)
const mDry = await module({ name: 'Rijke crème', conditionIds: [dry], groupId: care, position: 0 })
const mOlder = await module({ name: 'Retinol', conditionIds: [older], groupId: care, position: 1 })
const mAll = await module({ name: 'Zonnebrand', groupId: first, position: 5 })
const mStaff = await module({ name: 'Let op bij peeling', kind: 'employeeAdvice', conditionIds: [dry], position: 0 })
const mOtherBranch = await module({ name: 'Alleen vestiging 2', position: 0, salonId: s2.id })

const anna = await customer({ first: 'Anna' })
await submit(
  anna.id,
  [
    { questionId: 'skin', value: 'oily' },
    { questionId: 'age', value: 50 },
  ],
  '2026-01-01T10:00:00Z',
)
// The latest submission counts: dry skin, 34.
await submit(
  anna.id,
  [
    { questionId: 'skin', value: 'dry' },
    { questionId: 'age', value: 34 },
  ],
  '2026-02-01T10:00:00Z',
)
const bob = await customer({ first: 'Bob', salons: [s2.id] })

const staffUrl = (c: string, salon = s1.id, o = org.id) =>
  apiUrl(API.customerAdvice.forCustomer, { org: o, salon, id: c })
const mine = (o = org.id) => apiUrl(API.customerAdvice.mine, { org: o })
const notify = (c: string, channel: string, headers = notifier.headers, o = org.id) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.customerAdvice.notify, { org: o, id: c }),
    headers,
    payload: { channel },
  })
const names = (items: CustomerAdviceItem[]) => items.map((i) => i.advice.name)

describe('customer advice: staff', () => {
  it('customer-advice: staff see every module of both kinds in order, with verdict and why', async () => {
    const res = await app.inject({ url: staffUrl(anna.id), headers: reader.headers })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as CustomerAdviceItem[]
    // Without a group first, then by group position, then module position.
    expect(names(items)).toEqual(['Let op bij peeling', 'Zonnebrand', 'Rijke crème', 'Retinol'])
    const by = new Map(items.map((i) => [i.advice.id, i]))
    expect(by.get(mAll)?.why.reason).toBe('always')
    expect(by.get(mDry)).toMatchObject({
      shows: true,
      why: {
        reason: 'matched',
        matched: {
          name: 'Droge huid',
          parts: [{ question: 'Skin type', operator: 'equals', values: ['Dry skin (xerosis)'] }],
        },
      },
    })
    expect(by.get(mOlder)).toMatchObject({
      shows: false,
      why: {
        reason: 'notMatched',
        failed: [{ name: 'Ouder dan 40', part: { question: 'Age', operator: 'atLeast', values: ['40'] } }],
      },
    })
    expect(by.get(mStaff)?.advice.kind).toBe('employeeAdvice')
    expect(by.has(mOtherBranch)).toBe(false)
  })

  it('customer-advice: permissions, another branch and another organisation', async () => {
    const denied = await app.inject({ url: staffUrl(anna.id), headers: receptionist.headers })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().code).toBe('FORBIDDEN')
    // Bob is not a customer of branch 1.
    expect((await app.inject({ url: staffUrl(bob.id), headers: owner })).statusCode).toBe(404)
    expect((await app.inject({ url: staffUrl(anna.id, orgB.salons[0].id), headers: owner })).statusCode).toBe(404)
    expect((await app.inject({ url: staffUrl(anna.id, orgB.salons[0].id, orgB.id), headers: owner })).statusCode).toBe(
      404,
    )
    // Another organisation's owner asking for this customer in their own branch: not found.
    const foreign = await app.inject({
      url: staffUrl(anna.id, orgB.salons[0].id, orgB.id),
      headers: orgB.owner.headers,
    })
    expect(foreign.statusCode).toBe(404)
    // A customer asking for themselves gets their customer view; for another customer, nothing.
    const self = await app.inject({ url: staffUrl(anna.id), headers: anna.headers })
    expect(self.statusCode).toBe(200)
    expect(names(self.json().items)).toEqual(['Zonnebrand', 'Rijke crème'])
    expect((await app.inject({ url: staffUrl(anna.id), headers: bob.headers })).statusCode).toBe(404)
    const other = await customer({ first: 'Ina' })
    expect((await app.inject({ url: staffUrl(anna.id), headers: other.headers })).statusCode).toBe(404)
    expect((await app.inject({ url: staffUrl('not-a-uuid'), headers: owner })).statusCode).toBe(400)
  })
})

describe('customer advice: the customer', () => {
  it('customer-advice: a customer sees only their customer advice that shows, with why in customer titles', async () => {
    const res = await app.inject({ url: mine(), headers: anna.headers })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as CustomerAdviceItem[]
    expect(names(items)).toEqual(['Zonnebrand', 'Rijke crème'])
    expect(items.every((i) => i.advice.kind === 'customerAdvice' && i.shows)).toBe(true)
    expect(items[1].why.matched?.parts[0]).toEqual({ question: 'Skin type', operator: 'equals', values: ['Dry'] })
    expect(JSON.stringify(res.json())).not.toContain('Let op bij peeling')
  })

  it("customer-advice: a customer never sees another branch's or customer's advice", async () => {
    const res = await app.inject({ url: mine(), headers: bob.headers })
    expect(res.statusCode).toBe(200)
    // Bob answered nothing: only the module without conditions of his own branch.
    expect(names(res.json().items)).toEqual(['Alleen vestiging 2'])
    expect((await app.inject({ url: mine(orgB.id), headers: anna.headers })).statusCode).toBe(404)
    expect((await app.inject({ url: mine(), headers: owner })).statusCode).toBe(403)
  })
})

describe('customer advice: notification', () => {
  it('customer-advice: e-mail in the organisation language with a link to the advice page', async () => {
    const res = await notify(anna.id, 'email')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ channel: 'email', notificationId: null })
    const mail = await lastMail(app, anna.email)
    expect(mail?.subject).toMatch(/advies/i)
    expect(mail?.text).toContain('/advice')
    const audited = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.customerId, anna.id), eq(auditEvents.event, 'adviceNotification')))
    expect(audited).toHaveLength(1)
  })

  it('customer-advice: an English customer of a Dutch organisation gets the mail in English', async () => {
    const c = await customer({ first: 'Emma', allowed: ['email'] })
    await app.db.update(customers).set({ language: 'en' }).where(eq(customers.id, c.id))
    expect((await notify(c.id, 'email')).statusCode).toBe(200)
    const mail = await lastMail(app, c.email)
    expect(mail?.subject).toMatch(/your advice/i)
    expect(mail?.text).toContain('Emma')
    expect(mail?.text).toContain('/advice')
  })

  it('customer-advice: in-app notice shows until seen, only to that customer', async () => {
    const c = await customer({ first: 'Cas' })
    const res = await notify(c.id, 'inApp')
    expect(res.statusCode).toBe(200)
    const id = res.json().notificationId as string
    const listUrl = apiUrl(API.customerAdvice.myNotifications, { org: org.id })
    const list = await app.inject({ url: listUrl, headers: c.headers })
    expect(list.json()).toEqual([expect.objectContaining({ id, kind: 'adviceReady', seenAt: null })])
    expect((await app.inject({ url: listUrl, headers: anna.headers })).json()).toEqual([])
    // Another customer cannot mark it seen.
    const seenUrl = `${listUrl}/${id}/seen`
    expect((await app.inject({ method: 'PUT', url: seenUrl, headers: anna.headers })).statusCode).toBe(404)
    const seen = await app.inject({ method: 'PUT', url: seenUrl, headers: c.headers })
    expect(seen.statusCode).toBe(200)
    expect(seen.json().seenAt).not.toBeNull()
    expect((await app.inject({ url: listUrl, headers: c.headers })).json()).toEqual([])
    const rows = await app.db.select().from(customerNotifications).where(eq(customerNotifications.id, id))
    expect(rows[0]).toMatchObject({ customerId: c.id, kind: 'adviceReady', salonId: s1.id })
  })

  it('customer-advice: WhatsApp takes a credit and reaches the peer; no credits is a clear 409', async () => {
    const c = await customer({ first: 'Dewi', phone: '+31687654321' })
    await app.db.update(organisations).set({ whatsappCredits: 1 }).where(eq(organisations.id, org.id))
    const res = await notify(c.id, 'whatsapp')
    expect(res.statusCode).toBe(200)
    expect((await whatsapp.waitFor((m) => m.to === '31687654321'))?.text).toContain('/advice')
    const [o] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
    expect(o.whatsappCredits).toBe(0)
    const none = await notify(c.id, 'whatsapp')
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ code: 'ADVICE_NO_CREDITS', message: 'Not enough Whatsapp credits.' })
    const queued = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.organisationId, org.id), eq(outboxMessages.channel, 'whatsapp')))
    expect(queued).toHaveLength(1)
  })

  it('customer-advice: channels outside the allowed types and bad input are refused', async () => {
    const c = await customer({ first: 'Eva', allowed: ['email'], phone: null })
    const wa = await notify(c.id, 'whatsapp')
    expect(wa.statusCode).toBe(409)
    expect(wa.json().code).toBe('ADVICE_CHANNEL_NOT_ALLOWED')
    const noPhone = await customer({ first: 'Fenna', allowed: ['whatsapp'], phone: null })
    expect((await notify(noPhone.id, 'whatsapp')).json().code).toBe('ADVICE_NO_PHONE')
    expect((await notify(c.id, 'sms')).statusCode).toBe(400)
    expect((await notify(c.id, 'email', reader.headers)).statusCode).toBe(403)
    expect((await notify(c.id, 'email', orgB.owner.headers, orgB.id)).statusCode).toBe(404)
    expect((await notify(bob.id, 'email')).statusCode).toBe(404)
    expect((await notify(c.id, 'email', c.headers)).statusCode).toBe(403)
  })

  it('customer-advice: notifications are rate-limited per customer', async () => {
    const c = await customer({ first: 'Gijs' })
    const codes: number[] = []
    for (let i = 0; i < 5; i++) codes.push((await notify(c.id, 'inApp')).statusCode)
    expect(codes.slice(0, 3)).toEqual([200, 200, 200])
    expect(codes.at(-1)).toBe(429)
  })
})
