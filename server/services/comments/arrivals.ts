import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customerComments } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { notDeleted, tenant } from '../../scope'

/**
 * A customer joined a branch: their comments take new versions, so that branch's replicas pull
 * them (their old versions lie below those replicas' cursors; other replicas just get them again).
 * Every write that adds a branch to a customer calls this inside its transaction. Each comment
 * its own version: versions stay unique per organisation.
 */
export async function reversionCommentsOf(tx: DbOrTx, caller: { organisationId: string }, customerId: string) {
  const rows = await tx
    .select({ id: customerComments.id })
    .from(customerComments)
    .where(tenant(customerComments, caller, eq(customerComments.customerId, customerId), notDeleted(customerComments)))
    .orderBy(asc(customerComments.version))
  for (const r of rows) {
    const version = await nextVersion(tx, caller.organisationId)
    await tx
      .update(customerComments)
      .set({ version })
      .where(and(eq(customerComments.id, r.id), eq(customerComments.organisationId, caller.organisationId)))
  }
}
