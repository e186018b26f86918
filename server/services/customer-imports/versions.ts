import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { organisations } from '../../db/schema'

/**
 * `n` consecutive sync versions in one step (nextVersion one by one would be 200 round trips per
 * chunk). Same lock, same rule: versions unique per organisation, handed out in commit order.
 */
export async function takeVersions(tx: DbOrTx, organisationId: string, n: number): Promise<number[]> {
  if (n <= 0) return []
  const [row] = await tx
    .update(organisations)
    .set({ versionCounter: sql`${organisations.versionCounter} + ${n}` })
    .where(eq(organisations.id, organisationId))
    .returning({ v: organisations.versionCounter })
  if (!row) throw new Error(`organisation ${organisationId} not found while taking versions`)
  return Array.from({ length: n }, (_, i) => row.v - n + 1 + i)
}
