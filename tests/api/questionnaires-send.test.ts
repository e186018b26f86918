import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messageText } from '../../contract/messages'
import { SEND_MSG, ZSendResult } from '../../contract/questionnaires'
import { customers, organisations, outboxMessages } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedCustomer } from '../helpers/customers'
import { startWhatsAppPeer } from '../helpers/peers/whatsapp'
import { lastMail } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { newId, postQuestionnaire, questionnaireBody } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const whatsapp = await startWhatsAppPeer()
const received = whatsapp.requests
const app = await buildTestApp(whatsapp.config)
const org = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [s1, s2] = org.salons
const owner = org.owner.headers
const q = await postQuestionnaire(
  app,
  org.id,
  s1.id,
  owner,
  questionnaireBody({ messageTemplate: 'Dag {{name}}: {{link}}' }),
)
const plain = await postQuestionnaire(app, org.id, s1.id, owner)
const url = (o = org.id, salon = s1.id) => apiUrl(API.questionnaires.send, { org: o, salon })

async function customer(opts: { first: string; phone?: string; allowed: string[]; def?: string; salon?: string }) {
  return seedCustomer(app, {
    organisationId: org.id,
    salonIds: [opts.salon ?? s1.id],
    emailPrefix: 'c-',
    firstName: opts.first,
    lastName: 'Test',
    phone: opts.phone ?? null,
    defaultMessaging: opts.def ?? opts.allowed[0],
    allowed: opts.allowed,
  })
}
const setCredits = (n: number) =>
  app.db.update(organisations).set({ whatsappCredits: n }).where(eq(organisations.id, org.id))
const credits = async () =>
  (await app.db.select().from(organisations).where(eq(organisations.id, org.id)))[0].whatsappCredits
const send = (payload: Record<string, unknown>, headers = owner, o = org.id) =>
  app.inject({ method: 'POST', url: url(o), headers, payload })
