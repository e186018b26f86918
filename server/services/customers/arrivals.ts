import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { takeVersions } from '../../db/versions'
import { notDeleted, tenant } from '../../scope'
import { FOLLOWERS } from './followers'

/**
 * A customer joined a branch: their rows take new versions, so that branch's replicas pull them
 * (their old versions lie below those replicas' cursors; other replicas just get them again).
 * Every write that adds a branch to a customer calls this inside its transaction. Each row its
 * own version: versions stay unique per organisation.
 */
export async function reversionCustomerRows(tx: DbOrTx, caller: { organisationId: string }, customerId: string) {
  for (const table of FOLLOWERS) {
    const rows = (await tx
      .select({ id: table.id })
      .from(table)
      .where(tenant(table, caller, eq(table.customerId, customerId), notDeleted(table)))
      .orderBy(asc(table.version))) as { id: string }[]
    const versions = await takeVersions(tx, caller.organisationId, rows.length)
    for (const [i, r] of rows.entries()) {
      await tx
        .update(table)
        .set({ version: versions[i] } as never)
        .where(and(eq(table.id, r.id), eq(table.organisationId, caller.organisationId)))
    }
  }
}
