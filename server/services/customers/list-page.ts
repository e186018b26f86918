import { and, type SQL, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { customers, organisations } from '../../db/schema'
import { Lru } from '../../lib/lru'
import { tenant } from '../../scope'
import type { CustomerRow } from './serialize'

/*
 * One page of the customer list or search, and its exact total, fast at 100,000 customers (issue
 * 25). The total is not a window count (`count(*) over ()` reads every matching row before the
 * first is returned): it is counted once per filter and organisation version and kept here. Every
 * write of a customer takes a new organisation version (server/db/versions.ts) in its own
 * transaction, and each page statement reads that version in the same snapshot as its rows: a
 * kept total is used only when its version is the one the page was read at, so it is right on
 * every instance without any invalidation message.
 */

/** Key of every ANCHOR_EVERY-th row: a deep page seeks from the nearest one (keyset) instead of skipping 100k rows. */
const ANCHOR_EVERY = 500
/** At most this many matches: sort them (found through the trigram index); more: walk the sort index. */
const FEW_MATCHES = 2000

type Anchor = [lastName: string, firstName: string, id: string]
export type ListStats = {
  version: number
  total: number
  anchors: Anchor[]
  /** The first row's key: page 1 of a search whose matches sit late in the order starts there. */
  first?: Anchor | null
}

/** Per organisation and filter; small, and checked against the version on every use. */
const kept = new Lru<string, ListStats>(2000, 10 * 60_000)
/** Counts under way, by the same key. */
const counting = new Map<string, Promise<ListStats>>()

const SORT_KEY = sql`lower(${customers.lastName}), lower(${customers.firstName}), ${customers.id}`
const orgVersion = (organisationId: string) =>
  sql`(select ${organisations.versionCounter} from ${organisations} where ${organisations.id} = ${organisationId})`

/** The count, the anchors and the version, from one snapshot (exported for the plan test). */
export function statsQuery(db: DbOrTx, organisationId: string, where: SQL) {
  const s = db
    .select({
      l: sql<string>`lower(${customers.lastName})`.as('l'),
      f: sql<string>`lower(${customers.firstName})`.as('f'),
      id: customers.id,
      rn: sql<number>`row_number() over (order by ${SORT_KEY})`.as('rn'),
    })
    .from(customers)
    .where(where)
    .as('s')
  return db
    .select({
      version: orgVersion(organisationId).mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
      first: sql<
        Anchor[] | string | null
      >`json_agg(json_build_array(${s.l}, ${s.f}, ${s.id})) filter (where ${s.rn} = 1)`,
      anchors: sql<
        Anchor[] | string
      >`coalesce(json_agg(json_build_array(${s.l}, ${s.f}, ${s.id}) order by ${s.rn}) filter (where ${s.rn} % ${ANCHOR_EVERY} = 0), '[]'::json)`,
    })
    .from(s)
}

/** The stats of a filter, read now (exported for the bench and the plan test). */
export async function readStats(db: DbOrTx, organisationId: string, where: SQL): Promise<ListStats> {
  const [row] = await statsQuery(db, organisationId, where)
  const anchors = typeof row.anchors === 'string' ? (JSON.parse(row.anchors) as Anchor[]) : row.anchors
  const first = typeof row.first === 'string' ? (JSON.parse(row.first) as Anchor[]) : row.first
  return { version: Number(row.version), total: Number(row.total), anchors, first: first?.[0] ?? null }
}

export type ListFilterParts = {
  organisationId: string
  /** The whole filter (tenant, not deleted, branches, search). */
  where: SQL
  /** When searching: the same filter with the search on an expression no index has. */
  unindexedSearch?: SQL
  /** What the filter depends on, for the kept totals. */
  key: unknown[]
}

/**
 * The page's rows. With few matches, the ids matching the search are taken first (the trigram
 * index) and only they are sorted; otherwise the sort index (customers_org_list_idx) is walked
 * from the nearest anchor. Either way the plan does not depend on the ANALYZE sample.
 */
export function pageQuery(db: DbOrTx, f: ListFilterParts, stats: ListStats, offset: number, limit: number) {
  const anchorIndex = Math.min(Math.floor(offset / ANCHOR_EVERY), stats.anchors.length) - 1
  const anchor = anchorIndex >= 0 ? stats.anchors[anchorIndex] : undefined
  const skip = anchor ? offset - (anchorIndex + 1) * ANCHOR_EVERY : offset
  const isFew = !!f.unindexedSearch && stats.total <= FEW_MATCHES
  const key = sql`(lower(${customers.lastName}), lower(${customers.firstName}), ${customers.id})`
  // A walk starts at the nearest anchor, or at the first match ("jans": every match sits after
  // the Bakkers and de Vrieses, 40,000 rows into the list).
  const after = anchor
    ? sql`${key} > (${anchor[0]}, ${anchor[1]}, ${anchor[2]}::uuid)`
    : stats.first && !isFew
      ? sql`${key} >= (${stats.first[0]}, ${stats.first[1]}, ${stats.first[2]}::uuid)`
      : undefined
  let where: SQL
  if (isFew)
    // `= any(array(…))` is computed once, before the outer plan: the outer query sorts those rows.
    where = tenant(
      customers,
      f,
      sql`${customers.id} = any(array(select ${customers.id} from ${customers} where ${f.where}))`,
      after,
    )
  else if (f.unindexedSearch)
    // Many matches: the search as an expression no index has, so the only ordered path is the
    // sort index (a page is found after ~total/pageSize rows) — never a sort of every match.
    where = and(f.unindexedSearch, after) as SQL
  else where = and(f.where, after) as SQL
  return db
    .select({ customer: customers, version: orgVersion(f.organisationId).mapWith(Number) })
    .from(customers)
    .where(where)
    .orderBy(sql`lower(${customers.lastName})`, sql`lower(${customers.firstName})`, customers.id)
    .limit(limit)
    .offset(skip)
}

async function readPage(db: DbOrTx, f: ListFilterParts, stats: ListStats, offset: number, limit: number) {
  const rows = await pageQuery(db, f, stats, offset, limit)
  return { rows: rows.map((r) => r.customer as CustomerRow), version: rows[0]?.version }
}

/** A page of the list and the total number of customers the filter selects. */
export async function listPage(db: DbOrTx, f: ListFilterParts, offset: number, limit: number) {
  // Inside a transaction its own writes are not committed: nothing read there is kept.
  const isTx = db instanceof PgTransaction
  const key = JSON.stringify([f.organisationId, ...f.key])
  for (let attempt = 0; ; attempt++) {
    let stats = isTx ? undefined : kept.get(key)
    const fresh = !stats
    if (!stats && isTx) stats = await readStats(db, f.organisationId, f.where)
    else if (!stats) {
      // Ten requests arriving together after a write count once, not ten times.
      let pending = counting.get(key)
      if (!pending) {
        pending = readStats(db, f.organisationId, f.where).finally(() => counting.delete(key))
        counting.set(key, pending)
      }
      stats = await pending
      kept.set(key, stats)
    }
    const page = await readPage(db, f, stats, offset, limit)
    // An empty page has no row to carry its version: trust only a total read just now.
    const current = page.version === undefined ? fresh : page.version === stats.version
    if (current || attempt >= 2) return { rows: page.rows, total: stats.total }
    kept.delete(key)
  }
}