const waitFor = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('POST /questionnaires/send', () => {
  it('send: by e-mail with the template, the name and the shortcut link', async () => {
    const c = await customer({ first: 'Mila', allowed: ['email'] })
    const res = await send({ questionnaireId: q.id, customerIds: [c.id] })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      sent: [{ customerId: c.id, channel: 'email' }],
      failed: [],
      summary: null,
      message: null,
    })
    const mail = await lastMail(app, c.email)
    expect(mail?.text).toMatch(/^Dag Mila: http:\/\/localhost:\d+\/shortcut\?code=[A-Z0-9]{8}$/)
    const code = mail?.text.split('code=')[1] ?? ''
    const resolved = await app.inject({ url: apiUrl(API.shortcuts.resolve, { code }) })
    expect(resolved.json()).toMatchObject({ questionnaireId: q.id, email: c.email })
  })

  it('send: an English customer of a Dutch organisation gets the default invitation in English', async () => {
    const nl = await customer({ first: 'Lotte', allowed: ['email'] })
    const en = await customer({ first: 'Emma', allowed: ['email'] })
    await app.db.update(customers).set({ language: 'en' }).where(eq(customers.id, en.id))
    const res = await send({ questionnaireId: plain.id, customerIds: [nl.id, en.id] })
    expect(res.json().sent).toHaveLength(2)
    expect((await lastMail(app, en.email))?.subject).toMatch(/^A questionnaire for your visit/)
    expect((await lastMail(app, nl.email))?.subject).toMatch(/^Een vragenlijst voor je bezoek/)
  })

  it('send: WhatsApp through the Cloud API, one credit per message, sent once', async () => {
    await setCredits(5)
    const c = await customer({ first: 'Noor', phone: '+31612345678', allowed: ['email', 'whatsapp'] })
    const before = received.length
    const res = await send({ questionnaireId: plain.id, customerIds: [c.id], channel: 'whatsapp' })
    expect(res.json().sent).toEqual([{ customerId: c.id, channel: 'whatsapp' }])
    expect(await credits()).toBe(4)
    await waitFor(() => received.length > before)
    const r = received[received.length - 1]
    expect(r.path).toBe('/v19.0/1234567/messages')
    expect(r.auth).toBe('Bearer test-token')
    expect(r.body).toMatchObject({ messaging_product: 'whatsapp', to: '31612345678', type: 'text' })
    expect(r.body.text.body).toMatch(/^Hoi Noor,[\s\S]*\/shortcut\?code=/)
    const [row] = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'whatsapp'), eq(outboxMessages.recipient, '+31612345678')))
    await waitFor(
      async () =>
        (await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id)))[0].status === 'sent',
    )
    await new Promise((r2) => setTimeout(r2, 100))
    expect(received.length).toBe(before + 1)
  })

  it('send: a failed WhatsApp delivery is retried and then sent exactly once', async () => {
    await setCredits(1)
    const c = await customer({ first: 'Retry', phone: '+31699999999', allowed: ['whatsapp'] })
    whatsapp.failNext(1)
    const before = received.length
    await send({ questionnaireId: plain.id, customerIds: [c.id] })
    await waitFor(() => received.length > before)
    const rows = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, '+31699999999'))
    await waitFor(
      async () =>
        (await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, rows[0].id)))[0].status === 'sent',
    )
    const [row] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, rows[0].id))
    expect(row.attempts).toBe(2)
    expect(received.length).toBe(before + 1)
  })

  it('send: per-customer errors from the spec; the others are still sent', async () => {
    await setCredits(1)
    const ok = await customer({ first: 'Anna', phone: '+31611111111', allowed: ['whatsapp'] })
    const noPhone = await customer({ first: 'Bram', allowed: ['email', 'whatsapp'], def: 'email' })
    const emailOnly = await customer({ first: 'Cato', allowed: ['email'] })
    const broke = await customer({ first: 'Dirk', phone: '+31622222222', allowed: ['whatsapp'] })
    const other = await customer({ first: 'Eva', allowed: ['email'], salon: s2.id })
    const res = await send({
      questionnaireId: plain.id,
      channel: 'whatsapp',
      customerIds: [ok.id, noPhone.id, emailOnly.id, broke.id, other.id],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.sent).toEqual([{ customerId: ok.id, channel: 'whatsapp' }])
    // The English texts (the translatable code and params: the next test).
    expect(body.failed.map(({ code: _c, params: _p, ...f }: Record<string, unknown>) => f)).toEqual([
      { customerId: noPhone.id, name: 'Bram Test', message: 'Customer does not have a phone number.' },
      { customerId: emailOnly.id, name: 'Cato Test', message: 'Customer does not accept this notification type.' },
      { customerId: broke.id, name: 'Dirk Test', message: 'Not enough Whatsapp credits.' },
      { customerId: other.id, name: other.id, message: 'Customer not found.' },
    ])
    expect(body.message).toBe(`Failed to send questionnaire to: Bram Test, Cato Test, Dirk Test, ${other.id}.`)
    expect(await credits()).toBe(0)
  })

  it('send: each failure and the summary carry the catalogue key and its values, to translate by', async () => {
    await setCredits(0)
    const noPhone = await customer({ first: 'Hugo', allowed: ['email', 'whatsapp'], def: 'whatsapp' })
    const emailOnly = await customer({ first: 'Iris', allowed: ['email'] })
    const broke = await customer({ first: 'Jan', phone: '+31633333333', allowed: ['whatsapp'] })
    const other = await customer({ first: 'Kim', allowed: ['email'], salon: s2.id })
    const res = await send({
      questionnaireId: plain.id,
      channel: 'whatsapp',
      customerIds: [noPhone.id, emailOnly.id, broke.id, other.id],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.sent).toEqual([])
    expect(body.failed).toEqual([
      { customerId: noPhone.id, name: 'Hugo Test', code: 'send.noPhone', params: {}, message: SEND_MSG.noPhone },
      {
        customerId: emailOnly.id,
        name: 'Iris Test',
        code: 'send.notificationType',
        params: {},
        message: SEND_MSG.notificationType,
      },
      { customerId: broke.id, name: 'Jan Test', code: 'send.noCredits', params: {}, message: SEND_MSG.noCredits },
      {
        customerId: other.id,
        name: other.id,
        code: 'send.customerNotFound',
        params: {},
        message: SEND_MSG.customerNotFound,
      },
    ])
    // Each code is a contract message whose English is the message beside it.
    for (const f of body.failed) expect(messageText(f.code, f.params)).toBe(f.message)
    const names = `Hugo Test, Iris Test, Jan Test, ${other.id}`
    expect(body.summary).toEqual({ code: 'send.failedTo', params: { names } })
    expect(messageText(body.summary.code, body.summary.params)).toBe(body.message)
    expect(ZSendResult.parse(body)).toEqual(body)
  })

  it('send: a questionnaire must be selected; staff questionnaires cannot be sent', async () => {
    const c = await customer({ first: 'Fay', allowed: ['email'] })
    const res = await send({ customerIds: [c.id] })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toContainEqual({
      code: 'questionnaire.selectQuestionnaire',
      params: {},
      path: 'questionnaireId',
      message: 'A questionnaire must be selected',
    })
    const staffOnly = await postQuestionnaire(
      app,
      org.id,
      s1.id,
      owner,
      questionnaireBody({ kind: 'employeeQuestionnaire' }),
    )
    expect((await send({ questionnaireId: staffOnly.id, customerIds: [c.id] })).statusCode).toBe(404)
    expect((await send({ questionnaireId: newId(), customerIds: [c.id] })).statusCode).toBe(404)
  })

  it('send: permission 403; another organisation 404', async () => {
    const c = await customer({ first: 'Gijs', allowed: ['email'] })
    const reader = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [s1.id],
      permissions: ['readQuestionnaires'],
    })
    expect((await send({ questionnaireId: q.id, customerIds: [c.id] }, reader.headers)).statusCode).toBe(403)
    expect((await send({ questionnaireId: q.id, customerIds: [c.id] }, orgB.owner.headers)).statusCode).toBe(404)
    const b = await app.inject({
      method: 'POST',
      url: url(orgB.id, orgB.salons[0].id),
      headers: orgB.owner.headers,
      payload: { questionnaireId: q.id, customerIds: [c.id] },
    })
    expect(b.statusCode).toBe(404)
  })
})
