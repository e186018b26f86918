import { and, arrayContains, arrayOverlaps, eq, isNull, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/*
 * The one scoping helper of every query on a tenant table: `tenant(table, caller, …conditions)`,
 * with the conditions that come back in nearly every query spelled here once (not deleted, in
 * this branch). Who may do what is not decided here: that is `authorize` (server/auth/caller.ts).
 */

/**
 * Rows of the caller's organisation only, so a row of another organisation is simply not found
 * (404), never leaked. `scope` is a caller (or anything naming the organisation), or a
 * placeholder in a prepared statement (the organisation given when it runs), or the column of
 * an outer query naming it.
 */
export function tenant(
  table: { organisationId: PgColumn },
  scope: { organisationId: string | Placeholder | PgColumn | SQL },
  ...more: (SQL | undefined)[]
) {
  return and(eq(table.organisationId, scope.organisationId), ...more) as SQL
}

/**
 * Not deleted: no tombstone (`deletedAt`, kept so replicas learn of removals), and, on a table
 * with a soft-delete flag (customers.deleted, spec §4), not flagged either — unless `flagged`
 * says flagged rows count (staff may still open a soft-deleted customer or list it on request).
 */
export function notDeleted(table: { deletedAt: PgColumn; deleted?: PgColumn }, opts: { flagged?: boolean } = {}) {
  const live = isNull(table.deletedAt)
  return table.deleted && !opts.flagged ? (and(live, eq(table.deleted, false)) as SQL) : live
}

/** In this branch: the row's branches (salon_ids, GIN-indexed) contain it. */
export const inBranch = (table: { salonIds: PgColumn }, salonId: string) => arrayContains(table.salonIds, [salonId])

/** In any of these branches. */
export const inBranches = (table: { salonIds: PgColumn }, salonIds: string[] | Placeholder) =>
  arrayOverlaps(table.salonIds, salonIds)
