import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config'
import { AppError } from '../../errors'
import { GLOBAL_FOLDER, mayReadPlatform, mayReadStored } from './access'
import { createDiskStore } from './disk'
import type { FileStore } from './store'

export { isStorageKey, type FileStore } from './store'

/**
 * Uploaded files (ARCHITECTURE "files"): in the S3-compatible bucket of S3_BUCKET when set
 * (issue 25), else on disk under DATA_DIR/storage as before. Keys are relative, '/'-separated:
 * `<organisationId>/images/<uuid>.<ext>`; served read-only at /storage/<key> after the same
 * session check whichever store holds them (see store.ts for the interface).
 */
export const storageRoot = (dataDir: string) => path.resolve(dataDir, 'storage')
export const storageUrl = (relPath: string) => `/storage/${relPath}`

/**
 * The store the settings choose: S3 when S3_BUCKET is set, the disk otherwise. The AWS SDK is
 * loaded only then (it takes a few hundred ms to import; the default start and every test app
 * on disk do without it).
 */
export async function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return createDiskStore(storageRoot(config.dataDir))
  const { createS3Store } = await import('./s3')
  return createS3Store(config.s3)
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
}

/** The icon catalogue shipped with the app (question icons), served at /storage/icons/…. */
const ICONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icons')
/** Read-only: the catalogue ships with the code, so it is served from here whatever the store. */
const ICONS = createDiskStore(ICONS_DIR)

/** Icon categories and their icons ("<category>/<name>", the value a question's `icon` keeps). */
export async function iconCatalogue(): Promise<{ id: string; icons: { name: string; url: string }[] }[]> {
  const categories = (await readdir(ICONS_DIR, { withFileTypes: true })).filter((d) => d.isDirectory())
  const out = []
  for (const c of categories.sort((a, b) => a.name.localeCompare(b.name))) {
    const files = (await readdir(path.join(ICONS_DIR, c.name))).filter((f) => f.endsWith('.svg')).sort()
    out.push({
      id: c.name,
      icons: files.map((f) => {
        const name = `${c.name}/${f.slice(0, -4)}`
        return { name, url: storageUrl(`icons/${name}.svg`) }
      }),
    })
  }
  return out
}

/**
 * One `Range: bytes=…` of a file of `size` bytes (RFC 9110 §14): start-end, start- or -suffix.
 * Null (serve the whole file) when absent, not about bytes or asking for several ranges at once.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
    if (end < start && m[2] !== '') return null
  }
  if (start >= size || size === 0) return 'unsatisfiable'
  return { start, end }
}

/**
 * GET /storage/*: files only (no directory listing), with their type from a fixed list, byte ranges (seeking in audio),
 * `nosniff` and a sandboxing CSP so a stored file can never run as a page of this origin.
 * File names are unique UUIDs, so they are cached for good (tenant files privately only).
 */
export const storagePlugin: FastifyPluginAsync = async (app) => {
  app.get('/storage/*', async (req, reply) => {
    // The router has decoded the path already; decoding again would turn a file name with '%'
    // into a crash (/storage/x/%25) and a double-encoded name into another name.
    const rel = (req.params as { '*': string })['*'] ?? ''
    const isIcon = rel.startsWith('icons/')
    // `<org>/logo/…`: the salon's logo is public (sign-in page, e-mails; services/uploads/logo.ts).
    const isPublic = isIcon || rel.split('/')[1] === 'logo'
    // An organisation's files open only for a live session of that organisation (access.ts);
    // without one they do not exist, exactly like a wrong name.
    const owner = rel.split('/')[0] ?? ''
    // The platform's files (`global/…`, issue 24): by the course that uses them (access.ts).
    const allowed =
      isPublic || (owner === GLOBAL_FOLDER ? await mayReadPlatform(req, rel) : await mayReadStored(req, owner))
    if (!allowed) throw new AppError('FILE_NOT_FOUND')
    const store = isIcon ? ICONS : app.storage
    const key = isIcon ? rel.slice('icons/'.length) : rel
    // A media element seeking (Grow audio) asks for a byte range: 206 with just those bytes. The
    // range needs the size first (a suffix range counts from the end).
    const info = req.headers.range ? await store.stat(key) : null
    const range = info ? byteRange(req.headers.range, info.size) : null
    const file = range === 'unsatisfiable' ? null : await store.get(key, range ?? undefined)
    if (!file && range !== 'unsatisfiable') throw new AppError('FILE_NOT_FOUND')
    reply
      .header('content-type', TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Names never change content; only icons and logos may sit in shared caches, tenant files stay private.
      .header('cache-control', `${isPublic ? 'public' : 'private'}, max-age=31536000, immutable`)
    if (range === 'unsatisfiable' || !file)
      return reply
        .code(416)
        .header('content-range', `bytes */${info?.size ?? 0}`)
        .header('content-length', 0)
        .send()
    if (range)
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(file.body)
    return reply.header('content-length', file.size).send(file.body)
  })
}
