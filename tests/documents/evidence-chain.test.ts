import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { versionContentOf } from '../../contract/documents'
import { consentEvidence, customerDocuments, documents, documentVersions } from '../../server/db/schema'
import {
  appendEvidence,
  type EvidenceInput,
  eraseEvidenceOf,
  GENESIS_HASH,
  verifyChain,
} from '../../server/services/documents/evidence/evidence-chain'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from '../api/customers-fixtures'

/*
 * Issue 12 evidence: the database refuses changing a written document version and changing or
 * deleting consent evidence (triggers of migration 0014); the hash chain links every record to the
 * one before it, and the verifier names a record changed behind the triggers' back.
 */

const app = await buildTestApp()
const db = app.db
const org = await seedOrganisation(app)
const other = await seedOrganisation(app)
const customer = await postCustomer(app, org.id, org.owner.headers, customerBody([org.salons[0].id]))

async function seedConsent(organisationId: string) {
  const documentId = randomUUID()
  const versionId = randomUUID()
  await db.transaction(async (tx) => {
    await tx.insert(documents).values({ id: documentId, organisationId, kind: 'consentForm', name: 'Peeling' })
    await tx.insert(documentVersions).values({
      id: versionId,
      organisationId,
      documentId,
      number: 1,
      name: 'Peeling',
      text: '<p>I agree.</p>',
      contentHash: 'a'.repeat(64),
    })
    await tx.update(documents).set({ currentVersionId: versionId }).where(eq(documents.id, documentId))
  })
  return { documentId, versionId }
}

const consent = await seedConsent(org.id)

const input = (over: Partial<EvidenceInput> = {}): EvidenceInput => ({
  organisationId: org.id,
  customerDocumentId: randomUUID(),
  customerId: customer.id,
  customerName: 'Anna de Vries',
  customerEmail: 'anna@example.test',
  documentId: consent.documentId,
  documentVersionId: consent.versionId,
  versionNumber: 1,
  versionHash: 'a'.repeat(64),
  decision: 'accepted',
  signatureKey: `${org.id}/signatures/x.png`,
  signatureHash: 'b'.repeat(64),
  typedName: 'Anna de Vries',
  declineReason: null,
  channel: 'tablet',
  takenBy: null,
  takenByName: 'Bas',
  deviceId: 'c-1',
  deviceName: 'Balie iPad',
  userAgent: 'test',
  ipAddress: '127.0.0.1',
  deviceTime: new Date('2026-11-20T10:00:00.123Z'),
  ...over,
})

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p
    return null
  } catch (e) {
    return String((e as { cause?: unknown }).cause ?? e)
  }
}

describe('document versions are immutable (trigger)', () => {
  it('documents: updating a written version body is refused by the database', async () => {
    const err = await errorOf(
      db.update(documentVersions).set({ text: '<p>Changed.</p>' }).where(eq(documentVersions.id, consent.versionId)),
    )
    expect(err).toMatch(/published and cannot be changed/)
    const [v] = await db.select().from(documentVersions).where(eq(documentVersions.id, consent.versionId))
    expect(v.text).toBe('<p>I agree.</p>')
  })

  it('documents: the sync version of a version row may still move (re-versioning is not a change of body)', async () => {
    await db
      .update(documentVersions)
      .set({ version: sql`${documentVersions.version} + 1` })
      .where(eq(documentVersions.id, consent.versionId))
  })

  it('documents: the canonical content separates its fields (no field bleeds into another)', () => {
    const a = versionContentOf({ kind: 'consentForm', name: 'A', text: 'B', pdfSha256: null })
    const b = versionContentOf({ kind: 'consentForm', name: 'AB', text: '', pdfSha256: null })
    expect(a).not.toBe(b)
  })
})

