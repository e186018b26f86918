import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { versionContentOf } from '../../contract/documents'
import { auditEvents, customerDocuments, documentVersions } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { multipartForm } from '../helpers/multipart'
import { seedCustomerDocument } from '../documents/fixtures'
import { pull } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * The organisation's documents (issue 12): GET and POST /organisations/{org}/documents, PUT
 * /organisations/{org}/documents/{id}, GET …/{id}/versions. Versioning (a change writes version
 * N+1, the old one stays byte for byte), the consent form rule (never archived), sanitised text,
 * PDF documents by their uploaded file, counts, tenants and permissions.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'documents-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const owner = orgA.owner.headers
const salon = orgA.salons[0].id
const manager = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [salon],
  permissions: ['manageDocuments'],
})
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [salon], permissions: ['readCustomers'] })
const nobody = await seedEmployee(app, { organisationId: orgA.id, salonIds: [salon], permissions: ['readAdvice'] })

type Headers = Record<string, string>
const base = (org = orgA.id) => apiUrl(API.documents.list, { org })
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Headers = owner) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const fields = (res: { json: () => { details?: { fields?: { path: string; code: string }[] } } }) =>
  res.json().details?.fields?.map((f) => [f.path, f.code])
const sha = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex')

const consentBody = (over: Record<string, unknown> = {}) => ({
  kind: 'consentForm',
  name: unique('Chemische peeling '),
  text: '<p>Ik begrijp de <strong>risico’s</strong>.</p>',
  ...over,
})

async function pdfBytes(title: string) {
  const doc = await PDFDocument.create()
  doc.setTitle(title)
  doc.addPage([595, 842]).drawText(title, { x: 50, y: 780, size: 18 })
  return Buffer.from(await doc.save())
}
async function uploadPdf(bytes: Buffer, headers: Headers = owner, org = orgA.id, filename = 'nazorg.pdf') {
  const f = multipartForm({ bytes, filename, mime: 'application/pdf' })
  return app.inject({
    method: 'POST',
    url: apiUrl(API.uploads.pdf, { org }),
    headers: { ...headers, ...f.headers },
    payload: f.payload,
  })
}

