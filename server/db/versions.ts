import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from './client'
import { organisations } from './schema'

/**
 * Takes `n` consecutive sync versions of the organisation in one step (one row of a bulk write
 * each, without a round trip per row). Call inside the transaction that writes the rows: the row
 * lock on the organisation serialises writers, so versions are handed out in commit order and a
 * pull never skips a row that commits later with a lower version. Versions stay unique per
 * organisation.
 */
export async function takeVersions(tx: DbOrTx, organisationId: string, n: number): Promise<number[]> {
  if (n <= 0) return []
  const [row] = await tx
    .update(organisations)
    .set({ versionCounter: sql`${organisations.versionCounter} + ${n}` })
    .where(eq(organisations.id, organisationId))
    .returning({ last: organisations.versionCounter })
  if (!row) throw new Error(`organisation ${organisationId} not found while taking versions`)
  return Array.from({ length: n }, (_, i) => row.last - n + 1 + i)
}

/** Takes the organisation's next sync version (see takeVersions), for a write of one row. */
export async function nextVersion(tx: DbOrTx, organisationId: string): Promise<number> {
  const [version] = await takeVersions(tx, organisationId, 1)
  return version
}
