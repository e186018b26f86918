import { v7 as uuidv7 } from 'uuid'
import type { BulkImport, BulkImportResult, ImportDryCounts, ImportRow } from '../../../contract/customer-imports'

/*
 * Sends an import's rows to POST /customers/bulk in chunks. Each chunk's id is fixed before the
 * first send, so a chunk sent again (after a time-out, a dropped connection, a reload of the
 * answer) answers its stored result on the server and creates nobody twice. Network failures and
 * server hiccups are retried with a growing pause; offline the import waits for the connection
 * (and says so through `onProgress`); a refusal (4xx) stops it.
 */

export const IMPORT_CHUNK_SIZE = 200

export type ImportProgress = {
  done: number
  total: number
  created: number
  skippedExisting: { row: number; email: string }[]
  /** Waiting for the connection (offline) or retrying after a failure. */
  waiting: 'offline' | 'retry' | null
}

export type ImportPlan = { importId: string; chunks: { chunkId: string; rows: ImportRow[] }[] }

export function planImport(rows: ImportRow[], chunkSize = IMPORT_CHUNK_SIZE): ImportPlan {
  const chunks: ImportPlan['chunks'] = []
  for (let i = 0; i < rows.length; i += chunkSize)
    chunks.push({ chunkId: uuidv7(), rows: rows.slice(i, i + chunkSize) })
  return { importId: uuidv7(), chunks }
}

/** An error worth another try: no answer (status 0), the server busy or failing. */
const retryable = (err: unknown) => {
  const status = (err as { status?: number }).status
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500
}

export async function runImport(opts: {
  plan: ImportPlan
  salonIds: string[]
  fileName: string
  final: ImportDryCounts
  send: (body: BulkImport) => Promise<BulkImportResult>
  onProgress: (p: ImportProgress) => void
  isOnline: () => boolean
  waitOnline: () => Promise<void>
  sleep?: (ms: number) => Promise<void>
  /** Chunks already sent (resume after a stop); their results are asked again, which is free. */
  from?: number
}): Promise<ImportProgress> {
  const { plan } = opts
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const total = plan.chunks.reduce((n, c) => n + c.rows.length, 0)
  const p: ImportProgress = { done: 0, total, created: 0, skippedExisting: [], waiting: null }
  opts.onProgress({ ...p })
  for (const [i, chunk] of plan.chunks.entries()) {
    const body: BulkImport = {
      importId: plan.importId,
      chunkId: chunk.chunkId,
      fileName: opts.fileName,
      salonIds: opts.salonIds,
      rows: chunk.rows,
      final: i === plan.chunks.length - 1 ? opts.final : undefined,
    }
    let attempt = 0
    for (;;) {
      if (!opts.isOnline()) {
        opts.onProgress({ ...p, waiting: 'offline' })
        await opts.waitOnline()
      }
      try {
        const res = await opts.send(body)
        p.created += res.created
        p.skippedExisting.push(...res.skippedExisting)
        break
      } catch (err) {
        if (!retryable(err)) throw err
        attempt++
        opts.onProgress({ ...p, waiting: opts.isOnline() ? 'retry' : 'offline' })
        await sleep(Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)))
      }
    }
    p.done += chunk.rows.length
    p.waiting = null
    opts.onProgress({ ...p })
  }
  return p
}
