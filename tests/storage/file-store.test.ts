import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskStore } from '../../server/integrations/storage/disk'
import { createS3Store } from '../../server/integrations/storage/s3'
import { type FileStore, readAll } from '../../server/integrations/storage/store'
import { tempDataDir } from '../helpers/files'
import { startS3ForFile } from '../helpers/peers/s3'

/*
 * One suite, both stores (issue 25): what the services rely on holds on the disk and on S3 alike.
 * The S3 store talks to a real local S3 server (tests/helpers/peers/s3.ts) through the AWS SDK.
 */
const s3 = await startS3ForFile()
const stores: [string, FileStore][] = [
  ['disk', createDiskStore(tempDataDir('file-store-'))],
  // Its own prefix, as S3_PREFIX gives: nothing outside it is seen or touched.
  ['s3', createS3Store({ ...s3, prefix: `run-${randomUUID()}/` })],
]
afterAll(() => Promise.all(stores.map(([, s]) => s.close())))

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
/** Every byte value, then random bytes: nothing may be re-encoded on the way. */
const binary = () => Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)])
const org = () => randomUUID()

describe.each(stores)('file store (%s)', (_kind, store) => {
  it('gives back exactly the bytes it was given, as a stream and whole', async () => {
    const key = `${org()}/images/${randomUUID()}.png`
    const bytes = binary()
    expect(await store.put(key, bytes)).toBe(true)
    const got = await store.get(key)
    expect(got?.size).toBe(bytes.length)
    expect((await readAll(got!.body)).equals(bytes)).toBe(true)
    expect((await store.read(key))?.equals(bytes)).toBe(true)
    expect(await store.stat(key)).toMatchObject({ size: bytes.length })
  })

  it('replaces a file put again under the same key, unless asked to keep the first', async () => {
    const key = `${org()}/pdf/${randomUUID()}.pdf`
    await store.put(key, Buffer.from('first version, longer'))
    await store.put(key, Buffer.from('second'))
    expect((await store.read(key))?.toString()).toBe('second')
    expect(await store.put(key, Buffer.from('third'), { ifAbsent: true })).toBe(false)
    expect((await store.read(key))?.toString()).toBe('second')
  })

  it('deletes a file; deleting it again is fine', async () => {
    const key = `${org()}/audio/${randomUUID()}.mp3`
    await store.put(key, Buffer.from('x'))
    await store.delete(key)
    expect(await store.stat(key)).toBeNull()
    expect(await store.get(key)).toBeNull()
    await expect(store.delete(key)).resolves.toBeUndefined()
  })

  it('answers null for a missing key and for anything that is not a storage key', async () => {
    const missing = `${org()}/images/${randomUUID()}.png`
    expect(await store.get(missing)).toBeNull()
    expect(await store.read(missing)).toBeNull()
    expect(await store.stat(missing)).toBeNull()
    for (const bad of ['../etc/passwd', 'a/../../b', '/abs/file', 'a//b', '.hidden/x', 'a/.', '', 'a\\..\\b']) {
      expect(await store.get(bad)).toBeNull()
      expect(await store.read(bad)).toBeNull()
      expect(await store.stat(bad)).toBeNull()
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/)
    }
  })

  it('streams a large file in and out without holding it whole', async () => {
    const key = `${org()}/pdf/${randomUUID()}.pdf`
    const chunk = randomBytes(1024 * 1024)
    const chunks = 12
    const hash = createHash('sha256')
    for (let i = 0; i < chunks; i++) hash.update(chunk)
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i++) yield chunk
      })(),
    )
    await store.put(key, { stream, size: chunk.length * chunks })
    const got = await store.get(key)
    expect(got?.size).toBe(chunk.length * chunks)
    const back = createHash('sha256')
    let pieces = 0
    for await (const c of got!.body) {
      back.update(c as Buffer)
      pieces++
    }
    expect(back.digest('hex')).toBe(hash.digest('hex'))
    expect(pieces).toBeGreaterThan(1)
  })

  it('streams a byte range (seeking in audio), with the whole size', async () => {
    const key = `${org()}/audio/${randomUUID()}.mp3`
    const bytes = binary()
    await store.put(key, bytes)
    const part = await store.get(key, { start: 10, end: 19 })
    expect(part?.size).toBe(bytes.length)
    expect((await readAll(part!.body)).equals(bytes.subarray(10, 20))).toBe(true)
  })

  it("lists every file under an organisation's prefix with its size, and deletes them all", async () => {
    const a = org()
    const b = org()
    const files = { [`${a}/images/1.png`]: 3, [`${a}/pdf/2.pdf`]: 5, [`${a}/signatures/deep/3.png`]: 7 }
    for (const [key, size] of Object.entries(files)) await store.put(key, randomBytes(size))
    await store.put(`${b}/images/other.png`, randomBytes(1))
    const listed = []
    for await (const f of store.list(a)) listed.push([f.key, f.size])
    expect(Object.fromEntries(listed)).toEqual(files)
    const all = []
    for await (const f of store.list()) all.push(f.key)
    expect(all).toEqual(expect.arrayContaining([...Object.keys(files), `${b}/images/other.png`]))

    await store.deletePrefix(a)
    const left = []
    for await (const f of store.list(a)) left.push(f.key)
    expect(left).toEqual([])
    expect(await store.stat(`${b}/images/other.png`)).toMatchObject({ size: 1 })
  })

  it('keeps the hash of what it stored (binary exactness over several files)', async () => {
    const keys = Array.from({ length: 5 }, () => `${org()}/images/${randomUUID()}.webp`)
    const bodies = keys.map(() => binary())
    await Promise.all(keys.map((k, i) => store.put(k, bodies[i] as Buffer)))
    const back = await Promise.all(keys.map((k) => store.read(k)))
    expect(back.map((b) => sha(b as Buffer))).toEqual(bodies.map(sha))
  })
})
