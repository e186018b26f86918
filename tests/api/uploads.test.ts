import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { multipartForm } from '../helpers/multipart'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const owner = orgA.owner.headers
const url = (org = orgA.id) => apiUrl(API.uploads.image, { org })

/** POST /storage/session with these headers: the cookie it sets (value and attributes). */
async function storageCookie(headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: apiUrl(API.uploads.storageSession), headers })
  expect(res.statusCode).toBe(204)
  return res.cookies.find((c) => c.name === 'storage_session')
}
const ownerCookie = await storageCookie(owner)
const readAs = (fileUrl: string, cookie = ownerCookie?.value) =>
  app.inject({ url: fileUrl, cookies: cookie ? { storage_session: cookie } : {} })

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
])
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 ')])
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')

const upload = (headers: Record<string, string>, bytes: Buffer, filename?: string, mime?: string, org = orgA.id) => {
  const f = multipartForm({ bytes, filename: filename ?? 'photo.png', mime: mime ?? 'image/png' })
  return app.inject({ method: 'POST', url: url(org), headers: { ...headers, ...f.headers }, payload: f.payload })
}

describe('POST /upload/images', () => {
  it('uploads: PNG, JPEG, WebP and GIF are stored under the organisation and served read-only', async () => {
    for (const [bytes, ext] of [
      [PNG, 'png'],
      [JPEG, 'jpg'],
      [WEBP, 'webp'],
      [GIF, 'gif'],
    ] as const) {
      const res = await upload(owner, bytes, `x.${ext}`, 'application/octet-stream')
      expect(res.statusCode).toBe(201)
      const { path: rel, url: fileUrl } = res.json()
      expect(rel).toMatch(new RegExp(`^${orgA.id}/images/[0-9a-f-]{36}\\.${ext}$`))
      expect(fileUrl).toBe(`/storage/${rel}`)
      expect(readFileSync(path.join(dataDir, 'storage', rel)).equals(bytes)).toBe(true)
      const served = await readAs(fileUrl)
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(bytes)).toBe(true)
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(served.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`)
      expect(served.headers['cache-control']).toMatch(/^private,/)
    }
  })

  it('storage: files open only with a live session cookie of their own organisation', async () => {
    const { url: fileUrl } = (await upload(owner, PNG)).json()
    // The cookie is HttpOnly, SameSite=Strict and only sent under the organisation's folder.
    expect(ownerCookie).toMatchObject({ path: `/storage/${orgA.id}/`, httpOnly: true, sameSite: 'Strict' })
    expect((await readAs(fileUrl)).statusCode).toBe(200)
    // No cookie (a leaked link), a made-up token, another organisation's session: as if missing.
    expect((await readAs(fileUrl, '')).statusCode).toBe(404)
    expect((await readAs(fileUrl, 'not-a-session')).statusCode).toBe(404)
    const other = await storageCookie(orgB.owner.headers)
    expect(other?.path).toBe(`/storage/${orgB.id}/`)
    expect((await readAs(fileUrl, other?.value)).statusCode).toBe(404)
    // A customer of the organisation may (question images, their own photos).
    const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [orgA.salons[0].id] })
    const session = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: orgA.id,
      ttlHours: 1,
    })
    expect((await readAs(fileUrl, (await storageCookie(bearer(session.token)))?.value)).statusCode).toBe(200)
    // Signing out closes the files.
    const staff = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [orgA.salons[0].id],
      permissions: ['readCustomers'],
    })
    const staffCookie = await storageCookie(staff.headers)
    expect((await readAs(fileUrl, staffCookie?.value)).statusCode).toBe(200)
    const out = await app.inject({ method: 'POST', url: apiUrl(API.auth.logout), headers: staff.headers })
    // The browser is told to drop the cookie too.
    expect(out.cookies.find((c) => c.name === 'storage_session')).toMatchObject({
      value: '',
      path: `/storage/${orgA.id}/`,
    })
    expect((await readAs(fileUrl, staffCookie?.value)).statusCode).toBe(404)
    // Without a session there is no cookie to ask for.
    expect((await app.inject({ method: 'POST', url: apiUrl(API.uploads.storageSession) })).statusCode).toBe(401)
  })

  it('uploads: the bytes decide, not the name or MIME type; too large is refused', async () => {
    const html = await upload(owner, Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png')
    expect(html.statusCode).toBe(400)
    expect(html.json().details.fields).toEqual([
      {
        path: 'file',
        code: 'upload.imageType',
        params: {},
        message: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
      },
    ])
    const big = await upload(owner, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))
    expect(big.statusCode).toBe(400)
    expect(big.json().details.fields[0].message).toBe('The image may be at most 5 MB.')
    const notMultipart = await app.inject({ method: 'POST', url: url(), headers: owner, payload: { a: 1 } })
    expect(notMultipart.statusCode).toBe(400)
  })

  it('uploads: a customer may upload an image answer; staff without rights get 403; another organisation 404', async () => {
    const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [orgA.salons[0].id] })
    const { token } = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: orgA.id,
      ttlHours: 1,
    })
    expect((await upload(bearer(token), JPEG)).statusCode).toBe(201)
    const nobody = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [orgA.salons[0].id],
      permissions: ['readEmployees'],
    })
    expect((await upload(nobody.headers, PNG)).statusCode).toBe(403)
    expect((await upload(orgB.owner.headers, PNG)).statusCode).toBe(404)
    expect((await upload({}, PNG)).statusCode).toBe(401)
  })

  it("uploads: with the client's photo id, a retry answers the same path and keeps the first file", async () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
    const withId = (bytes: Buffer, value = id) => {
      const f = multipartForm({ bytes, filename: 'p.png', mime: 'image/png' }, { id: value })
      return app.inject({ method: 'POST', url: url(), headers: { ...owner, ...f.headers }, payload: f.payload })
    }
    const first = await withId(PNG)
    expect(first.statusCode).toBe(201)
    expect(first.json().path).toBe(`${orgA.id}/images/${id}.png`)
    const again = await withId(PNG)
    expect(again.statusCode).toBe(201)
    expect(again.json().path).toBe(first.json().path)
    expect(readFileSync(path.join(dataDir, 'storage', first.json().path)).equals(PNG)).toBe(true)
    const bad = await withId(PNG, '../../etc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.fields[0].path).toBe('id')
  })

  it('storage: no directory listing, no path traversal, unknown files 404', async () => {
    for (const p of [
      `/storage/${orgA.id}/images/`,
      `/storage/${orgA.id}`,
      '/storage/..%2F..%2Fetc%2Fpasswd',
      '/storage/x.png',
    ])
      expect((await app.inject({ url: p })).statusCode, p).toBe(404)
  })

  it('icons: the catalogue lists categories of icons, each served as SVG under /storage/icons', async () => {
    expect((await app.inject({ url: apiUrl(API.uploads.imageCategories) })).statusCode).toBe(401)
    const res = await app.inject({ url: apiUrl(API.uploads.imageCategories), headers: owner })
    expect(res.statusCode).toBe(200)
    const cats = res.json()
    expect(cats.map((c: { id: string }) => c.id)).toEqual(['general', 'skin', 'vitality'])
    const drop = cats[1].icons.find((i: { name: string }) => i.name === 'skin/drop')
    expect(drop.url).toBe('/storage/icons/skin/drop.svg')
    const svg = await app.inject({ url: drop.url })
    expect(svg.statusCode).toBe(200)
    expect(svg.headers['content-type']).toBe('image/svg+xml')
    expect(svg.body).toContain('<svg')
    expect((await app.inject({ url: '/storage/icons/..%2Findex.ts' })).statusCode).toBe(404)
  })
})
