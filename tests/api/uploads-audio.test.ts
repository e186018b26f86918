import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_AUDIO_BYTES } from '../../contract/endpoints/uploads'
import { parseMp3 } from '../../server/services/uploads/mp3'
import { encodeMp3 } from '../../shared/audio/encode'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { multipartForm } from '../helpers/multipart'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-audio-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const owner = orgA.owner.headers
const url = (org = orgA.id) => apiUrl(API.uploads.audio, { org })

async function storageCookie(headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: apiUrl(API.uploads.storageSession), headers })
  expect(res.statusCode).toBe(204)
  return res.cookies.find((c) => c.name === 'storage_session')!.value
}
const ownerCookie = await storageCookie(owner)
const readAs = (fileUrl: string, headers: Record<string, string> = {}, cookie = ownerCookie) =>
  app.inject({ url: fileUrl, headers, cookies: cookie ? { storage_session: cookie } : {} })

/** Two seconds of a 220 Hz tone, encoded by the app's own encoder (lamejs). */
function tone(seconds: number, rate = 44100) {
  const pcm = new Float32Array(seconds * rate)
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.4 * Math.sin((2 * Math.PI * 220 * i) / rate)
  return pcm
}
const MP3 = Buffer.from(await encodeMp3([tone(2)], 44100))
/** An ID3v2.3 tag (a title frame) before the same audio, as desktop software writes it. */
function id3Tagged(audio: Buffer) {
  const title = Buffer.concat([Buffer.from([0]), Buffer.from('Haarverzorging', 'latin1')])
  const frame = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, 0, title.length, 0, 0]), title])
  const size = frame.length + 100 // some padding after the frames, like real taggers
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ])
  return Buffer.concat([header, frame, Buffer.alloc(100), audio])
}
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
])

const upload = (
  headers: Record<string, string>,
  bytes: Buffer,
  fields: Record<string, string> = {},
  org = orgA.id,
  filename = 'advies.mp3',
) => {
  const f = multipartForm({ bytes, filename, mime: 'audio/mpeg' }, fields)
  return app.inject({ method: 'POST', url: url(org), headers: { ...headers, ...f.headers }, payload: f.payload })
}
const fieldCodes = (res: { json: () => unknown }) =>
  (res.json() as { details?: { fields?: { path: string; code: string }[] } }).details?.fields?.map((f) => f.code)

