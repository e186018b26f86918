import { createHash } from 'node:crypto'
import type { FileStore } from './store'

export type CopyCounts = { copied: number; skipped: number; failed: number; bytes: number }
export type CopyOutcome = 'copied' | 'skipped' | { failed: string }

/** The MD5 of a stored file, streamed (the ETag S3 gives a single-part upload of the same bytes). */
async function md5Of(store: FileStore, key: string): Promise<string | null> {
  const got = await store.get(key)
  if (!got) return null
  const hash = createHash('md5')
  for await (const chunk of got.body) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Copies every file of `from` into `to` under the same key (issue 25: moving DATA_DIR/storage into
 * the bucket; `npm run storage:copy-to-s3`). Idempotent: a key already there with the same size
 * and MD5 is skipped, so a run cut short is simply run again; anything else is (re)written. Files
 * stream through, a few at a time; one that fails is counted and the rest go on.
 */
export async function copyStore(opts: {
  from: FileStore
  to: FileStore
  concurrency?: number
  onFile?: (key: string, outcome: CopyOutcome) => void
}): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0 }
  const files = opts.from.list()[Symbol.asyncIterator]()
  async function copyOne(key: string, size: number): Promise<CopyOutcome> {
    const there = await opts.to.stat(key)
    if (there && there.size === size && there.etag && there.etag === (await md5Of(opts.from, key))) return 'skipped'
    const got = await opts.from.get(key)
    if (!got) return { failed: 'gone from the source while copying' }
    await opts.to.put(key, { stream: got.body, size: got.size })
    counts.bytes += got.size
    return 'copied'
  }
  async function worker() {
    for (let next = await files.next(); !next.done; next = await files.next()) {
      const { key, size } = next.value
      const outcome = await copyOne(key, size).catch((e: unknown) => ({ failed: (e as Error).message ?? String(e) }))
      if (outcome === 'copied') counts.copied++
      else if (outcome === 'skipped') counts.skipped++
      else counts.failed++
      opts.onFile?.(key, outcome)
    }
  }
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker))
  return counts
}
