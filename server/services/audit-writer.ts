import { PgTransaction } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../db/client'
import { oncePerHandle } from '../db/once-per-handle'
import { auditEvents } from '../db/schema'

/** One audit row as stored. */
export type AuditRow = typeof auditEvents.$inferInsert

type Waiting = { row: AuditRow; resolve: () => void; reject: (e: unknown) => void }
/** At most this many rows per insert. */
const BATCH = 100

/** The rows waiting for the next insert on a database handle, and whether one is being written. */
const queueOf = oncePerHandle(() => ({ waiting: [] as Waiting[], writing: false }))

/**
 * Writes one audit row. Inside a transaction it is part of that unit of work, as it is. Outside
 * one (a customer search writes one per request, issue 25) the rows of requests arriving while an
 * insert is under way go together in the next insert: one statement for many requests under load,
 * no wait when the server is idle (the first row is written at once). Each caller still waits
 * until its own row is stored, so an answered request has its audit row.
 */
export function writeAudit(db: DbOrTx, row: AuditRow): Promise<void> {
  if (db instanceof PgTransaction)
    return db
      .insert(auditEvents)
      .values(row)
      .then(() => undefined)
  const queue = queueOf(db)
  const written = new Promise<void>((resolve, reject) => queue.waiting.push({ row, resolve, reject }))
  if (!queue.writing) void drain(db, queue)
  return written
}

async function drain(db: DbOrTx, queue: { waiting: Waiting[]; writing: boolean }) {
  queue.writing = true
  try {
    while (queue.waiting.length) {
      const batch = queue.waiting.splice(0, BATCH)
      try {
        await db.insert(auditEvents).values(batch.map((w) => w.row))
        for (const w of batch) w.resolve()
      } catch (e) {
        if (batch.length === 1) batch[0].reject(e)
        // One row's failure must not fail the others' requests: each alone, once more.
        else
          await Promise.all(
            batch.map((w) =>
              db
                .insert(auditEvents)
                .values(w.row)
                .then(() => w.resolve(), w.reject),
            ),
          )
      }
    }
  } finally {
    queue.writing = false
  }
}
