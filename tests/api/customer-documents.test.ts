import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { CustomerDocument } from '../../contract/documents'
import type { BulkSendResult } from '../../contract/documents/send'
import {
  auditEvents,
  customerActivities,
  customerDocuments,
  documents,
  organisations,
  outboxMessages,
} from '../../server/db/schema'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'
import { buildTestApp } from '../helpers/app'
import { seedCustomer } from '../helpers/customers'
import { startWhatsAppPeer } from '../helpers/peers/whatsapp'
import { lastMail } from '../helpers/auth'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { twoOrganisations } from '../helpers/two-organisations'

const whatsapp = await startWhatsAppPeer()
const app = await buildTestApp(whatsapp.config)
const { org, orgB, s1, s2, owner, staff } = await twoOrganisations(app)

const sender = await staff(['readCustomers', 'manageCustomers'])
const reader = await staff(['readCustomers'])
const nobody = await staff([])

async function customer(
  opts: { first?: string; allowed?: string[]; phone?: string | null; salons?: string[]; language?: string | null } = {},
  orgId = org.id,
) {
  return seedCustomer(app, {
    organisationId: orgId,
    salonIds: opts.salons ?? [s1.id],
    emailPrefix: 'doc-',
    firstName: opts.first ?? 'Sanne',
    lastName: 'Test',
    phone: opts.phone === undefined ? '+31612345678' : opts.phone,
    defaultMessaging: opts.allowed?.[0] ?? 'email',
    allowed: opts.allowed ?? ['email', 'whatsapp'],
    language: opts.language ?? null,
  })
}

const consent = await seedDocument(app, org.id, { kind: 'consentForm', name: 'Toestemming peeling' })
const info = await seedDocument(app, org.id, { kind: 'document', name: 'Nazorg' })
const archived = await seedDocument(app, org.id, { kind: 'document', name: 'Oud' })
await app.db.update(documents).set({ archivedAt: new Date() }).where(eq(documents.id, archived.documentId))
const foreignDoc = await seedDocument(app, orgB.id)

const send = (
  customerId: string,
  body: Record<string, unknown>,
  opts: { headers?: Record<string, string>; salonId?: string; orgId?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: apiUrl(
      API.customerDocuments.send,
      { org: opts.orgId ?? org.id, id: customerId },
      { salonId: opts.salonId ?? s1.id },
    ),
    headers: opts.headers ?? sender.headers,
    payload: { id: uuidv7(), channel: 'email', ...body },
  })
const list = (customerId: string, headers = sender.headers, salonId = s1.id) =>
  app.inject({ url: apiUrl(API.customerDocuments.list, { org: org.id, id: customerId }, { salonId }), headers })
const remove = (customerId: string, id: string, headers = sender.headers, salonId = s1.id) =>
  app.inject({
    method: 'DELETE',
    url: apiUrl(API.customerDocuments.remove, { org: org.id, id: customerId, docId: id }, { salonId }),
    headers,
  })
const mailsTo = async (to: string) =>
  (await app.inject({ url: apiUrl(API.dev.mailbox, { to }) })).json().messages as {
    subject: string
    text: string
  }[]
const auditsOf = (customerId: string) => app.db.select().from(auditEvents).where(eq(auditEvents.customerId, customerId))
const activitiesOf = (customerId: string) =>
  app.db.select().from(customerActivities).where(eq(customerActivities.customerId, customerId))

