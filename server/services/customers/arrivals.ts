import { and, asc, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { customerComments, customerDocuments, skinAnalyses } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { notDeleted, tenant } from '../../scope'

type FollowsCustomer = PgTable & {
  id: PgColumn
  organisationId: PgColumn
  customerId: PgColumn
  version: PgColumn
  deletedAt: PgColumn
}

/**
 * The synced rows that follow their customer into every branch (the feeds join on the
 * customer's branches): comments (issue 10), skin analyses (issue 11), documents sent (issue 12).
 * A new such table is added here, and nowhere else.
 */
const FOLLOWERS: FollowsCustomer[] = [customerComments, skinAnalyses, customerDocuments]

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
    for (const r of rows) {
      const version = await nextVersion(tx, caller.organisationId)
      await tx
        .update(table)
        .set({ version } as never)
        .where(and(eq(table.id, r.id), eq(table.organisationId, caller.organisationId)))
    }
  }
}