describe('documents', () => {
  it('documents: creates a consent form with version 1, hashed from its canonical content, audited', async () => {
    const res = await req('POST', base(), consentBody({ name: '  Toestemming peeling  ' }))
    expect(res.statusCode).toBe(201)
    const d = res.json()
    expect(d).toMatchObject({
      kind: 'consentForm',
      name: 'Toestemming peeling',
      currentVersionNumber: 1,
      versionsCount: 1,
      archived: false,
      counts: { sent: 0, seen: 0, accepted: 0, declined: 0 },
    })
    expect(d.currentVersion).toMatchObject({
      number: 1,
      documentId: d.id,
      pdf: null,
      createdByName: expect.any(String),
    })
    expect(d.currentVersion.id).toBe(d.currentVersionId)
    expect(d.currentVersion.contentHash).toBe(
      sha(
        versionContentOf({
          kind: 'consentForm',
          name: 'Toestemming peeling',
          text: d.currentVersion.text,
          pdfSha256: null,
        }),
      ),
    )
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'documentCreate'))
    expect(events.find((e) => (e.data as { documentId: string }).documentId === d.id)).toMatchObject({
      actorId: orgA.owner.id,
      organisationId: orgA.id,
    })
  })

  it('documents: the text is sanitised on the server (scripts, handlers and javascript: links dropped)', async () => {
    const res = await req(
      'POST',
      base(),
      consentBody({
        kind: 'document',
        text: '<p onclick="x()">Na de behandeling<script>alert(1)</script> <a href="javascript:alert(1)">klik</a> <img src=x></p>',
      }),
    )
    expect(res.statusCode).toBe(201)
    const text: string = res.json().currentVersion.text
    expect(text).toContain('Na de behandeling')
    expect(text).not.toMatch(/script|onclick|javascript|<img/)
  })

  it('documents: the form name, the kind, the text and the PDF are required, with their messages', async () => {
    expect(fields(await req('POST', base(), consentBody({ name: '  ' })))).toEqual([['name', 'documentForm.name']])
    expect(fields(await req('POST', base(), { name: 'X', text: '<p>x</p>' }))).toEqual([['kind', 'documentForm.kind']])
    const empty = await req('POST', base(), consentBody({ text: '<p><br></p>' }))
    expect(empty.statusCode).toBe(400)
    expect(fields(empty)).toEqual([['text', 'documentForm.text']])
    // Only markup that the sanitiser drops is empty too.
    expect(fields(await req('POST', base(), consentBody({ text: '<script>alert(1)</script>' })))).toEqual([
      ['text', 'documentForm.text'],
    ])
    expect(fields(await req('POST', base(), { kind: 'pdfDocument', name: 'Folder' }))).toEqual([
      ['pdf', 'documentForm.pdf'],
    ])
    expect(fields(await req('POST', base(), { kind: 'letter', name: 'X', text: 'x' }))?.[0]?.[0]).toBe('kind')
  })

  it('documents: a PUT that changes the text writes version 2; version 1 stays unchanged', async () => {
    const d = (await req('POST', base(), consentBody())).json()
    const [v1Before] = await app.db.select().from(documentVersions).where(eq(documentVersions.id, d.currentVersionId))
    const res = await req(
      'PUT',
      apiUrl(API.documents.update, { org: orgA.id, id: d.id }),
      { name: d.name, text: '<p>Nieuwe tekst, versie 2.</p>' },
      manager.headers,
    )
    expect(res.statusCode).toBe(200)
    const after = res.json()
    expect(after).toMatchObject({ id: d.id, currentVersionNumber: 2, versionsCount: 2 })
    expect(after.currentVersionId).not.toBe(d.currentVersionId)
    expect(after.currentVersion.text).toBe('<p>Nieuwe tekst, versie 2.</p>')
    expect(after.currentVersion.contentHash).not.toBe(d.currentVersion.contentHash)
    const [v1After] = await app.db.select().from(documentVersions).where(eq(documentVersions.id, d.currentVersionId))
    expect(v1After).toEqual(v1Before)
    // The history, newest first.
    const versions = (
      await req('GET', apiUrl(API.documents.versions, { org: orgA.id, id: d.id }), undefined, reader.headers)
    ).json()
    expect(versions.map((v: { number: number }) => v.number)).toEqual([2, 1])
    expect(versions[1]).toMatchObject({ id: d.currentVersionId, text: d.currentVersion.text })
    // A rename is a change of content too: version 3. The same content again writes nothing.
    const renamed = (
      await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), { name: `${d.name} (nieuw)` })
    ).json()
    expect(renamed).toMatchObject({ currentVersionNumber: 3, name: `${d.name} (nieuw)` })
    const same = (
      await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), {
        name: `${d.name} (nieuw)`,
        text: renamed.currentVersion.text,
      })
    ).json()
    expect(same).toMatchObject({ currentVersionNumber: 3, version: renamed.version })
    const audited = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'documentUpdate'))
    expect(audited.filter((e) => (e.data as { documentId: string }).documentId === d.id)).toHaveLength(2)
  })

  it('documents: the database refuses a direct update of a written version (trigger)', async () => {
    const d = (await req('POST', base(), consentBody())).json()
    await expect(
      app.db
        .update(documentVersions)
        .set({ text: '<p>Stiekem veranderd</p>' })
        .where(eq(documentVersions.id, d.currentVersionId)),
    ).rejects.toThrow()
    await expect(
      app.db
        .update(documentVersions)
        .set({ contentHash: 'f'.repeat(64) })
        .where(eq(documentVersions.id, d.currentVersionId)),
    ).rejects.toThrow()
    const [v] = await app.db.select().from(documentVersions).where(eq(documentVersions.id, d.currentVersionId))
    expect(v.text).toBe(d.currentVersion.text)
  })

  it('documents: a consent form can never be archived; an information document can, and back', async () => {
    const consent = (await req('POST', base(), consentBody())).json()
    const refused = await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: consent.id }), {
      name: consent.name,
      archived: true,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('CONSENT_FORM_IMMUTABLE')
    expect((await req('GET', base())).json().find((x: { id: string }) => x.id === consent.id).archived).toBe(false)

    const info = (await req('POST', base(), consentBody({ kind: 'document' }))).json()
    const archived = await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: info.id }), {
      name: info.name,
      archived: true,
    })
    expect(archived.statusCode).toBe(200)
    expect(archived.json()).toMatchObject({ archived: true, currentVersionNumber: 1 })
    const ids = (r: { json: () => { id: string }[] }) => r.json().map((x) => x.id)
    expect(ids(await req('GET', base()))).not.toContain(info.id)
    expect(ids(await req('GET', apiUrl(API.documents.list, { org: orgA.id }, { includeArchived: 'true' })))).toContain(
      info.id,
    )
    const back = await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: info.id }), {
      name: info.name,
      archived: false,
    })
    expect(back.json().archived).toBe(false)
    // The kind never changes (the body has no kind; one sent is ignored).
    const kept = await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: info.id }), {
      name: info.name,
      kind: 'consentForm',
    })
    expect(kept.json().kind).toBe('document')
  })

  it('documents: a PDF document names an uploaded PDF, hashed by the file’s own SHA-256; a new file is version 2', async () => {
    const bytes = await pdfBytes('Nazorg na een peeling')
    const up = (await uploadPdf(bytes)).json()
    const res = await req('POST', base(), {
      kind: 'pdfDocument',
      name: 'Nazorg',
      pdf: { path: up.path, name: up.name },
    })
    expect(res.statusCode).toBe(201)
    const d = res.json()
    expect(d.currentVersion).toMatchObject({
      text: null,
      pdf: { path: up.path, name: 'nazorg.pdf', size: bytes.length },
    })
    expect(d.currentVersion.contentHash).toBe(
      sha(versionContentOf({ kind: 'pdfDocument', name: 'Nazorg', text: null, pdfSha256: sha(bytes) })),
    )
    const next = (await uploadPdf(await pdfBytes('Nazorg, herzien'))).json()
    const v2 = (
      await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), {
        name: 'Nazorg',
        pdf: { path: next.path, name: next.name },
      })
    ).json()
    expect(v2).toMatchObject({ currentVersionNumber: 2 })
    expect(v2.currentVersion.pdf.path).toBe(next.path)
    // A rename keeps the file: version 3 with the same PDF.
    const v3 = (
      await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), { name: 'Nazorg (2026)' })
    ).json()
    expect(v3.currentVersion).toMatchObject({ number: 3, pdf: { path: next.path } })
  })

  it('documents: a PDF path that is not the organisation’s upload is refused', async () => {
    const theirs = (await uploadPdf(await pdfBytes('Van B'), orgB.owner.headers, orgB.id)).json()
    for (const p of [theirs.path, `${orgA.id}/pdf/missing.pdf`, `${orgA.id}/images/x.pdf`, '../../etc/passwd']) {
      const res = await req('POST', base(), { kind: 'pdfDocument', name: 'X', pdf: { path: p, name: 'x.pdf' } })
      expect(res.statusCode, p).toBe(400)
      expect(fields(res)).toEqual([['pdf.path', 'documentForm.pdfPath']])
    }
  })

  it('documents: the list counts sent, seen, accepted and declined (removed sends not counted)', async () => {
    const d = (await req('POST', base(), consentBody())).json()
    const customers = await Promise.all(
      [0, 1, 2, 3, 4].map(() => insertCustomer(app, { organisationId: orgA.id, salonIds: [salon] })),
    )
    const send = (customerId: string) =>
      seedCustomerDocument(app, {
        organisationId: orgA.id,
        salonId: salon,
        customerId,
        documentId: d.id,
        versionId: d.currentVersionId,
      })
    const ids = await Promise.all(customers.map((c) => send(c.id)))
    const setStatus = (id: string, status: string, deleted = false) =>
      app.db
        .update(customerDocuments)
        .set({ status, ...(deleted ? { deletedAt: new Date() } : {}) })
        .where(and(eq(customerDocuments.id, id)))
    await setStatus(ids[1], 'seen')
    await setStatus(ids[2], 'accepted')
    await setStatus(ids[3], 'declined')
    await setStatus(ids[4], 'seen', true)
    const row = (await req('GET', base(), undefined, reader.headers)).json().find((x: { id: string }) => x.id === d.id)
    expect(row.counts).toEqual({ sent: 4, seen: 1, accepted: 1, declined: 1 })
  })

  it('documents: permissions — readers of customers may read; writes need manageDocuments', async () => {
    const d = (await req('POST', base(), consentBody(), manager.headers)).json()
    expect(d.currentVersion.createdByName).toBe('Test Employee')
    expect((await req('GET', base(), undefined, reader.headers)).statusCode).toBe(200)
    expect(
      (await req('GET', apiUrl(API.documents.versions, { org: orgA.id, id: d.id }), undefined, reader.headers))
        .statusCode,
    ).toBe(200)
    expect((await req('POST', base(), consentBody(), reader.headers)).statusCode).toBe(403)
    expect(
      (await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), { name: 'X' }, reader.headers))
        .statusCode,
    ).toBe(403)
    expect((await req('GET', base(), undefined, nobody.headers)).statusCode).toBe(403)
    expect((await req('POST', base(), consentBody(), nobody.headers)).statusCode).toBe(403)
    expect((await uploadPdf(await pdfBytes('x'), reader.headers)).statusCode).toBe(403)
    expect((await req('GET', base(), undefined, {})).statusCode).toBe(401)
  })

  it('documents: another organisation cannot read or change a document (404)', async () => {
    const d = (await req('POST', base(), consentBody())).json()
    const b = orgB.owner.headers
    expect((await req('GET', base(orgA.id), undefined, b)).statusCode).toBe(404)
    expect(
      (await req('PUT', apiUrl(API.documents.update, { org: orgB.id, id: d.id }), { name: 'Overgenomen' }, b))
        .statusCode,
    ).toBe(404)
    expect(
      (await req('GET', apiUrl(API.documents.versions, { org: orgB.id, id: d.id }), undefined, b)).statusCode,
    ).toBe(404)
    expect(
      (await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), { name: 'Overgenomen' }, b))
        .statusCode,
    ).toBe(404)
    expect((await req('GET', base(orgB.id), undefined, b)).json().map((x: { id: string }) => x.id)).not.toContain(d.id)
    const [v] = await app.db.select().from(documentVersions).where(eq(documentVersions.documentId, d.id))
    expect(v.name).toBe(d.name)
  })

  it('documents: the sync feed carries the new document and both versions to readers', async () => {
    const d = (await req('POST', base(), consentBody())).json()
    await req('PUT', apiUrl(API.documents.update, { org: orgA.id, id: d.id }), {
      name: d.name,
      text: '<p>Versie twee</p>',
    })
    const res = await pull(app, { orgId: orgA.id, salonId: salon, headers: reader.headers })
    type Change = { entity: string; row?: { id: string; documentId?: string } }
    const changes = res.json().changes as Change[]
    const doc = changes.find((c) => c.entity === 'document' && c.row?.id === d.id)
    expect(doc?.row).toMatchObject({ currentVersionNumber: 2, versionsCount: 2 })
    expect(changes.filter((c) => c.entity === 'documentVersion' && c.row?.documentId === d.id)).toHaveLength(2)
  })
})