describe('POST /customers/{id}/documents (send one)', () => {
  it('documents: a consent form by e-mail is recorded (not seen, sent at/by), audited customerConsentSend, logged documentSent, and the mail links to the documents page in the customer’s language', async () => {
    const c = await customer({ language: 'en' })
    const id = uuidv7()
    const res = await send(c.id, { id, documentId: consent.documentId, channel: 'email' })
    expect(res.statusCode).toBe(201)
    const row = res.json() as CustomerDocument
    expect(row).toMatchObject({
      id,
      customerId: c.id,
      salonId: s1.id,
      documentId: consent.documentId,
      versionId: consent.versionId,
      kind: 'consentForm',
      name: 'Toestemming peeling',
      versionNumber: 1,
      status: 'notSeen',
      channel: 'email',
      sentByName: 'Test Employee',
      evidence: null,
    })
    expect(Date.now() - Date.parse(row.sentAt)).toBeLessThan(60_000)
    const mail = await lastMail(app, c.email)
    expect(mail?.subject).toBe(`Consent form from ${org.companyName}: Toestemming peeling`)
    expect(mail?.text).toContain(`/${org.slug}/documents`)
    const audits = await auditsOf(c.id)
    expect(audits.map((a) => a.event)).toEqual(['customerConsentSend'])
    expect(audits[0]).toMatchObject({ actorId: sender.id, salonId: s1.id })
    expect(audits[0].data).toMatchObject({ customerDocumentId: id, channel: 'email' })
    const acts = await activitiesOf(c.id)
    expect(acts.map((a) => a.type)).toEqual(['documentSent'])

    // The same send again (a lost answer): the stored one, no second mail, no second record.
    const again = await send(c.id, { id, documentId: consent.documentId, channel: 'email' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(row)
    expect(await mailsTo(c.email)).toHaveLength(1)
    expect(await auditsOf(c.id)).toHaveLength(1)
    // The same id for something else is taken.
    const other = await send(c.id, { id, documentId: info.documentId, channel: 'email' })
    expect(other.statusCode).toBe(400)
    expect(other.json().details.fields[0].path).toBe('id')
  })

  it('documents: an information document is audited customerDocumentSend; a customer without a language gets the organisation’s', async () => {
    const c = await customer({ language: null })
    const res = await send(c.id, { documentId: info.documentId })
    expect(res.statusCode).toBe(201)
    expect((await auditsOf(c.id)).map((a) => a.event)).toEqual(['customerDocumentSend'])
    const mail = await lastMail(app, c.email)
    expect(mail?.subject).toBe(`Document van ${org.companyName}: Nazorg`)
  })

  it('documents: in-app sends no message; the customer’s area lists it', async () => {
    const c = await customer()
    const res = await send(c.id, { documentId: info.documentId, channel: 'inApp' })
    expect(res.statusCode).toBe(201)
    expect(res.json().channel).toBe('inApp')
    expect(await mailsTo(c.email)).toHaveLength(0)
  })

  it('documents: no document chosen says the spec’s message at the field, and nothing is sent', async () => {
    const c = await customer()
    const res = await send(c.id, { documentId: undefined })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toEqual([
      {
        path: 'documentId',
        code: 'documentSend.selectDocument',
        params: {},
        message: 'A document must be selected to send one.',
      },
    ])
    expect(await mailsTo(c.email)).toHaveLength(0)
  })

  it('documents: a channel the customer does not accept, WhatsApp without a phone or credits, are refused at the channel and change nothing', async () => {
    const emailOnly = await customer({ allowed: ['email'] })
    const refused = await send(emailOnly.id, { documentId: consent.documentId, channel: 'whatsApp' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().details.fields[0]).toMatchObject({
      path: 'channel',
      code: 'send.notificationType',
      message: 'Customer does not accept this notification type.',
    })
    const noPhone = await customer({ allowed: ['whatsapp'], phone: null })
    const np = await send(noPhone.id, { documentId: consent.documentId, channel: 'whatsApp' })
    expect(np.json().details.fields[0].code).toBe('send.noPhone')
    await app.db.update(organisations).set({ whatsappCredits: 0 }).where(eq(organisations.id, org.id))
    const wa = await customer({ allowed: ['whatsapp'], phone: '+31687654000' })
    const noCredits = await send(wa.id, { documentId: consent.documentId, channel: 'whatsApp' })
    expect(noCredits.json().details.fields[0].code).toBe('send.noCredits')
    for (const c of [emailOnly, noPhone, wa]) {
      expect(await app.db.select().from(customerDocuments).where(eq(customerDocuments.customerId, c.id))).toEqual([])
      expect(await auditsOf(c.id)).toEqual([])
    }
    // With a credit: one message queued in the WhatsApp outbox and delivered, the credit spent.
    await app.db.update(organisations).set({ whatsappCredits: 1 }).where(eq(organisations.id, org.id))
    const ok = await send(wa.id, { documentId: consent.documentId, channel: 'whatsApp' })
    expect(ok.statusCode).toBe(201)
    expect((await whatsapp.waitFor((m) => m.to === '31687654000'))?.text).toContain(`/${org.slug}/documents`)
    const [o] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
    expect(o.whatsappCredits).toBe(0)
    const queued = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.organisationId, org.id), eq(outboxMessages.channel, 'whatsapp')))
    expect(queued).toHaveLength(1)
  })

  it('documents: an archived document is DOCUMENT_ARCHIVED; another organisation’s is not found', async () => {
    const c = await customer()
    const res = await send(c.id, { documentId: archived.documentId })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('DOCUMENT_ARCHIVED')
    const foreign = await send(c.id, { documentId: foreignDoc.documentId })
    expect(foreign.statusCode).toBe(404)
  })

  it('documents: permissions — a reader may not send, another branch’s customer or branch is refused, another organisation is 404', async () => {
    const c = await customer()
    expect((await send(c.id, { documentId: info.documentId }, { headers: reader.headers })).statusCode).toBe(403)
    expect((await send(c.id, { documentId: info.documentId }, { headers: nobody.headers })).statusCode).toBe(403)
    // The sender holds no role in branch 2.
    expect((await send(c.id, { documentId: info.documentId }, { salonId: s2.id })).statusCode).toBe(403)
    const inS2 = await customer({ salons: [s2.id] })
    const notHere = await send(inS2.id, { documentId: info.documentId }, { headers: owner })
    expect(notHere.statusCode).toBe(404)
    expect(notHere.json().code).toBe('CUSTOMER_NOT_FOUND')
    const theirs = await send(c.id, { documentId: info.documentId }, { headers: orgB.owner.headers })
    expect(theirs.statusCode).toBe(404)
    const theirCustomer = await customer({ salons: [orgB.salons[0].id] }, orgB.id)
    const cross = await send(theirCustomer.id, { documentId: info.documentId }, { headers: owner })
    expect(cross.statusCode).toBe(404)
    expect(await mailsTo(c.email)).toHaveLength(0)
  })
})

