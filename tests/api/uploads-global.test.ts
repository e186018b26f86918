import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { paidCourseAccess, trainingCourses } from '../../server/db/schema'
import { encodeMp3 } from '../../shared/audio/encode'
import { buildTestApp } from '../helpers/app'
import { customerSession, seedCustomer } from '../helpers/customers'
import { seedOrganisation } from '../helpers/factories'
import { tempDataDir } from '../helpers/files'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { multipartForm } from '../helpers/multipart'
import { apiUrl } from '../helpers/url'

/*
 * The platform's uploads (issue 24): POST /upload/images, /upload/audio (the spec's) and
 * /upload/pdf (ours) for global admins only, checked by the file's bytes, stored under `global/…`;
 * and who downloads them at /storage/global/…: manual files every employee, paid course files the
 * owning organisations (and preview segments' everyone signed in as staff), global admins all.
 */

const dataDir = tempDataDir('uploads-global-test-')
const app = await buildTestApp({ dataDir })
const admin = await seedGlobalAdmin(app)
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const tone = new Float32Array(44100).map((_, i) => 0.4 * Math.sin((2 * Math.PI * 220 * i) / 44100))
const MP3 = Buffer.from(await encodeMp3([tone], 44100))
const doc = await PDFDocument.create()
doc.addPage([200, 200])
const PDF = Buffer.from(await doc.save())

type Kind = 'image' | 'audio' | 'pdf'
const FILES: Record<Kind, { bytes: Buffer; filename: string; mime: string }> = {
  image: { bytes: PNG, filename: 'uitleg.png', mime: 'image/png' },
  audio: { bytes: MP3, filename: 'uitleg.mp3', mime: 'audio/mpeg' },
  pdf: { bytes: PDF, filename: 'handleiding.pdf', mime: 'application/pdf' },
}
const upload = (kind: Kind, headers: Record<string, string>, file = FILES[kind]) => {
  const f = multipartForm(file)
  return app.inject({
    method: 'POST',
    url: apiUrl(API.globalUploads[kind]),
    headers: { ...headers, ...f.headers },
    payload: f.payload,
  })
}

/** The storage cookies a session's browser gets (POST /storage/session). */
async function cookiesOf(headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: apiUrl(API.uploads.storageSession), headers })
  expect(res.statusCode).toBe(204)
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]))
}
const customerOf = async (org: typeof orgA) =>
  customerSession(app, {
    id: (await seedCustomer(app, { organisationId: org.id, salonIds: org.salons.map((s) => s.id) })).id,
    organisationId: org.id,
  })
const download = (url: string, cookies: Record<string, string>) => app.inject({ url, cookies })

describe('POST /upload/images, /upload/audio, /upload/pdf', () => {
  it('a global admin uploads each kind: 201, stored under global/<kind>/ and readable back', async () => {
    const adminCookies = await cookiesOf(admin.headers)
    expect(Object.keys(adminCookies)).toEqual(['storage_platform_admin'])
    for (const [kind, folder, ext] of [
      ['image', 'images', 'png'],
      ['audio', 'audio', 'mp3'],
      ['pdf', 'pdf', 'pdf'],
    ] as const) {
      const res = await upload(kind, admin.headers)
      expect(res.statusCode, res.body).toBe(201)
      const body = res.json()
      expect(body.path).toMatch(new RegExp(`^global/${folder}/[0-9a-f-]{36}\\.${ext}$`))
      expect(body.url).toBe(`/storage/${body.path}`)
      expect(readFileSync(path.join(dataDir, 'storage', body.path)).equals(FILES[kind].bytes)).toBe(true)
      const back = await download(body.url, adminCookies)
      expect(back.statusCode).toBe(200)
      expect(back.rawPayload.equals(FILES[kind].bytes)).toBe(true)
    }
    expect((await upload('audio', admin.headers)).json().durationSeconds).toBeCloseTo(1, 0)
    expect((await upload('pdf', admin.headers)).json()).toMatchObject({ name: 'handleiding.pdf', size: PDF.length })
  })

  it('employees (even the owner) and customers are refused with 403 before the file is read', async () => {
    const customer = await customerOf(orgA)
    for (const kind of ['image', 'audio', 'pdf'] as const) {
      expect((await upload(kind, orgA.owner.headers)).statusCode).toBe(403)
      expect((await upload(kind, customer.headers)).statusCode).toBe(403)
      expect((await upload(kind, {})).statusCode).toBe(401)
    }
  })

  it('a renamed file is refused by its bytes: text as .mp3, a PDF as .png, a PNG as .pdf', async () => {
    const text = Buffer.from('#!/bin/sh\necho not audio\n'.repeat(50))
    const cases: [Kind, Buffer, string, string][] = [
      ['audio', text, 'lied.mp3', 'upload.audioType'],
      ['audio', PNG, 'lied.mp3', 'upload.audioType'],
      ['image', PDF, 'foto.png', 'upload.imageType'],
      ['image', text, 'foto.png', 'upload.imageType'],
      ['pdf', PNG, 'boek.pdf', 'documentForm.pdfType'],
    ]
    for (const [kind, bytes, filename, message] of cases) {
      const res = await upload(kind, admin.headers, { bytes, filename, mime: FILES[kind].mime })
      expect(res.statusCode, `${kind} ${filename}`).toBe(400)
      expect(res.json().details.fields[0]).toMatchObject({ path: 'file' })
      expect(JSON.stringify(res.json())).toContain(message.split('.')[1])
    }
  })
})

