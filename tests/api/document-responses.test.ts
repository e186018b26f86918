import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { CustomerDocument } from '../../contract/documents'
import type { MyDocument } from '../../contract/documents/respond'
import { createSession } from '../../server/auth/sessions'
import { consentEvidence, customerActivities, customerDocuments, documentVersions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const dataDir = mkdtempSync(path.join(tmpdir(), 'doc-responses-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const anna = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const bob = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const carol = await insertCustomer(app, { organisationId: orgB.id, salonIds: [orgB.salons[0].id] })
const sessionOf = async (id: string, org: string) =>
  bearer((await createSession(app.db, { kind: 'customer', subjectId: id, organisationId: org, ttlHours: 1 })).token)
const annaAuth = await sessionOf(anna.id, orgA.id)
const bobAuth = await sessionOf(bob.id, orgA.id)
const carolAuth = await sessionOf(carol.id, orgB.id)
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const tablet = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const elsewhere = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a2.id],
  permissions: ['readCustomers', 'manageCustomers'],
})

const consent = await seedDocument(app, orgA.id)
const info = await seedDocument(app, orgA.id, { kind: 'document', name: 'Aftercare' })
const consentB = await seedDocument(app, orgB.id)

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`
const deviceTime = '2026-11-23T10:15:00.000+01:00'

const send = (customerId = anna.id, doc = consent, org = orgA.id, salonId = a1.id) =>
  seedCustomerDocument(app, {
    organisationId: org,
    salonId,
    customerId,
    documentId: doc.documentId,
    versionId: doc.versionId,
  })
const url = (docId: string, customerId = anna.id, org = orgA.id) =>
  apiUrl(API.documentResponses.respond, { org, id: customerId, docId })
const put = (headers: Record<string, string>, u: string, payload: object) =>
  app.inject({ method: 'PUT', url: u, headers: { ...headers, 'user-agent': 'TestPhone/1.0' }, payload })
const accept = (over: Record<string, unknown> = {}) => ({
  status: 'accepted',
  signature: dataUrl(PNG),
  typedName: 'Sanne Jansen',
  deviceTime,
  deviceName: 'Sanne’s phone',
  ...over,
})
const evidenceOf = (customerDocumentId: string) =>
  app.db.select().from(consentEvidence).where(eq(consentEvidence.customerDocumentId, customerDocumentId))

describe('GET /customers/me/documents', () => {
  it('answers the customer’s own documents with the version’s content, never another’s', async () => {
    const mine = await send()
    const bobs = await send(bob.id)
    const res = await app.inject({ url: apiUrl(API.documentResponses.mine, { org: orgA.id }), headers: annaAuth })
    expect(res.statusCode).toBe(200)
    const list = res.json() as MyDocument[]
    const d = list.find((x) => x.id === mine)
    expect(d).toMatchObject({
      status: 'notSeen',
      kind: 'consentForm',
      name: consent.name,
      text: '<p>I understand the risks (version 1).</p>',
      pdf: null,
      salonName: a1.name,
    })
    expect(list.some((x) => x.id === bobs)).toBe(false)
    // Staff have no "me" list; another organisation's path is a 404.
    expect(
      (await app.inject({ url: apiUrl(API.documentResponses.mine, { org: orgA.id }), headers: tablet.headers }))
        .statusCode,
    ).toBe(403)
    expect(
      (await app.inject({ url: apiUrl(API.documentResponses.mine, { org: orgB.id }), headers: annaAuth })).statusCode,
    ).toBe(404)
  })
})

describe('PUT /customers/{id}/documents/{docId}', () => {
  it('seen: notSeen → seen once, logged as documentStatusUpdated; opening it again changes nothing', async () => {
    const id = await send()
    const first = await put(annaAuth, url(id), { status: 'seen', deviceTime })
    expect(first.statusCode).toBe(200)
    const row = first.json() as CustomerDocument
    expect(row).toMatchObject({ id, status: 'seen', respondedAt: null, evidence: null })
    expect(row.seenAt).not.toBeNull()
    const again = await put(annaAuth, url(id), { status: 'seen', deviceTime })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(row)
    const logged = await app.db
      .select()
      .from(customerActivities)
      .where(and(eq(customerActivities.customerId, anna.id), eq(customerActivities.type, 'documentStatusUpdated')))
    expect(logged.filter((a) => (a.data as { customerDocumentId: string }).customerDocumentId === id)).toHaveLength(1)
  })

  it('accept (own device): evidence with the version hash and the SHA-256 of the stored signature PNG', async () => {
    const id = await send()
    const res = await put(annaAuth, url(id), accept())
    expect(res.statusCode).toBe(200)
    const row = res.json() as CustomerDocument
    expect(row).toMatchObject({ status: 'accepted', declineReason: null })
    expect(row.seenAt).not.toBeNull()
    expect(row.respondedAt).not.toBeNull()
    expect(row.evidence).toMatchObject({ decision: 'accepted', channel: 'ownDevice', typedName: 'Sanne Jansen' })
    expect(JSON.stringify(row)).not.toContain('base64')
    const [ev] = await evidenceOf(id)
    const [version] = await app.db.select().from(documentVersions).where(eq(documentVersions.id, consent.versionId))
    expect(ev).toMatchObject({
      customerId: anna.id,
      documentVersionId: consent.versionId,
      versionHash: version!.contentHash,
      channel: 'ownDevice',
      takenBy: null,
      userAgent: 'TestPhone/1.0',
      deviceName: 'Sanne’s phone',
      customerEmail: anna.email,
    })
    expect(ev!.deviceTime?.toISOString()).toBe('2026-11-23T09:15:00.000Z')
    expect(ev!.ipAddress).toBeTruthy()
    expect(ev!.signatureKey).toMatch(new RegExp(`^${orgA.id}/signatures/[0-9a-f-]{36}\\.png$`))
    const stored = await app.storage.read(ev!.signatureKey!)
    expect(stored?.equals(PNG)).toBe(true)
    expect(ev!.signatureHash).toBe(createHash('sha256').update(PNG).digest('hex'))
    expect(row.evidence?.id).toBe(ev!.id)
  })

  it('the same answer twice answers the stored row (200) with one evidence record; another answer is 409', async () => {
    const id = await send()
    const first = await put(annaAuth, url(id), accept())
    const again = await put(annaAuth, url(id), accept())
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await evidenceOf(id)).toHaveLength(1)
    const other = await put(annaAuth, url(id), { status: 'declined', deviceTime })
    expect(other.statusCode).toBe(409)
    expect(other.json().code).toBe('DOCUMENT_ALREADY_ANSWERED')
    // Seen after an answer: nothing changes.
    expect((await put(annaAuth, url(id), { status: 'seen', deviceTime })).json().status).toBe('accepted')
    expect(await evidenceOf(id)).toHaveLength(1)
  })

  it('decline with a reason: evidence without a signature', async () => {
    const id = await send()
    const res = await put(annaAuth, url(id), { status: 'declined', reason: '  Not today  ', deviceTime })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'Not today' })
    const [ev] = await evidenceOf(id)
    expect(ev).toMatchObject({
      decision: 'declined',
      signatureKey: null,
      signatureHash: null,
      declineReason: 'Not today',
    })
    expect((await put(annaAuth, url(id), accept())).statusCode).toBe(409)
  })

  it('staff hand-over on the tablet: channel tablet, taken by the employee', async () => {
    const id = await send()
    const res = await put(tablet.headers, url(id), accept({ deviceName: 'Salon tablet' }))
    expect(res.statusCode).toBe(200)
    expect(res.json().evidence).toMatchObject({
      channel: 'tablet',
      takenByName: 'Test Employee',
      deviceName: 'Salon tablet',
    })
    const [ev] = await evidenceOf(id)
    expect(ev).toMatchObject({ takenBy: tablet.id, channel: 'tablet' })
  })

  it('only the customer themselves, staff with the right, in this organisation; else nothing changes', async () => {
    const id = await send()
    // Another customer (their own id in the path, or Anna's): not found.
    expect((await put(bobAuth, url(id), { status: 'seen', deviceTime })).statusCode).toBe(404)
    expect((await put(bobAuth, url(id, bob.id), { status: 'seen', deviceTime })).statusCode).toBe(404)
    // Another organisation's customer session, and another organisation's path.
    expect((await put(carolAuth, url(id, anna.id, orgB.id), { status: 'seen', deviceTime })).statusCode).toBe(404)
    expect((await put(carolAuth, url(id), { status: 'seen', deviceTime })).statusCode).toBe(404)
    const theirs = await send(carol.id, consentB, orgB.id, orgB.salons[0].id)
    expect((await put(annaAuth, url(theirs, carol.id), accept())).statusCode).toBe(404)
    expect((await put(tablet.headers, url(theirs, carol.id), accept())).statusCode).toBe(404)
    // Staff who only read customers: 403; staff of another branch do not see the customer: 404.
    const denied = await put(reader.headers, url(id), accept())
    expect(denied.statusCode).toBe(403)
    expect((await put(elsewhere.headers, url(id), accept())).statusCode).toBe(404)
    const [row] = await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, id))
    expect(row!.status).toBe('notSeen')
    expect(await evidenceOf(id)).toHaveLength(0)
  })

  it('bad input is a 400 that changes nothing: not a PNG, too large, no typed name, information document', async () => {
    const id = await send()
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    const cases: [object, string][] = [
      [accept({ signature: dataUrl(gif) }), 'signing.signature'],
      [
        accept({ signature: 'data:image/png;base64,bm90IGEgcG5nIGF0IGFsbCwganVzdCB0ZXh0IGxvbmcgZW5vdWdoIHRvIHBhc3M=' }),
        'signing.signature',
      ],
      [accept({ signature: 'data:image/jpeg;base64,/9j/4AAQ' }), 'signing.signature'],
      [accept({ signature: dataUrl(Buffer.concat([PNG, Buffer.alloc(600 * 1024)])) }), 'signing.signatureSize'],
      [accept({ typedName: '   ' }), 'signing.typedName'],
      [accept({ deviceTime: 'yesterday' }), ''],
      [{ status: 'declined', reason: 'x'.repeat(1001), deviceTime }, ''],
      [{ status: 'maybe', deviceTime }, ''],
    ]
    for (const [payload, code] of cases) {
      const res = await put(annaAuth, url(id), payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400)
      if (code) expect(res.json().details.fields[0].code).toBe(code)
    }
    // A typed name missing entirely is refused too.
    const { typedName: _, ...noName } = accept()
    expect((await put(annaAuth, url(id), noName)).statusCode).toBe(400)
    const infoId = await send(anna.id, info)
    const notConsent = await put(annaAuth, url(infoId), accept())
    expect(notConsent.statusCode).toBe(400)
    expect(notConsent.json().details.fields[0].code).toBe('signing.notConsent')
    expect((await put(annaAuth, url(infoId), { status: 'seen', deviceTime })).json().status).toBe('seen')
    const rows = await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, id))
    expect(rows[0]!.status).toBe('notSeen')
    expect(await evidenceOf(id)).toHaveLength(0)
    expect(await evidenceOf(infoId)).toHaveLength(0)
  })

  it('an unknown document id is a 404', async () => {
    expect((await put(annaAuth, url('0190c0de-0000-7000-8000-000000000000'), accept())).statusCode).toBe(404)
  })
})