describe('GET /customers/{id}/documents', () => {
  it('documents: the customer’s documents newest first, for readers of the branch; others 403/404', async () => {
    const c = await customer()
    const first = await seedCustomerDocument(app, {
      organisationId: org.id,
      salonId: s1.id,
      customerId: c.id,
      ...{ documentId: info.documentId, versionId: info.versionId },
    })
    await new Promise((r) => setTimeout(r, 5))
    const second = (await send(c.id, { documentId: consent.documentId, channel: 'inApp' })).json().id
    const res = await list(c.id, reader.headers)
    expect(res.statusCode).toBe(200)
    expect((res.json() as CustomerDocument[]).map((d) => d.id)).toEqual([second, first])
    expect((await list(c.id, nobody.headers)).statusCode).toBe(403)
    const inS2 = await customer({ salons: [s2.id] })
    expect((await list(inS2.id, owner)).statusCode).toBe(404)
    expect((await list(c.id, orgB.owner.headers)).statusCode).toBe(404)
  })
})

describe('DELETE /customers/{id}/documents/{docId}', () => {
  it('documents: removes a sent document as a tombstone, audited customerDocumentDelete, logged documentDelete', async () => {
    const c = await customer()
    const sent = (await send(c.id, { documentId: consent.documentId, channel: 'inApp' })).json() as CustomerDocument
    expect((await remove(c.id, sent.id, reader.headers)).statusCode).toBe(403)
    expect((await remove(c.id, sent.id, orgB.owner.headers)).statusCode).toBe(404)
    const res = await remove(c.id, sent.id)
    expect(res.statusCode).toBe(204)
    const [row] = await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, sent.id))
    expect(row.deletedAt).not.toBeNull()
    expect(row.version).toBeGreaterThan(sent.version)
    expect((await list(c.id)).json()).toEqual([])
    expect((await auditsOf(c.id)).map((a) => a.event)).toEqual(['customerConsentSend', 'customerDocumentDelete'])
    expect((await activitiesOf(c.id)).map((a) => a.type).sort()).toEqual(['documentDelete', 'documentSent'])
    expect((await remove(c.id, sent.id)).statusCode).toBe(404)
  })

  it('documents: an accepted consent form is never removed (CONSENT_ACCEPTED)', async () => {
    const c = await customer()
    const id = await seedCustomerDocument(app, {
      organisationId: org.id,
      salonId: s1.id,
      customerId: c.id,
      documentId: consent.documentId,
      versionId: consent.versionId,
    })
    await app.db.update(customerDocuments).set({ status: 'accepted' }).where(eq(customerDocuments.id, id))
    const res = await remove(c.id, id)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('CONSENT_ACCEPTED')
    const [row] = await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, id))
    expect(row.deletedAt).toBeNull()
  })
})

