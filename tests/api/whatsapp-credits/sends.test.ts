import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import {
  organisations,
  outboxMessages,
  subscriptionOptions,
  whatsappCreditTransactions,
  whatsappMessageCosts,
} from '../../../server/db/schema'
import { startTrial } from '../../../server/services/billing/trial'
import { appendEntry } from '../../../server/services/whatsapp-credits/ledger'
import { seedDocument } from '../../documents/fixtures'
import { seedCustomer } from '../../helpers/customers'
import { seedOrganisation, type SeededOrganisation } from '../../helpers/factories'
import { startWhatsAppPeer } from '../../helpers/peers/whatsapp'
import { apiUrl } from '../../helpers/url'
import { postQuestionnaire } from '../questionnaires-fixtures'
import { billingApp, paymentRow, seedPlan } from '../subscriptions/fixtures'

/*
 * Issue 23: every WhatsApp send takes its credits before the message goes (10 sends at once on
 * a balance of 5 send exactly 5), a message the provider refuses gives them back, an empty
 * balance sends nothing, and the owner hears once per crossing below the threshold. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const whatsapp = await startWhatsAppPeer()
const { app, sandbox } = await billingApp(whatsapp.config)

let phone = 31_600_000_000
async function world(credits: number) {
  const org = await seedOrganisation(app)
  if (credits > 0) await grant(org.id, credits)
  const q = await postQuestionnaire(app, org.id, org.salons[0].id, org.owner.headers)
  return { org, q }
}
const grant = (organisationId: string, delta: number) =>
  app.db.transaction((tx) => appendEntry(tx, { organisationId, reason: 'adjustment', delta }))
const customer = async (org: SeededOrganisation) => {
  const phoneNumber = `+${++phone}`
  const c = await seedCustomer(app, {
    organisationId: org.id,
    salonIds: [org.salons[0].id],
    emailPrefix: 'wa-',
    firstName: 'Noor',
    lastName: 'Bakker',
    phone: phoneNumber,
    defaultMessaging: 'whatsapp',
    allowed: ['whatsapp', 'email'],
  })
  return { ...c, phone: phoneNumber }
}
const sendQuestionnaire = (org: SeededOrganisation, questionnaireId: string, customerIds: string[]) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.questionnaires.send, { org: org.id, salon: org.salons[0].id }),
    headers: org.owner.headers,
    payload: { questionnaireId, customerIds, channel: 'whatsapp' },
  })
const balanceOf = async (orgId: string) =>
  (await app.db.select().from(organisations).where(eq(organisations.id, orgId)))[0].whatsappCredits
const ledgerOf = (orgId: string) =>
  app.db.select().from(whatsappCreditTransactions).where(eq(whatsappCreditTransactions.organisationId, orgId))
const ledgerSum = async (orgId: string) => (await ledgerOf(orgId)).reduce((n, r) => n + r.delta, 0)
const outboxOf = (orgId: string) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.organisationId, orgId), eq(outboxMessages.channel, 'whatsapp')))
const lowMails = (orgId: string) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.organisationId, orgId),
        eq(outboxMessages.channel, 'email'),
        like(outboxMessages.subject, '%WhatsApp%'),
      ),
    )
const waitFor = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('a send takes its credits', () => {
  it('credits: 10 sends at once on a balance of 5 send exactly 5; the rest are refused, nothing below zero', async () => {
    const { org, q } = await world(5)
    const people = await Promise.all(Array.from({ length: 10 }, () => customer(org)))
    const results = await Promise.all(people.map((c) => sendQuestionnaire(org, q.id, [c.id])))
    const bodies = results.map((r) => r.json())
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(bodies.filter((b) => b.sent.length === 1)).toHaveLength(5)
    const refused = bodies.filter((b) => b.failed.length === 1)
    expect(refused).toHaveLength(5)
    expect(refused[0].failed[0]).toMatchObject({ code: 'send.noCredits', message: 'Not enough Whatsapp credits.' })
    expect(await balanceOf(org.id)).toBe(0)
    expect(await outboxOf(org.id)).toHaveLength(5)
    const sends = (await ledgerOf(org.id)).filter((r) => r.reason === 'send')
    expect(sends).toHaveLength(5)
    expect(new Set(sends.map((s) => s.balanceAfter))).toEqual(new Set([0, 1, 2, 3, 4]))
    expect(await ledgerSum(org.id)).toBe(0)
  })

  it('credits: an empty balance refuses with the spec text and sends nothing', async () => {
    const { org, q } = await world(0)
    const c = await customer(org)
    const res = await sendQuestionnaire(org, q.id, [c.id])
    expect(res.json().failed[0]).toMatchObject({ code: 'send.noCredits', message: 'Not enough Whatsapp credits.' })
    expect(await outboxOf(org.id)).toEqual([])
    expect(await ledgerOf(org.id)).toEqual([])
    expect(whatsapp.messages().some((m) => m.to === c.phone.replace('+', ''))).toBe(false)
  })

  it('credits: a send is one ledger row with the customer, what was sent and its category; the history shows the name', async () => {
    const { org, q } = await world(3)
    const c = await customer(org)
    await sendQuestionnaire(org, q.id, [c.id])
    const res = await app.inject({
      url: apiUrl(API.whatsappCredits.transactions, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(res.json()[0]).toMatchObject({
      reason: 'send',
      delta: -1,
      balanceAfter: 2,
      customerId: c.id,
      customerName: 'Noor Bakker',
      source: 'questionnaire',
      category: 'utility',
    })
    await waitFor(async () => whatsapp.messages().some((m) => m.to === c.phone.replace('+', '')))
  })

  it('credits: the cost per message comes from the table by category', async () => {
    const { org, q } = await world(10)
    await app.db.update(whatsappMessageCosts).set({ credits: 3 }).where(eq(whatsappMessageCosts.category, 'utility'))
    try {
      const c = await customer(org)
      await sendQuestionnaire(org, q.id, [c.id])
      expect(await balanceOf(org.id)).toBe(7)
    } finally {
      await app.db.update(whatsappMessageCosts).set({ credits: 1 }).where(eq(whatsappMessageCosts.category, 'utility'))
    }
  })

  it('credits: a message the provider refuses gives its credit back (a refund row), once', async () => {
    const { org, q } = await world(2)
    const c = await customer(org)
    whatsapp.refuseNext(1)
    await sendQuestionnaire(org, q.id, [c.id])
    await waitFor(async () => (await ledgerOf(org.id)).some((r) => r.reason === 'refund'))
    const [msg] = await outboxOf(org.id)
    expect(msg.status).toBe('failed')
    const rows = await ledgerOf(org.id)
    expect(rows.filter((r) => r.reason === 'refund')).toMatchObject([
      { delta: 1, messageId: msg.id, customerId: c.id, balanceAfter: 2 },
    ])
    expect(await balanceOf(org.id)).toBe(2)
    expect(await ledgerSum(org.id)).toBe(2)
  })
})

describe('the ledger', () => {
  it('credits: rows can be neither changed nor removed (a database trigger)', async () => {
    const { org } = await world(5)
    await expect(
      app.db.execute(sql`update whatsapp_credit_transactions set delta = 500 where organisation_id = ${org.id}`),
    ).rejects.toThrow()
    await expect(
      app.db.execute(sql`delete from whatsapp_credit_transactions where organisation_id = ${org.id}`),
    ).rejects.toThrow()
    expect(await ledgerOf(org.id)).toMatchObject([{ delta: 5 }])
    // The organisation's own removal takes its rows along.
    await app.db.delete(organisations).where(eq(organisations.id, org.id))
    expect(await ledgerOf(org.id)).toEqual([])
  })

  it('credits: the balance never goes below zero, even written directly', async () => {
    const { org } = await world(1)
    await expect(
      app.db.update(organisations).set({ whatsappCredits: -1 }).where(eq(organisations.id, org.id)),
    ).rejects.toThrow()
  })
})

describe('low balance', () => {
  it('credits: one e-mail to the owner per crossing below the threshold; a top-up re-arms it; admins see it as low', async () => {
    const { org, q } = await world(21)
    const send = async () => {
      const c = await customer(org)
      expect((await sendQuestionnaire(org, q.id, [c.id])).json().sent).toHaveLength(1)
    }
    await send() // 20: not below
    await send() // 19: below → one e-mail
    await waitFor(async () => (await lowMails(org.id)).length === 1)
    const [mail] = await lowMails(org.id)
    expect(mail.recipient).toBe(org.owner.email)
    expect(mail.text).toContain('19')
    const warned = await app.inject({
      url: apiUrl(API.whatsappCredits.balance, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(warned.json()).toMatchObject({ balance: 19, low: true, warning: true })
    // Back above without a top-up (an adjustment), and below again: no second e-mail.
    await grant(org.id, 5)
    await send()
    await send()
    await send()
    await send()
    const balance = await app.inject({
      url: apiUrl(API.whatsappCredits.balance, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(balance.json()).toMatchObject({ balance: 20, low: false })
    await send() // 19 again
    await waitFor(async () => (await outboxOf(org.id)).length === 7)
    // A top-up (a paid purchase) re-arms it: the next crossing mails again.
    const bought = await app.inject({
      method: 'POST',
      url: apiUrl(API.whatsappCredits.creditPayment, { org: org.id }),
      headers: org.owner.headers,
      payload: { optionId: '01970000-0000-7000-8000-000000000101' },
    })
    const row = await paymentRow(app, bought.json().payment.id)
    await sandbox.choose(row.providerPaymentId as string, 'paid')
    expect(await balanceOf(org.id)).toBe(119)
    expect(await lowMails(org.id)).toHaveLength(1)
    await app.db.transaction((tx) => appendEntry(tx, { organisationId: org.id, reason: 'adjustment', delta: -99 }))
    await send() // 19
    await waitFor(async () => (await lowMails(org.id)).length === 2)
    expect(await ledgerSum(org.id)).toBe(await balanceOf(org.id))
  })
})

describe('documents by WhatsApp', () => {
  it("credits: documents by WhatsApp respect the plan's whatsapp feature, like questionnaires and advice", async () => {
    const org = await seedOrganisation(app)
    await startTrial(app.db, org.id, new Date())
    // On a plan with documents but without WhatsApp.
    const plan = await seedPlan(app, { code: `docs-${crypto.randomUUID()}`, monthly: 1000, yearly: 10000, rank: 9 })
    await app.db
      .update(subscriptionOptions)
      .set({ features: ['documents'] })
      .where(eq(subscriptionOptions.id, plan))
    await app.db.execute(
      sql`update subscriptions set option_id = ${plan}, trial = false where organisation_id = ${org.id}`,
    )
    await grant(org.id, 5)
    const doc = await seedDocument(app, org.id, { kind: 'document', name: 'Nazorg' })
    const c = await customer(org)
    const res = await app.inject({
      method: 'POST',
      url: `${apiUrl(API.customerDocuments.send, { org: org.id, id: c.id })}?salonId=${org.salons[0].id}`,
      headers: org.owner.headers,
      payload: { id: crypto.randomUUID(), documentId: doc.documentId, channel: 'whatsApp' },
    })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', details: { feature: 'whatsapp' } })
    const bulk = await app.inject({
      method: 'POST',
      url: `${apiUrl(API.customerDocuments.bulkSend, { org: org.id })}?salonId=${org.salons[0].id}`,
      headers: org.owner.headers,
      payload: { batchId: crypto.randomUUID(), documentId: doc.documentId, customerIds: [c.id] },
    })
    expect(bulk.statusCode).toBe(402)
    expect(await outboxOf(org.id)).toEqual([])
    expect(await balanceOf(org.id)).toBe(5)
  })
})
