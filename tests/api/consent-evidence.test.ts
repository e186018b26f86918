import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { consentEvidence, customerDocuments, documentVersions } from '../../server/db/schema'
import { appendEvidence, eraseEvidenceOf } from '../../server/services/documents/evidence/evidence-chain'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'
import { pageTexts } from '../documents/pdf-read'
import { signaturePng } from '../documents/png'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 12: the signed consent PDF downloads (staff in a branch of the customer; the customer
 * their own), only once answered and never for an erased record or another tenant; and the
 * owner's verification of the evidence chain, which names a record changed behind the trigger.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'consent-evidence-'))
const app = await buildTestApp({ dataDir })
const org = await seedOrganisation(app, { salons: 2 })
const other = await seedOrganisation(app)
const s1 = org.salons[0]!
const s2 = org.salons[1]!
const owner = org.owner.headers
const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [s1.id], permissions: ['readCustomers'] })
const noRights = await seedEmployee(app, { organisationId: org.id, salonIds: [s1.id, s2.id], permissions: [] })
const form = await seedDocument(app, org.id, {
  name: 'Toestemming peeling – gezicht',
  text: '<h2>Risico’s</h2><p>Roodheid.</p>',
})

async function customerOf(salonIds: string[], language: string | null = null) {
  const c = await insertCustomer(app, { organisationId: org.id, salonIds })
  if (language) await app.db.execute(sql`update customers set language = ${language} where id = ${c.id}`)
  const { token } = await createSession(app.db, {
    kind: 'customer',
    subjectId: c.id,
    organisationId: org.id,
    ttlHours: 1,
  })
  return { ...c, headers: bearer(token) }
}

/** A consent sent to the customer and answered: the evidence appended as the signing does. */
async function answered(
  customer: { id: string; email: string },
  salonId: string,
  decision: 'accepted' | 'declined' = 'accepted',
) {
  const cdId = await seedCustomerDocument(app, {
    organisationId: org.id,
    salonId,
    customerId: customer.id,
    documentId: form.documentId,
    versionId: form.versionId,
  })
  const png = signaturePng()
  const signatureKey = decision === 'accepted' ? `${org.id}/signatures/${randomUUID()}.png` : null
  if (signatureKey) await app.storage.put(signatureKey, png)
  await app.db.transaction(async (tx) => {
    const [v] = await tx
      .select({ hash: documentVersions.contentHash })
      .from(documentVersions)
      .where(eq(documentVersions.id, form.versionId))
    const ev = await appendEvidence(tx, {
      organisationId: org.id,
      customerDocumentId: cdId,
      customerId: customer.id,
      customerName: 'Sanne Jansen',
      customerEmail: customer.email,
      documentId: form.documentId,
      documentVersionId: form.versionId,
      versionNumber: 1,
      versionHash: v!.hash,
      decision,
      signatureKey,
      signatureHash: signatureKey ? createHash('sha256').update(png).digest('hex') : null,
      typedName: decision === 'accepted' ? 'Sanne Jansen' : null,
      declineReason: decision === 'declined' ? 'Liever niet' : null,
      channel: 'tablet',
      takenBy: org.owner.id,
      takenByName: 'Eva',
      deviceId: 'tablet-1',
      deviceName: 'Balie iPad',
      userAgent: 'test',
      ipAddress: '127.0.0.1',
      deviceTime: new Date(),
    })
    await tx
      .update(customerDocuments)
      .set({ status: decision, evidenceId: ev.id, respondedAt: new Date() })
      .where(eq(customerDocuments.id, cdId))
  })
  return cdId
}

const staffUrl = (customerId: string, docId: string, salonId: string | null = s1.id, o = org.id) =>
  apiUrl(API.consentEvidence.certificate, { org: o, id: customerId, docId }, { salonId })
const myUrl = (docId: string, o = org.id) => apiUrl(API.consentEvidence.myCertificate, { org: o, docId })
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers })

const anna = await customerOf([s1.id])
const annaDoc = await answered(anna, s1.id)

