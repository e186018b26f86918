import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { link, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { type FileStore, isStorageKey, type PutBody } from './store'

/** A key → its file under `root`, or null when it is not a storage key or could escape `root`. */
export function resolveIn(root: string, key: string): string | null {
  if (!isStorageKey(key)) return null
  const file = path.resolve(root, ...key.split('/'))
  return file.startsWith(root + path.sep) ? file : null
}

const mustResolve = (root: string, key: string) => {
  const file = resolveIn(root, key)
  if (!file) throw new Error(`invalid storage key ${JSON.stringify(key)}`)
  return file
}

/** Files on this machine's disk under `root` (DATA_DIR/storage): the default, as before issue 25. */
export function createDiskStore(root: string): FileStore {
  root = path.resolve(root)
  const fileStat = async (file: string | null) => {
    const info = file ? await stat(file).catch(() => null) : null
    return info?.isFile() ? { size: info.size } : null
  }

  async function* walk(dir: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const e of entries) {
      // Hidden names are our own half-written temp files (see put); they are never keys.
      if (e.name.startsWith('.')) continue
      const key = prefix ? `${prefix}/${e.name}` : e.name
      if (e.isDirectory()) yield* walk(path.join(dir, e.name), key)
      else if (e.isFile() && isStorageKey(key)) {
        const info = await fileStat(path.join(dir, e.name))
        if (info) yield { key, ...info }
      }
    }
  }

  return {
    kind: 'disk',
    async put(key: string, body: PutBody, opts) {
      const file = mustResolve(root, key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed into place: a download running meanwhile gets the old file or
      // the new one, never a half-written one (and a failed write leaves nothing behind).
      const tmp = path.join(path.dirname(file), `.${randomUUID()}.tmp`)
      try {
        await pipeline(Buffer.isBuffer(body) ? [body] : body.stream, createWriteStream(tmp, { flags: 'wx' }))
        // link() refuses an existing name atomically (two retries at once: one wins, the other sees it).
        if (opts?.ifAbsent) await link(tmp, file)
        else await rename(tmp, file)
        return true
      } catch (e) {
        if (opts?.ifAbsent && (e as { code?: string }).code === 'EEXIST') return false
        throw e
      } finally {
        await rm(tmp, { force: true })
      }
    },
    async get(key, range) {
      const file = resolveIn(root, key)
      const info = await fileStat(file)
      if (!file || !info) return null
      return { body: createReadStream(file, range), size: info.size }
    },
    async read(key) {
      const file = resolveIn(root, key)
      return file ? await readFile(file).catch(() => null) : null
    },
    stat: (key) => fileStat(resolveIn(root, key)),
    async delete(key) {
      const file = resolveIn(root, key)
      if (file) await rm(file, { force: true })
    },
    async deletePrefix(prefix) {
      const folder = resolveIn(root, prefix)
      if (folder) await rm(folder, { recursive: true, force: true })
    },
    list(prefix) {
      if (!prefix) return walk(root, '')
      const folder = resolveIn(root, prefix)
      return folder ? walk(folder, prefix) : (async function* () {})()
    },
    close: async () => {},
  }
}
