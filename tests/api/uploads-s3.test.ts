import { existsSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { createS3Store } from '../../server/integrations/storage/s3'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { tempDataDir } from '../helpers/files'
import { multipartForm } from '../helpers/multipart'
import { startS3ForFile } from '../helpers/peers/s3'
import { apiUrl } from '../helpers/url'
import { customerBody, postCustomer, postSubmissionWithPhoto } from './customers-fixtures'

/*
 * Issue 25: with S3 settings the app keeps uploaded files in the bucket, not on its disk, and
 * serves them exactly as before: only to a live session of their organisation, streamed by the
 * server after its own check (no public or presigned address).
 */
const s3 = await startS3ForFile()
const settings = { ...s3, prefix: `api-${randomUUID()}/` }
const dataDir = tempDataDir('uploads-s3-')
const app = await buildTestApp({ dataDir, s3: settings })
const bucket = createS3Store(settings)
afterAll(() => bucket.close())
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)

async function storageCookie(headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: apiUrl(API.uploads.storageSession), headers })
  return res.cookies.find((c) => c.name === 'storage_session')?.value ?? ''
}
const cookieA = await storageCookie(orgA.owner.headers)
const cookieB = await storageCookie(orgB.owner.headers)
const download = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers, cookies: cookie ? { storage_session: cookie } : {} })

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
])
const upload = (
  endpoint: typeof API.uploads.image | typeof API.uploads.pdf,
  bytes: Buffer,
  filename: string,
  mime: string,
) => {
  const f = multipartForm({ bytes, filename, mime })
  return app.inject({
    method: 'POST',
    url: apiUrl(endpoint, { org: orgA.id }),
    headers: { ...orgA.owner.headers, ...f.headers },
    payload: f.payload,
  })
}

describe('uploads in an S3-compatible store', () => {
  it('the app chose the S3 store from its settings', () => {
    expect(app.storage.kind).toBe('s3')
  })

  it('an uploaded image lands in the bucket (not on disk) and comes back to its organisation only', async () => {
    const res = await upload(API.uploads.image, PNG, 'photo.png', 'image/png')
    expect(res.statusCode).toBe(201)
    const { path: key, url } = res.json()
    expect(key).toMatch(new RegExp(`^${orgA.id}/images/[0-9a-f-]{36}\\.png$`))
    expect((await bucket.read(key))?.equals(PNG)).toBe(true)
    expect(existsSync(path.join(dataDir, 'storage'))).toBe(false)

    const served = await download(url, cookieA)
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['content-length']).toBe(String(PNG.length))
    expect(served.headers['cache-control']).toMatch(/^private,/)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // Another organisation's session, no session, a made-up one: as if it did not exist.
    for (const cookie of [cookieB, '', 'not-a-session']) {
      const other = await download(url, cookie)
      expect(other.statusCode).toBe(404)
      expect(other.json().code).toBe('FILE_NOT_FOUND')
    }
  })

  it('over a real socket the file streams from the bucket through the server, whole and by range', async () => {
    const { url } = (await upload(API.uploads.image, PNG, 'photo.png', 'image/png')).json()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, { headers: { cookie: `storage_session=${cookieA}`, ...headers } })
    const whole = await get()
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true)
    const part = await get({ range: 'bytes=1-3' })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(1, 4))).toBe(true)
    expect((await fetch(`${base}${url}`)).status).toBe(404)
  })

  it('a PDF streams back whole and by byte range; a missing key and a path outside the store are 404', async () => {
    const doc = await PDFDocument.create()
    doc.addPage([595, 842])
    const pdf = Buffer.from(await doc.save())
    const res = await upload(API.uploads.pdf, pdf, 'nazorg.pdf', 'application/pdf')
    expect(res.statusCode).toBe(201)
    const { url } = res.json()
    expect((await download(url, cookieA)).rawPayload.equals(pdf)).toBe(true)

    const part = await download(url, cookieA, { range: 'bytes=0-7' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`)
    expect(part.rawPayload.equals(pdf.subarray(0, 8))).toBe(true)
    const suffix = await download(url, cookieA, { range: 'bytes=-5' })
    expect(suffix.rawPayload.equals(pdf.subarray(pdf.length - 5))).toBe(true)
    expect((await download(url, cookieA, { range: `bytes=${pdf.length + 10}-` })).statusCode).toBe(416)

    expect((await download(`/storage/${orgA.id}/pdf/${randomUUID()}.pdf`, cookieA)).statusCode).toBe(404)
    expect((await download(`/storage/${orgA.id}/pdf/..%2F..%2Fx.pdf`, cookieA)).statusCode).toBe(404)
    expect((await download(`/storage/${orgA.id}/`, cookieA)).statusCode).toBe(404)
  })

  it("an organisation's logo is public from the bucket too", async () => {
    const f = multipartForm({ bytes: PNG, filename: 'logo.png', mime: 'image/png' })
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.uploadLogo, { org: orgA.id }),
      headers: { ...orgA.owner.headers, ...f.headers },
      payload: f.payload,
    })
    expect(res.statusCode).toBeLessThan(300)
    const { logoUrl } = res.json()
    const served = await app.inject({ url: logoUrl })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)
  })

  it("a customer's photo in the bucket goes into the GDPR export and is removed from the bucket by a hard delete", async () => {
    const salonId = orgA.salons[0].id
    const customer = await postCustomer(app, orgA.id, orgA.owner.headers, customerBody([salonId]))
    const { photo } = await postSubmissionWithPhoto(app, {
      orgId: orgA.id,
      salonId,
      headers: orgA.owner.headers,
      storage: app.storage,
      customerId: customer.id,
    })
    expect(await bucket.stat(photo)).not.toBeNull()
    const zip = await app.inject({
      url: apiUrl(API.customers.exportGdpr, { org: orgA.id, id: customer.id }),
      headers: orgA.owner.headers,
    })
    expect(zip.statusCode).toBe(200)
    // The ZIP's directory names the photo it read from the bucket.
    expect(zip.rawPayload.includes(Buffer.from(`photos/001-${photo.split('/').pop()}`))).toBe(true)

    const res = await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customers.hardDelete, { org: orgA.id, id: customer.id }),
      headers: orgA.owner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().photos).toBe(1)
    expect(await bucket.stat(photo)).toBeNull()
  })
})