describe('GET …/customers/{id}/documents/{docId}/certificate (staff)', () => {
  it('documents: staff who read the customer download the signed PDF with a safe file name', async () => {
    const res = await get(staffUrl(anna.id, annaDoc), owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['cache-control']).toBe('no-store')
    const name = /^consent-toestemming-peeling-gezicht-\d{4}-\d{2}-\d{2}\.pdf$/
    const disposition = String(res.headers['content-disposition'])
    expect(disposition).toMatch(
      /^attachment; filename="consent-[a-z0-9-]+\.pdf"; filename\*=UTF-8''consent-[a-z0-9-]+\.pdf$/,
    )
    expect(disposition.match(/filename="([^"]+)"/)?.[1]).toMatch(name)
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const pages = await pageTexts(res.rawPayload)
    expect(pages).toHaveLength(2)
    expect(pages[1]).toContain('Certificaat van toestemming')
    expect(pages[1]).toContain('Sanne Jansen')
    // A reader in the customer's branch may too.
    expect((await get(staffUrl(anna.id, annaDoc), reader.headers)).statusCode).toBe(200)
  })

  it('documents: in the customer’s own language when they chose one', async () => {
    const ben = await customerOf([s1.id], 'en')
    const doc = await answered(ben, s1.id, 'declined')
    const res = await get(staffUrl(ben.id, doc), owner)
    expect(res.statusCode).toBe(200)
    const pages = await pageTexts(res.rawPayload)
    expect(pages.at(-1)).toContain('Certificate of consent')
    expect(pages.at(-1)).toContain('Declined')
    expect(pages.at(-1)).toContain('Liever niet')
  })

  it('documents: permissions: no customer rights 403; a branch the customer is not in 404; no branch 400', async () => {
    expect((await get(staffUrl(anna.id, annaDoc), noRights.headers)).statusCode).toBe(403)
    // The reader has no role in branch 2.
    expect((await get(staffUrl(anna.id, annaDoc, s2.id), reader.headers)).statusCode).toBe(403)
    // Anna is not in branch 2: the owner asking there does not find her.
    expect((await get(staffUrl(anna.id, annaDoc, s2.id), owner)).statusCode).toBe(404)
    expect((await get(staffUrl(anna.id, annaDoc, null), owner)).statusCode).toBe(400)
    expect((await get(staffUrl(anna.id, annaDoc, randomUUID()), owner)).statusCode).toBe(404)
  })

  it('documents: another customer’s id, a made-up document and another tenant are 404', async () => {
    const bob = await customerOf([s1.id])
    expect((await get(staffUrl(bob.id, annaDoc), owner)).statusCode).toBe(404)
    expect((await get(staffUrl(anna.id, randomUUID()), owner)).statusCode).toBe(404)
    // Another organisation's owner: through their own organisation, or naming this one.
    expect((await get(staffUrl(anna.id, annaDoc, other.salons[0]!.id, other.id), other.owner.headers)).statusCode).toBe(
      404,
    )
    expect((await get(staffUrl(anna.id, annaDoc), other.owner.headers)).statusCode).toBe(404)
  })

  it('documents: 404 until the document is answered (not seen, seen), and once removed', async () => {
    const c = await customerOf([s1.id])
    const cd = await seedCustomerDocument(app, {
      organisationId: org.id,
      salonId: s1.id,
      customerId: c.id,
      documentId: form.documentId,
      versionId: form.versionId,
    })
    expect((await get(staffUrl(c.id, cd), owner)).statusCode).toBe(404)
    expect((await get(myUrl(cd), c.headers)).statusCode).toBe(404)
    await app.db
      .update(customerDocuments)
      .set({ status: 'seen', seenAt: new Date() })
      .where(eq(customerDocuments.id, cd))
    expect((await get(staffUrl(c.id, cd), owner)).statusCode).toBe(404)
    const done = await answered(c, s1.id)
    expect((await get(staffUrl(c.id, done), owner)).statusCode).toBe(200)
    await app.db.update(customerDocuments).set({ deletedAt: new Date() }).where(eq(customerDocuments.id, done))
    expect((await get(staffUrl(c.id, done), owner)).statusCode).toBe(404)
  })

  it('documents: an erased record has no certificate (erased evidence; a hard-deleted customer)', async () => {
    const c = await customerOf([s1.id])
    const cd = await answered(c, s1.id)
    expect((await get(staffUrl(c.id, cd), owner)).statusCode).toBe(200)
    await app.db.transaction((tx) => eraseEvidenceOf(tx, org.id, c.id))
    expect((await get(staffUrl(c.id, cd), owner)).statusCode).toBe(404)

    const d = await customerOf([s1.id])
    const dd = await answered(d, s1.id)
    const del = await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customers.hardDelete, { org: org.id, id: d.id }),
      headers: owner,
    })
    expect(del.statusCode, del.body).toBe(200)
    expect((await get(staffUrl(d.id, dd), owner)).statusCode).toBe(404)
    const [ev] = await app.db.select().from(consentEvidence).where(eq(consentEvidence.customerDocumentId, dd))
    expect(ev?.erasedAt).not.toBeNull()
  })
})

