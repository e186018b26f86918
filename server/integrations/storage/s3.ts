import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '../../config'
import { checkKey, type FileStore, isStorageKey, readAll } from './store'

const isMissing = (e: unknown) =>
  e instanceof S3ServiceException &&
  (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404)

const unquote = (etag: string | undefined) => etag?.replace(/^"|"$/g, '')

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK v3 (issue 25).
 * Objects stay private: downloads go through GET /storage/* (its session check first), which
 * streams them from here; no public or presigned URL is ever handed out.
 */
export function createS3Store(s: S3Settings): FileStore {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 checksum on every upload (aws-chunked bodies with a trailer) is
    // refused by several S3-compatible stores and by the local test server; a checksum only where
    // S3 requires one (DeleteObjects) is what they all accept. Plain PUTs are still signed.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = s.bucket
  const objectKey = (key: string) => s.prefix + checkKey(key)

  async function head(key: string) {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))
      return { size: r.ContentLength ?? 0, etag: unquote(r.ETag) }
    } catch (e) {
      if (isMissing(e)) return null
      throw e
    }
  }

  async function get(key: string, range?: { start: number; end: number }) {
    try {
      const r = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      // With a range, Content-Range says "bytes a-b/<total>"; without, the length is the size.
      const total = r.ContentRange ? Number(r.ContentRange.split('/')[1]) : r.ContentLength
      return { body: r.Body as Readable, size: total ?? 0 }
    } catch (e) {
      if (isMissing(e) || (e instanceof S3ServiceException && e.name === 'InvalidRange')) return null
      throw e
    }
  }

  async function* list(prefix?: string) {
    const from = s.prefix + (prefix ? `${checkKey(prefix)}/` : '')
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: from })) {
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(s.prefix.length) ?? ''
        // Objects put there by something else under a name we would never make are not ours.
        if (isStorageKey(key)) yield { key, size: o.Size ?? 0, etag: unquote(o.ETag) }
      }
    }
  }

  return {
    kind: 's3',
    async put(key, body, opts) {
      // A look first, then a conditional write (If-None-Match: *, honoured by AWS S3 and most
      // stores) so two retries racing cannot both replace the first upload.
      if (opts?.ifAbsent && (await head(key))) return false
      const isBuffer = Buffer.isBuffer(body)
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: isBuffer ? body : body.stream,
            ContentLength: isBuffer ? body.length : body.size,
            ContentType: opts?.contentType,
            IfNoneMatch: opts?.ifAbsent ? '*' : undefined,
          }),
        )
        return true
      } catch (e) {
        if (opts?.ifAbsent && e instanceof S3ServiceException && e.$metadata?.httpStatusCode === 412) return false
        throw e
      }
    },
    get: (key, range) => (isStorageKey(key) ? get(key, range) : Promise.resolve(null)),
    async read(key) {
      if (!isStorageKey(key)) return null
      const got = await get(key)
      return got ? readAll(got.body) : null
    },
    stat: (key) => (isStorageKey(key) ? head(key) : Promise.resolve(null)),
    async delete(key) {
      if (isStorageKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
    },
    async deletePrefix(prefix) {
      if (!isStorageKey(prefix)) return
      let batch: string[] = []
      const flush = async () => {
        if (batch.length === 0) return
        const Objects = batch.map((k) => ({ Key: objectKey(k) }))
        batch = []
        const r = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }))
        // A batch answers 200 even when some keys failed: those are in Errors, and must not pass unseen.
        const failed = r.Errors ?? []
        if (failed.length > 0)
          throw new Error(
            `could not delete ${failed.length} files under ${prefix}/: ${failed[0]?.Code} ${failed[0]?.Message}`,
          )
      }
      // DeleteObjects takes at most 1,000 keys a call.
      for await (const o of list(prefix)) {
        batch.push(o.key)
        if (batch.length === 1000) await flush()
      }
      await flush()
    },
    list,
    close: async () => client.destroy(),
  }
}
