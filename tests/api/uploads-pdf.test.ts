import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { PDF_MAX_BYTES } from '../../contract/documents'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { multipartForm } from '../helpers/multipart'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * POST /organisations/{org}/upload/pdf (issue 12): a PDF information document, recognised by its
 * bytes (a real PDF made with pdf-lib here), at most PDF_MAX_BYTES, stored under
 * `<org>/pdf/<uuid>.pdf` and served to the organisation's sessions only.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-pdf-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const owner = orgA.owner.headers
const url = (org = orgA.id) => apiUrl(API.uploads.pdf, { org })

async function storageCookie(headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: apiUrl(API.uploads.storageSession), headers })
  return res.cookies.find((c) => c.name === 'storage_session')!.value
}
const ownerCookie = await storageCookie(owner)

async function realPdf() {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([595, 842]).drawText('Nazorg na een chemische peeling', { x: 50, y: 780, size: 18, font })
  return Buffer.from(await doc.save())
}
const PDF = await realPdf()

const upload = (headers: Record<string, string>, bytes: Buffer, org = orgA.id, filename = 'nazorg.pdf') => {
  const f = multipartForm({ bytes, filename, mime: 'application/pdf' })
  return app.inject({ method: 'POST', url: url(org), headers: { ...headers, ...f.headers }, payload: f.payload })
}
const fieldCodes = (res: { json: () => unknown }) =>
  (res.json() as { details?: { fields?: { path: string; code: string }[] } }).details?.fields?.map((f) => f.code)

describe('POST /organisations/:org/upload/pdf', () => {
  it('stores a real PDF under <org>/pdf/<uuid>.pdf with its name and size; served as application/pdf', async () => {
    const res = await upload(owner, PDF)
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.path).toMatch(new RegExp(`^${orgA.id}/pdf/[0-9a-f-]{36}\\.pdf$`))
    expect(body).toMatchObject({ url: `/storage/${body.path}`, name: 'nazorg.pdf', size: PDF.length })
    expect(readFileSync(path.join(dataDir, 'storage', body.path)).equals(PDF)).toBe(true)
    const served = await app.inject({ url: body.url, cookies: { storage_session: ownerCookie } })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.rawPayload.equals(PDF)).toBe(true)
    // Another organisation's session does not find it.
    const theirs = await app.inject({
      url: body.url,
      cookies: { storage_session: await storageCookie(orgB.owner.headers) },
    })
    expect(theirs.statusCode).toBe(404)
  })

  it('refuses by content: a fake .pdf, an empty file, a cut-off PDF — 400 with the PDF message', async () => {
    const fakes = [
      Buffer.from('This is just text with a .pdf name\n'.repeat(20)),
      Buffer.alloc(0),
      PDF.subarray(0, Math.floor(PDF.length / 2)),
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(100),
        Buffer.from('%%EOF'),
      ]),
    ]
    for (const bytes of fakes) {
      const res = await upload(owner, bytes, orgA.id, 'folder.pdf')
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
      expect(fieldCodes(res)).toEqual(['documentForm.pdfType'])
    }
    const plain = await app.inject({ method: 'POST', url: url(), headers: owner, payload: { file: 'x' } })
    expect(plain.statusCode).toBe(400)
  })

  it('refuses a PDF over the limit', async () => {
    // A real header and end marker around padding: only its size is wrong.
    const big = Buffer.concat([PDF.subarray(0, PDF.length - 6), Buffer.alloc(PDF_MAX_BYTES), Buffer.from('\n%%EOF\n')])
    const res = await upload(owner, big)
    expect(res.statusCode).toBe(400)
    expect(fieldCodes(res)).toEqual(['documentForm.pdfSize'])
  })

  it('permissions: manageDocuments may; others 403; another organisation 404; no session 401', async () => {
    const docs = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [orgA.salons[0].id],
      permissions: ['manageDocuments'],
    })
    expect((await upload(docs.headers, PDF)).statusCode).toBe(201)
    const receptionist = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [orgA.salons[0].id],
      permissions: ['readCustomers', 'manageCustomers'],
    })
    expect((await upload(receptionist.headers, PDF)).statusCode).toBe(403)
    expect((await upload(orgB.owner.headers, PDF)).statusCode).toBe(404)
    expect((await upload({}, PDF)).statusCode).toBe(401)
  })
})