describe('GET /customers/me/documents/{docId}/certificate (the customer)', () => {
  it('documents: the customer downloads their own signed PDF', async () => {
    const res = await get(myUrl(annaDoc), anna.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // Through the staff path too, for themselves only.
    expect((await get(staffUrl(anna.id, annaDoc), anna.headers)).statusCode).toBe(200)
  })

  it('documents: never another customer’s, never without a customer session, never another tenant', async () => {
    const bob = await customerOf([s1.id])
    expect((await get(myUrl(annaDoc), bob.headers)).statusCode).toBe(404)
    expect((await get(staffUrl(anna.id, annaDoc), bob.headers)).statusCode).toBe(404)
    expect((await get(myUrl(annaDoc), owner)).statusCode).toBe(403)
    expect((await get(myUrl(annaDoc), {})).statusCode).toBe(401)
    expect((await get(myUrl(annaDoc, other.id), anna.headers)).statusCode).toBe(404)
  })
})

describe('GET /documents/evidence/verification (the owner)', () => {
  const url = (o = org.id) => apiUrl(API.consentEvidence.verification, { org: o })

  it('documents: reports the records, the erased ones and an intact chain', async () => {
    const res = await get(url(), owner)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    const [{ n }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(consentEvidence)
      .where(eq(consentEvidence.organisationId, org.id))
    expect(body).toMatchObject({ organisationId: org.id, records: n, erased: 2, breaks: [], intact: true })
    expect(n).toBeGreaterThan(3)
    expect((await get(url(other.id), other.owner.headers)).json()).toMatchObject({ records: 0, intact: true })
  })

  it('documents: only the owner; another tenant 404', async () => {
    expect((await get(url(), reader.headers)).statusCode).toBe(403)
    expect((await get(url(), anna.headers)).statusCode).toBe(403)
    expect((await get(url(), other.owner.headers)).statusCode).toBe(404)
    expect((await get(url(), {})).statusCode).toBe(401)
  })

  it('documents: names the record changed behind the trigger’s back', async () => {
    const [second] = await app.db
      .select()
      .from(consentEvidence)
      .where(eq(consentEvidence.organisationId, org.id))
      .orderBy(consentEvidence.position)
      .offset(1)
      .limit(1)
    await app.db.execute(sql`alter table consent_evidence disable trigger consent_evidence_append_only`)
    try {
      await app.db.update(consentEvidence).set({ deviceName: 'Forged' }).where(eq(consentEvidence.id, second!.id))
    } finally {
      await app.db.execute(sql`alter table consent_evidence enable trigger consent_evidence_append_only`)
    }
    const body = (await get(url(), owner)).json()
    expect(body.intact).toBe(false)
    expect(body.breaks).toEqual([{ position: second!.position, id: second!.id, reason: 'content' }])
    expect((await get(url(other.id), other.owner.headers)).json().intact).toBe(true)
  })
})