describe('the consent evidence chain', () => {
  it('evidence: records link to the one before them, starting from the genesis hash', async () => {
    const first = await db.transaction((tx) => appendEvidence(tx, input()))
    const second = await db.transaction((tx) =>
      appendEvidence(tx, input({ decision: 'declined', declineReason: 'No' })),
    )
    expect(first.position).toBe(1)
    expect(first.previousHash).toBe(GENESIS_HASH)
    expect(second.position).toBe(2)
    expect(second.previousHash).toBe(first.recordHash)
    const report = await verifyChain(db, org.id)
    expect(report).toMatchObject({ records: 2, erased: 0, breaks: [] })
  })

  it('evidence: appends at the same time take turns (gapless positions)', async () => {
    await Promise.all(Array.from({ length: 5 }, () => db.transaction((tx) => appendEvidence(tx, input()))))
    const report = await verifyChain(db, org.id, 3)
    expect(report.records).toBe(7)
    expect(report.breaks).toEqual([])
  })

  it('evidence: each organisation has its own chain', async () => {
    const c = await seedConsent(other.id)
    const r = await db.transaction((tx) =>
      appendEvidence(
        tx,
        input({
          organisationId: other.id,
          documentId: c.documentId,
          documentVersionId: c.versionId,
          customerId: null!,
        }),
      ),
    )
    expect(r.position).toBe(1)
    expect((await verifyChain(db, other.id)).breaks).toEqual([])
  })

  it('evidence: the database refuses changing or deleting a record', async () => {
    const [r] = await db.select().from(consentEvidence).where(eq(consentEvidence.position, 1)).limit(1)
    expect(
      await errorOf(db.update(consentEvidence).set({ decision: 'declined' }).where(eq(consentEvidence.id, r.id))),
    ).toMatch(/append-only/)
    expect(
      await errorOf(db.update(consentEvidence).set({ typedName: 'Someone else' }).where(eq(consentEvidence.id, r.id))),
    ).toMatch(/append-only/)
    expect(await errorOf(db.delete(consentEvidence).where(eq(consentEvidence.id, r.id)))).toMatch(/cannot be deleted/)
  })

  it('evidence: the verifier names a record changed behind the triggers (content, personal, link)', async () => {
    await db.execute(sql`alter table consent_evidence disable trigger consent_evidence_append_only`)
    try {
      await db.update(consentEvidence).set({ deviceName: 'Forged' }).where(eq(consentEvidence.position, 2))
      await db.update(consentEvidence).set({ typedName: 'Forged' }).where(eq(consentEvidence.position, 3))
      const report = await verifyChain(db, org.id)
      expect(report.breaks).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ position: 2, reason: 'content' }),
          expect.objectContaining({ position: 3, reason: 'personal' }),
        ]),
      )
      // Removing a record breaks the link of the next one.
      await db.delete(consentEvidence).where(eq(consentEvidence.position, 4))
      const after = await verifyChain(db, org.id)
      expect(after.breaks).toEqual(expect.arrayContaining([expect.objectContaining({ position: 5, reason: 'gap' })]))
    } finally {
      await db.execute(sql`alter table consent_evidence enable trigger consent_evidence_append_only`)
    }
  })

  it('evidence: erasing a customer keeps the chain verifiable and removes every personal field', async () => {
    const o = await seedOrganisation(app)
    const c = await seedConsent(o.id)
    const cust = await postCustomer(app, o.id, o.owner.headers, customerBody([o.salons[0].id]))
    const base = { organisationId: o.id, documentId: c.documentId, documentVersionId: c.versionId, customerId: cust.id }
    await db.transaction((tx) => appendEvidence(tx, input(base)))
    await db.transaction((tx) => appendEvidence(tx, input({ ...base, customerId: randomUUID() })))
    const files = await db.transaction((tx) => eraseEvidenceOf(tx, o.id, cust.id))
    expect(files).toEqual([`${org.id}/signatures/x.png`])
    const [erased] = await db.select().from(consentEvidence).where(eq(consentEvidence.customerId, cust.id))
    expect(erased).toMatchObject({ customerName: null, customerEmail: null, typedName: null, ipAddress: null })
    expect(erased.erasedAt).not.toBeNull()
    expect(await verifyChain(db, o.id)).toMatchObject({ records: 2, erased: 1, breaks: [] })
    // Erased once: the record cannot be changed again.
    expect(
      await errorOf(db.update(consentEvidence).set({ erasedAt: new Date() }).where(eq(consentEvidence.id, erased.id))),
    ).toMatch(/append-only/)
  })

  it('evidence: removing the organisation removes its chain (the only delete allowed)', async () => {
    const o = await seedOrganisation(app)
    const c = await seedConsent(o.id)
    await db.transaction((tx) =>
      appendEvidence(tx, input({ organisationId: o.id, documentId: c.documentId, documentVersionId: c.versionId })),
    )
    await db.delete(customerDocuments).where(eq(customerDocuments.organisationId, o.id))
    await db.execute(sql`delete from organisations where id = ${o.id}`)
    const left = await db.select().from(consentEvidence).where(eq(consentEvidence.organisationId, o.id))
    expect(left).toEqual([])
  })
})
