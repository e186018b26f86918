import { and, asc, eq, gt, gte, not, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ChangeOf, EntityName, EntityRow } from '../../../contract/sync'
import { customerComments, customerDepartures, customerDocuments, customers, skinAnalyses } from '../../db/schema'
import { inBranch, notDeleted, tenant } from '../../scope'
import type { FeedQuery } from '../sync/entity'

/** A synced table whose rows belong to one customer and follow them into every branch. */
export type FollowsCustomer = PgTable & {
  id: PgColumn
  organisationId: PgColumn
  customerId: PgColumn
  version: PgColumn
  deletedAt: PgColumn
}

/**
 * The synced rows that follow their customer into every branch (the feeds join on the
 * customer's branches): comments (issue 10), skin analyses (issue 11), documents sent (issue 12).
 * A new such table is added here (arrivals re-version it) and its feed calls `followerChanges`.
 */
export const FOLLOWERS: FollowsCustomer[] = [customerComments, skinAnalyses, customerDocuments]

/** Departures from this branch (`customer_departures`) after `since`, with any further condition. */
export const departuresAfter = (
  caller: { organisationId: string },
  salonId: string,
  since: number,
  ...more: (SQL | undefined)[]
) =>
  tenant(
    customerDepartures,
    caller,
    eq(customerDepartures.salonId, salonId),
    gt(customerDepartures.version, since),
    ...more,
  )

type RowOf<T extends FollowsCustomer> = T['$inferSelect'] & { id: string; version: number; deletedAt: Date | null }

/**
 * One feed page of a follower table for a branch: rows of the branch's customers (soft-deleted
 * customers included, as staff read them) after `since`, in version order, at most `limit`. From
 * 0 (a fresh replica) live rows only; later a removed row comes as a tombstone, and so does every
 * row of a customer who left this branch (and is not back), at the departure's version
 * (`customer_departures`, migration 0009). The replica also drops a customer's rows with the
 * customer's own tombstone, so a page cut between two rows of one departure loses nothing.
 *
 * `serialize` turns the live rows into the entity's rows as REST answers them (a row it leaves
 * out goes as a tombstone).
 */
export async function followerChanges<E extends EntityName, T extends FollowsCustomer>(
  entity: E,
  table: T,
  { db, caller, salonId, since, limit }: FeedQuery,
  serialize: (live: RowOf<T>[]) => EntityRow<E>[] | Promise<EntityRow<E>[]>,
): Promise<ChangeOf<E>[]> {
  // The query reads the columns every follower has (drizzle's types refuse a generic table).
  const t: FollowsCustomer = table
  const fresh = since === 0
  const inThisBranch = and(inBranch(customers, salonId), notDeleted(customers, { flagged: true }))
  const rows = (
    await db
      .select({ r: t } as never)
      .from(t)
      .innerJoin(customers, eq(customers.id, t.customerId))
      .where(
        tenant(
          t,
          caller,
          fresh ? gte(t.version, 0) : gt(t.version, since),
          inThisBranch,
          fresh ? notDeleted(t) : undefined,
        ),
      )
      .orderBy(asc(t.version))
      .limit(limit)
  ).map((x) => (x as { r: RowOf<T> }).r)
  const gone = fresh
    ? []
    : await db
        .select({ id: t.id, version: customerDepartures.version })
        .from(customerDepartures)
        .innerJoin(
          t,
          and(eq(t.customerId, customerDepartures.customerId), eq(t.organisationId, customerDepartures.organisationId)),
        )
        .innerJoin(customers, eq(customers.id, customerDepartures.customerId))
        .where(departuresAfter(caller, salonId, since, not(inThisBranch!)))
        .orderBy(asc(customerDepartures.version))
        .limit(limit)

  const live = await serialize(rows.filter((r) => r.deletedAt === null))
  const byId = new Map(live.map((row) => [(row as { id: string }).id, row]))
  const tombstone = (id: string, version: number) => ({ entity, version, deleted: true as const, id })
  const changes = [
    ...rows.map((r) => {
      const row = byId.get(r.id)
      return row ? { entity, version: r.version, deleted: false as const, row } : tombstone(r.id, r.version)
    }),
    ...gone.map((g) => tombstone(g.id as string, g.version)),
  ] as ChangeOf<E>[]
  // Both lists are prefixes in version order: the first `limit` of their merge is one too.
  return changes.sort((a, b) => a.version - b.version).slice(0, limit)
}
