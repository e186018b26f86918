import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../../errors'
import { mayReadStored } from './access'

/**
 * Uploaded files on disk under DATA_DIR/storage (ARCHITECTURE "files": disk by default, an
 * S3-compatible store later behind the same two calls). Paths are relative, '/'-separated:
 * `<organisationId>/images/<uuid>.<ext>`; served read-only at /storage/<path>.
 */
export const storageRoot = (dataDir: string) => path.resolve(dataDir, 'storage')
export const storageUrl = (relPath: string) => `/storage/${relPath}`

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** A stored path → its file on disk, or null when it could escape the storage folder. */
export const resolveStored = (dataDir: string, relPath: string) => resolveIn(storageRoot(dataDir), relPath)

function resolveIn(root: string, relPath: string): string | null {
  const parts = relPath.split('/')
  if (parts.length === 0 || !parts.every((p) => SEGMENT.test(p) && p !== '..')) return null
  const file = path.resolve(root, ...parts)
  return file.startsWith(root + path.sep) ? file : null
}

export async function saveFile(dataDir: string, relPath: string, bytes: Buffer): Promise<void> {
  const file = resolveStored(dataDir, relPath)
  if (!file) throw new Error(`invalid storage path ${relPath}`)
  await mkdir(path.dirname(file), { recursive: true })
  // wx: never overwrite (names are fresh UUIDs; a clash would be a bug, not a replace).
  await writeFile(file, bytes, { flag: 'wx' })
}

/** Removes a stored file (hard delete of a customer); a file already gone is not an error. */
export async function deleteFile(dataDir: string, relPath: string): Promise<boolean> {
  const file = resolveStored(dataDir, relPath)
  if (!file) return false
  await rm(file, { force: true })
  return true
}

/** Removes a whole stored folder (an organisation's files when it is purged); gone already is fine. */
export async function deleteFolder(dataDir: string, relPath: string): Promise<boolean> {
  const folder = resolveStored(dataDir, relPath)
  if (!folder) return false
  await rm(folder, { recursive: true, force: true })
  return true
}

/** A stored file's bytes (GDPR export), or null when it is missing or the path is not a storage path. */
export async function readStoredFile(dataDir: string, relPath: string): Promise<Buffer | null> {
  const file = resolveStored(dataDir, relPath)
  if (!file) return null
  try {
    return await readFile(file)
  } catch {
    return null
  }
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
export const storagePlugin: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  app.get('/storage/*', async (req, reply) => {
    // The router has decoded the path already; decoding again would turn a file name with '%'
    // into a crash (/storage/x/%25) and a double-encoded name into another name.
    const rel = (req.params as { '*': string })['*'] ?? ''
    const isIcon = rel.startsWith('icons/')
    // `<org>/logo/…`: the salon's logo is public (sign-in page, e-mails; services/uploads/logo.ts).
    const isPublic = isIcon || rel.split('/')[1] === 'logo'
    // An organisation's files open only for a live session of that organisation (access.ts);
    // without one they do not exist, exactly like a wrong name.
    if (!isPublic && !(await mayReadStored(req, rel.split('/')[0] ?? ''))) throw new AppError('FILE_NOT_FOUND')
    const file = isIcon ? resolveIn(ICONS_DIR, rel.slice('icons/'.length)) : resolveStored(opts.dataDir, rel)
    const info = file ? await stat(file).catch(() => null) : null
    if (!file || !info?.isFile()) throw new AppError('FILE_NOT_FOUND')
    reply
      .header('content-type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Names never change content; only icons and logos may sit in shared caches, tenant files stay private.
      .header('cache-control', `${isPublic ? 'public' : 'private'}, max-age=31536000, immutable`)
    // A media element seeking (Grow audio) asks for a byte range: 206 with just those bytes.
    const range = byteRange(req.headers.range, info.size)
    if (range === 'unsatisfiable')
      return reply.code(416).header('content-range', `bytes */${info.size}`).header('content-length', 0).send()
    if (range)
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(file, range))
    return reply.header('content-length', info.size).send(createReadStream(file))
  })
}
