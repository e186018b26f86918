import { PgTransaction } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client'

/**
 * A statement whose SQL text is built once per database handle instead of per call (issue 25:
 * Drizzle walking every fragment of a statement was a fifth of the server's busy time on hot
 * paths). `build` makes it with placeholders, usually ending in `.prepare(name)`; a transaction
 * is a handle of its own for one unit of work, so it builds its own each time.
 */
export function oncePerHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const kept = new WeakMap<DbOrTx, T>()
  return (db) => {
    if (db instanceof PgTransaction) return build(db)
    let built = kept.get(db)
    if (built === undefined) {
      built = build(db)
      kept.set(db, built)
    }
    return built
  }
}