describe('POST /organisations/:org/upload/audio', () => {
  it('stores an MP3 under <org>/audio/<uuid>.mp3 with its duration counted from the frames', async () => {
    expect(parseMp3(MP3)).not.toBeNull()
    const res = await upload(owner, MP3)
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.path).toMatch(new RegExp(`^${orgA.id}/audio/[0-9a-f-]{36}\\.mp3$`))
    expect(body.url).toBe(`/storage/${body.path}`)
    expect(body.durationSeconds).toBeGreaterThan(1.9)
    expect(body.durationSeconds).toBeLessThan(2.2)
    expect(readFileSync(path.join(dataDir, 'storage', body.path)).equals(MP3)).toBe(true)
    const served = await readAs(body.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('audio/mpeg')
    expect(served.headers['accept-ranges']).toBe('bytes')
    expect(served.rawPayload.equals(MP3)).toBe(true)
  })

  it("an ID3-tagged MP3 is accepted; the client's duration is kept when it sends one", async () => {
    const res = await upload(owner, id3Tagged(MP3), { durationSeconds: '2.04' })
    expect(res.statusCode).toBe(201)
    expect(res.json().durationSeconds).toBe(2)
    // A nonsense duration falls back to the frames' count.
    const nonsense = await upload(owner, MP3, { durationSeconds: 'abc' })
    expect(nonsense.statusCode).toBe(201)
    expect(nonsense.json().durationSeconds).toBeGreaterThan(1.9)
  })

  it('refuses by content: a PNG named .mp3, an empty file, text, too big — 400 with the audio message', async () => {
    for (const bytes of [
      PNG,
      Buffer.alloc(0),
      Buffer.from('ID3 this is just text pretending to be audio\n'.repeat(50)),
    ]) {
      const res = await upload(owner, bytes)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
      expect(fieldCodes(res)).toEqual(['upload.audioType'])
    }
    // Over the limit: MP3 frames all the way, one byte too many.
    const frames = Buffer.alloc(MAX_AUDIO_BYTES + 1)
    for (let at = 0; at + MP3.length <= frames.length; at += MP3.length) MP3.copy(frames, at)
    const big = await upload(owner, frames)
    expect(big.statusCode).toBe(400)
    expect(fieldCodes(big)).toEqual(['upload.audioSize'])
    // Not multipart at all.
    const plain = await app.inject({ method: 'POST', url: url(), headers: owner, payload: { file: 'x' } })
    expect(plain.statusCode).toBe(400)
  })

  it('permissions: manageAdvice may; a receptionist without it 403; another organisation 404; no session 401', async () => {
    const grower = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [orgA.salons[0].id],
      permissions: ['readAdvice', 'manageAdvice'],
    })
    expect((await upload(grower.headers, MP3)).statusCode).toBe(201)
    const receptionist = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [orgA.salons[0].id],
      permissions: ['readCustomers', 'manageCustomers', 'readAdvice'],
    })
    expect((await upload(receptionist.headers, MP3)).statusCode).toBe(403)
    expect((await upload(orgB.owner.headers, MP3)).statusCode).toBe(404)
    expect((await upload({}, MP3)).statusCode).toBe(401)
    // Another organisation's stored audio does not exist for this one's cookie.
    const theirs = (await upload(orgB.owner.headers, MP3, {}, orgB.id)).json()
    expect((await readAs(theirs.url)).statusCode).toBe(404)
    expect((await readAs(theirs.url, {}, await storageCookie(orgB.owner.headers))).statusCode).toBe(200)
  })

  it("with the client's id a retried upload answers the same path; a bad id is a 400", async () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c'
    const first = await upload(owner, MP3, { id })
    expect(first.statusCode).toBe(201)
    expect(first.json().path).toBe(`${orgA.id}/audio/${id}.mp3`)
    const again = await upload(owner, MP3, { id })
    expect(again.statusCode).toBe(201)
    expect(again.json().path).toBe(first.json().path)
    expect((await upload(owner, MP3, { id: '../x' })).statusCode).toBe(400)
  })
})

describe('GET /storage/<org>/audio/… byte ranges (seeking)', () => {
  it('answers 206 with exactly the asked bytes, open-ended and suffix ranges, 416 past the end', async () => {
    const { url: fileUrl } = (await upload(owner, MP3)).json()
    const mid = await readAs(fileUrl, { range: 'bytes=1000-1999' })
    expect(mid.statusCode).toBe(206)
    expect(mid.headers['content-range']).toBe(`bytes 1000-1999/${MP3.length}`)
    expect(mid.headers['content-length']).toBe('1000')
    expect(mid.rawPayload.equals(MP3.subarray(1000, 2000))).toBe(true)
    const open = await readAs(fileUrl, { range: `bytes=${MP3.length - 10}-` })
    expect(open.statusCode).toBe(206)
    expect(open.rawPayload.equals(MP3.subarray(MP3.length - 10))).toBe(true)
    const suffix = await readAs(fileUrl, { range: 'bytes=-5' })
    expect(suffix.rawPayload.equals(MP3.subarray(MP3.length - 5))).toBe(true)
    const beyond = await readAs(fileUrl, { range: `bytes=${MP3.length}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${MP3.length}`)
    // Without the session cookie a range is as missing as the whole file.
    expect((await readAs(fileUrl, { range: 'bytes=0-9' }, '')).statusCode).toBe(404)
  })
})
