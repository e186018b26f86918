import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { employeeCallerOf } from '../../server/auth/caller'
import { createSession } from '../../server/auth/sessions'
import { consentEvidence } from '../../server/db/schema'
import { staffCertificate } from '../../server/services/documents/evidence/certificate'
import { evidenceVerification } from '../../server/services/documents/evidence/verification'
import { seedCustomerDocument, seedDocument } from '../documents/fixtures'
import { pageTexts } from '../documents/pdf-read'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'

/*
 * Issue 21 #23: a person who cannot draw accepts a consent form with their typed name and an
 * explicit statement. The evidence records that it was signed that way (method typed, the typed
 * name), the chain covers the method, and the signed PDF states it.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'typed-signature-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const org = await seedOrganisation(app)
const salonId = org.salons[0].id
const consent = await seedDocument(app, org.id)
const deviceTime = '2026-11-23T10:15:00.000+01:00'

async function sentTo() {
  const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salonId] })
  const id = await seedCustomerDocument(app, {
    organisationId: org.id,
    salonId,
    customerId: customer.id,
    documentId: consent.documentId,
    versionId: consent.versionId,
  })
  const { token } = await createSession(app.db, {
    kind: 'customer',
    subjectId: customer.id,
    organisationId: org.id,
    ttlHours: 1,
  })
  const put = (payload: object) =>
    app.inject({
      method: 'PUT',
      url: apiUrl(API.documentResponses.respond, { org: org.id, id: customer.id, docId: id }),
      headers: bearer(token),
      payload: { status: 'accepted', typedName: 'Sanne Jansen', deviceTime, ...payload },
    })
  return { customer, id, put }
}

describe('accepting a consent form with the typed name', () => {
  it('typed signature: without the statement, or with a drawing as well, it is refused and nothing is recorded', async () => {
    const { id, put } = await sentTo()
    const bare = await put({ signatureMethod: 'typed' })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().details.fields).toEqual([
      expect.objectContaining({ path: 'typedStatement', code: 'signing.typedStatement' }),
    ])
    const unticked = await put({ signatureMethod: 'typed', typedStatement: false })
    expect(unticked.json().details.fields[0]).toMatchObject({ path: 'typedStatement' })
    const both = await put({ signatureMethod: 'typed', typedStatement: true, signature: 'data:image/png;base64,AAAA' })
    expect(both.json().details.fields[0]).toMatchObject({ path: 'signature' })
    // Drawn (the default, as every earlier client sends it) still needs the drawing.
    expect((await put({})).json().details.fields[0]).toMatchObject({ path: 'signature', code: 'signing.signature' })
    expect(await app.db.select().from(consentEvidence).where(eq(consentEvidence.customerDocumentId, id))).toEqual([])
  })

  it('typed signature: accepted with the statement; the evidence, its summary, the chain and the PDF say how', async () => {
    const { customer, id, put } = await sentTo()
    const res = await put({ signatureMethod: 'typed', typedStatement: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'accepted',
      evidence: { typedName: 'Sanne Jansen', signatureMethod: 'typed' },
    })
    const [ev] = await app.db.select().from(consentEvidence).where(eq(consentEvidence.customerDocumentId, id))
    expect(ev).toMatchObject({
      decision: 'accepted',
      signatureMethod: 'typed',
      typedName: 'Sanne Jansen',
      signatureKey: null,
      signatureHash: null,
    })
    expect((await evidenceVerification(app.db, org.id)).breaks).toEqual([])

    const caller = await employeeCallerOf(app.db, org.id, org.owner.id)
    const file = await staffCertificate({
      db: app.db,
      storage: app.storage,
      caller,
      salonId,
      customerId: customer.id,
      customerDocumentId: id,
    })
    const certificate = (await pageTexts(file.pdf)).at(-1) ?? ''
    expect(certificate).toContain('Sanne Jansen')
    expect(certificate).toContain('Met de getypte naam en de verklaring') // the organisation's language (nl)
  })

  it('typed signature: the method is part of the record, so changing it by hand breaks the chain', async () => {
    const { id, put } = await sentTo()
    expect((await put({ signatureMethod: 'typed', typedStatement: true })).statusCode).toBe(200)
    // The database refuses the change (append-only, the method included)…
    await expect(
      app.db
        .update(consentEvidence)
        .set({ signatureMethod: 'drawn' })
        .where(eq(consentEvidence.customerDocumentId, id)),
    ).rejects.toThrow()
    // …and what a database administrator could still do (lift the trigger and edit) breaks the chain.
    await app.db.execute(sql`alter table consent_evidence disable trigger consent_evidence_append_only`)
    await app.db
      .update(consentEvidence)
      .set({ signatureMethod: 'drawn' })
      .where(eq(consentEvidence.customerDocumentId, id))
    await app.db.execute(sql`alter table consent_evidence enable trigger consent_evidence_append_only`)
    const report = await evidenceVerification(app.db, org.id)
    expect(report.breaks.map((b) => b.reason)).toContain('content')
  })
})
