import { v4 as uuidv4 } from 'uuid'
import type { Caller } from '../../../contract/policy'
import { authorize, type TenantCaller } from '../../auth/caller'
import { invalidFile } from '../../errors'
import { type FileStore, storageUrl } from '../../integrations/storage'

/** Images a questionnaire or an answer may carry, recognised by their first bytes. */
const IMAGE_SIGNATURES: { ext: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
]
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

const invalid = invalidFile

/** The file's extension by its own first bytes; refuses an empty, oversized or non-image file. */
export function imageExtension(bytes: Buffer): string {
  if (bytes.length === 0) throw invalid('upload.imageType')
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid('upload.imageSize')
  const kind = IMAGE_SIGNATURES.find((s) => s.test(bytes))
  if (!kind) throw invalid('upload.imageType')
  return kind.ext
}

/**
 * Stores an uploaded image under `<org>/images/<uuid>.<ext>`; with the client's `id` (a photo
 * uploaded by the sync engine) under that id, so a retried upload answers the same path. The type is decided by the file's
 * own bytes, never by the name or the declared MIME type, so a script renamed .png is refused.
 */
export async function saveImage(opts: { storage: FileStore; organisationId: string; bytes: Buffer; id?: string }) {
  const ext = imageExtension(opts.bytes)
  const rel = `${opts.organisationId}/images/${opts.id ?? uuidv4()}.${ext}`
  // The client's own id again (a retry after a lost answer): the first upload stands. A fresh
  // UUID that exists already would be a bug, never a replace.
  if (!(await opts.storage.put(rel, opts.bytes, { ifAbsent: true })) && !opts.id) throw new Error(`${rel} exists`)
  return { path: rel, url: storageUrl(rel) }
}

/** What one upload counts against (issue 7 #13): per customer for a customer, per organisation always. */
const uploadBudgets = (caller: Caller & { organisationId: string }) => [
  ...(caller.kind === 'customer'
    ? [{ limit: 'perCustomer' as const, key: `upload:${caller.organisationId}:${caller.customerId}` }]
    : []),
  { limit: 'perOrganisation' as const, key: `uploads:${caller.organisationId}` },
]

/**
 * POST /organisations/{org}/upload/images: question images by staff who build or take
 * questionnaires, image answers by customers filling one (policy uploads.image). The caller is
 * checked and the usage counted before the body is read, so a stranger spends nothing.
 */
export async function uploadImage(opts: {
  caller: TenantCaller
  storage: FileStore
  /** Counts one upload against a usage limit; throws (429) when spent. */
  count: (limit: 'perCustomer' | 'perOrganisation', key: string) => Promise<void>
  /** Reads the uploaded file and the client's optional id (multipart, the route's part). */
  read: () => Promise<{ bytes: Buffer; id?: string }>
}) {
  const { caller } = opts
  authorize(caller, 'uploads.image')
  for (const b of uploadBudgets(caller)) await opts.count(b.limit, b.key)
  const { bytes, id } = await opts.read()
  return saveImage({ storage: opts.storage, organisationId: caller.organisationId, bytes, id })
}