// A manual, and a paid course owned by organisation A, using uploaded files.
const manualAudio = (await upload('audio', admin.headers)).json()
const manualPdf = (await upload('pdf', admin.headers)).json()
const paidAudio = (await upload('audio', admin.headers)).json()
const previewPdf = (await upload('pdf', admin.headers)).json()
const paidImage = (await upload('image', admin.headers)).json()
const loose = (await upload('audio', admin.headers)).json()

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: admin.headers, payload }).then((r) => {
    expect(r.statusCode, r.body).toBe(201)
    return r.json()
  })
const manual = await post(apiUrl(API.userManuals.createCourse), { title: 'Agenda' })
await post(apiUrl(API.userManuals.createModule, { id: manual.id }), {
  title: 'Afspraken',
  segments: [
    { kind: 'audio', title: 'Uitleg', audio: manualAudio },
    { kind: 'pdf', title: 'Handleiding', pdf: { path: manualPdf.path, url: manualPdf.url, name: manualPdf.name } },
  ],
})
const paid = await post(apiUrl(API.globalPaidCourses.createCourse), { title: 'Peelings', priceCents: 4999 })
await post(apiUrl(API.globalPaidCourses.createModule, { id: paid.id }), {
  title: 'Basis',
  segments: [
    { kind: 'audio', title: 'Les 1', audio: paidAudio },
    {
      kind: 'pdf',
      title: 'Proefles',
      preview: true,
      pdf: { path: previewPdf.path, url: previewPdf.url, name: previewPdf.name },
    },
    // Rich text keeps no <img> (server/lib/rich-text.ts), but a link to the picture stays.
    { kind: 'text', title: 'Plaatje', text: `<p><a href="${paidImage.url}">De huidlagen</a></p>` },
  ],
})
await app.db.insert(paidCourseAccess).values({ id: uuidv7(), organisationId: orgA.id, courseId: paid.id })
const a = await cookiesOf(orgA.owner.headers)
const b = await cookiesOf(orgB.owner.headers)

describe('GET /storage/global/…: who reads the platform files', () => {
  it('an employee gets a platform cookie beside the organisation one; a customer does not', async () => {
    expect(Object.keys(a).sort()).toEqual(['storage_platform', 'storage_session'])
    const customer = await customerOf(orgA)
    expect(Object.keys(await cookiesOf(customer.headers))).toEqual(['storage_session'])
  })

  it("a user manual's audio and PDF: every organisation's employees; nobody without a session", async () => {
    for (const f of [manualAudio, manualPdf]) {
      expect((await download(f.url, a)).statusCode).toBe(200)
      expect((await download(f.url, b)).statusCode).toBe(200)
      expect((await download(f.url, {})).statusCode).toBe(404)
      // The organisation cookie alone (another path's) opens nothing here.
      expect((await download(f.url, { storage_session: a.storage_session })).statusCode).toBe(404)
    }
  })

  it("a paid course's files: the owning organisation 200, another organisation 404; a preview for both", async () => {
    for (const f of [paidAudio, paidImage]) {
      expect((await download(f.url, a)).statusCode).toBe(200)
      expect((await download(f.url, b)).statusCode).toBe(404)
    }
    expect((await download(previewPdf.url, b)).statusCode).toBe(200)
    // Refunded: access revoked, the files close again.
    await app.db.update(paidCourseAccess).set({ revokedAt: new Date() }).where(eq(paidCourseAccess.courseId, paid.id))
    expect((await download(paidAudio.url, a)).statusCode).toBe(404)
    await app.db.update(paidCourseAccess).set({ revokedAt: null }).where(eq(paidCourseAccess.courseId, paid.id))
  })

  it('a file no live course uses is the global admins only; a deleted course closes its files', async () => {
    const adminCookies = await cookiesOf(admin.headers)
    expect((await download(loose.url, a)).statusCode).toBe(404)
    expect((await download(loose.url, adminCookies)).statusCode).toBe(200)
    await app.db.update(trainingCourses).set({ deletedAt: new Date() }).where(eq(trainingCourses.id, manual.id))
    expect((await download(manualAudio.url, a)).statusCode).toBe(404)
    expect((await download(manualAudio.url, adminCookies)).statusCode).toBe(200)
  })

  it('signing out closes the platform files', async () => {
    const org = await seedOrganisation(app)
    const c = await cookiesOf(org.owner.headers)
    expect((await download(previewPdf.url, c)).statusCode).toBe(200)
    const out = await app.inject({ method: 'POST', url: apiUrl(API.auth.logout), headers: org.owner.headers })
    expect(out.cookies.map((k) => k.name).sort()).toEqual(['storage_platform', 'storage_session'])
    expect((await download(previewPdf.url, c)).statusCode).toBe(404)
  })
})
