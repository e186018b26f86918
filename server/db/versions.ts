import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from './client'
import { organisations } from './schema'

/**
 * Takes the organisation's next sync version. Call inside the transaction that writes the row:
 * the row lock on the organisation serialises writers, so versions are handed out in commit
 * order and a pull never skips a row that commits later with a lower version.
 */
export async function nextVersion(tx: DbOrTx, organisationId: string): Promise<number> {
  const [row] = await tx
    .update(organisations)
    .set({ versionCounter: sql`${organisations.versionCounter} + 1` })
    .where(eq(organisations.id, organisationId))
    .returning({ v: organisations.versionCounter })
  if (!row) throw new Error(`organisation ${organisationId} not found while taking a version`)
  return row.v
}