describe('POST /customers/documents/send (bulk)', () => {
  const bulk = (body: Record<string, unknown>, headers = sender.headers, salonId = s1.id) =>
    app.inject({
      method: 'POST',
      url: apiUrl(API.customerDocuments.bulkSend, { org: org.id }, { salonId }),
      headers,
      payload: body,
    })

  it('documents: one document to many, each by their default type; who cannot be reached is skipped with a reason code; the same batch again sends nothing twice', async () => {
    const a = await customer({ first: 'Anna' })
    const b = await customer({ first: 'Bo', allowed: ['whatsapp'], phone: null })
    const elsewhere = await customer({ first: 'Cas', salons: [s2.id] })
    const batchId = uuidv7()
    const body = { batchId, documentId: info.documentId, customerIds: [a.id, b.id, elsewhere.id] }
    const res = await bulk(body)
    expect(res.statusCode).toBe(200)
    const result = res.json() as BulkSendResult
    expect(result.sent).toBe(1)
    expect(result.skipped).toBe(2)
    expect(result.results.map((r) => [r.customerId, r.status, r.reason, r.channel])).toEqual([
      [a.id, 'sent', null, 'email'],
      [b.id, 'skipped', 'noPhone', null],
      [elsewhere.id, 'skipped', 'customerNotFound', null],
    ])
    expect(await mailsTo(a.email)).toHaveLength(1)
    const again = (await bulk(body)).json() as BulkSendResult
    expect(again.results).toEqual(result.results)
    expect(await mailsTo(a.email)).toHaveLength(1)
    expect(await app.db.select().from(customerDocuments).where(eq(customerDocuments.customerId, a.id))).toHaveLength(1)
    // Without a document: the spec's message; a reader may not send.
    const none = await bulk({ batchId: uuidv7(), customerIds: [a.id] })
    expect(none.json().details.fields[0].code).toBe('documentSend.selectDocument')
    expect((await bulk({ ...body, batchId: uuidv7() }, reader.headers)).statusCode).toBe(403)
    expect((await bulk({ ...body, batchId: uuidv7() }, orgB.owner.headers)).statusCode).toBe(404)
  })
})

describe('POST /documents/{id}/reconsent', () => {
  it('documents: the new version goes to exactly those who accepted an older one and were not sent the new one, audited customerConsentSend', async () => {
    const form = await seedDocument(app, org.id, { kind: 'consentForm', name: 'Laser', versions: 2 })
    const [v1, v2] = form.versionIds
    const give = async (customerId: string, versionId: string, status: string) => {
      const id = await seedCustomerDocument(app, {
        organisationId: org.id,
        salonId: s1.id,
        customerId,
        documentId: form.documentId,
        versionId,
      })
      await app.db.update(customerDocuments).set({ status }).where(eq(customerDocuments.id, id))
    }
    const needs = await customer({ first: 'Needs' })
    const current = await customer({ first: 'Current' })
    const waiting = await customer({ first: 'Waiting' })
    const never = await customer({ first: 'Never' })
    const otherBranch = await customer({ first: 'Other', salons: [s2.id] })
    await give(needs.id, v1, 'accepted')
    await give(current.id, v1, 'accepted')
    await give(current.id, v2, 'accepted')
    await give(waiting.id, v1, 'accepted')
    await give(waiting.id, v2, 'notSeen')
    await give(never.id, v1, 'declined')
    await give(otherBranch.id, v1, 'accepted')
    const url = apiUrl(API.customerDocuments.reconsent, { org: org.id, id: form.documentId }, { salonId: s1.id })
    const res = await app.inject({ method: 'POST', url, headers: sender.headers, payload: { batchId: uuidv7() } })
    expect(res.statusCode).toBe(200)
    const result = res.json() as BulkSendResult
    expect(result.results.map((r) => [r.customerId, r.status])).toEqual([[needs.id, 'sent']])
    const [sent] = await app.db
      .select()
      .from(customerDocuments)
      .where(and(eq(customerDocuments.customerId, needs.id), eq(customerDocuments.versionId, v2)))
    expect(sent.status).toBe('notSeen')
    const audits = await auditsOf(needs.id)
    expect(audits.map((a) => [a.event, (a.data as { reconsent?: boolean }).reconsent])).toEqual([
      ['customerConsentSend', true],
    ])
    // Sent now: nobody left who needs it.
    const again = await app.inject({ method: 'POST', url, headers: sender.headers, payload: { batchId: uuidv7() } })
    expect(again.json().sent).toBe(0)
    expect(
      (await app.inject({ method: 'POST', url, headers: reader.headers, payload: { batchId: uuidv7() } })).statusCode,
    ).toBe(403)
    const foreign = apiUrl(
      API.customerDocuments.reconsent,
      { org: org.id, id: foreignDoc.documentId },
      { salonId: s1.id },
    )
    expect(
      (await app.inject({ method: 'POST', url: foreign, headers: owner, payload: { batchId: uuidv7() } })).statusCode,
    ).toBe(404)
  })
})
