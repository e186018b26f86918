import { and, like, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { oncePerHandle } from '../../db/once-per-handle'
import { customers, organisations } from '../../db/schema'
import { Lru } from '../../lib/lru'
import { inBranches, notDeleted, tenant } from '../../scope'
import {
  type AuditEntry,
  type AuditParams,
  type AuditValues,
  auditPlaceholders,
  auditValues,
  auditWith,
  correctAuditData,
} from '../audit'
import { type CustomerRow, customerColumns } from './serialize'

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
const orgVersion = (organisationId: string | Placeholder) =>
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

/** A value of the page statement: itself, or its placeholder in the statement prepared once per shape. */
type Param<T = string> = T | Placeholder

/** One searched text: as a `like` pattern (the trigram index) and as itself (`strpos`, no index). */
export type SearchTerm<P = string> = { pattern: Param<P>; text: Param<P> }

/** What the list's filter is made of (read.ts fills it from the request). */
export type FilterParams = {
  organisationId: Param
  salonIds: Param<string[]>
  includeDeleted: boolean
  /** The search, and the same as a stored phone number when it looks like one: either matches. */
  terms: SearchTerm[]
}

export type ListFilterParts = {
  organisationId: string
  params: FilterParams
  /** The whole filter (tenant, not deleted, branches, search): the count, the export. */
  where: SQL
  /** What the filter depends on, for the kept totals. */
  key: unknown[]
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The list's filter: the organisation, live customers (flagged ones too when asked), the branches,
 * and a case-insensitive match of the search in `search_text` (names, e-mail and phone, lower-cased,
 * one per line, so a match never spans two fields). `unindexed`: the same match on an expression
 * no index has, estimated as matching many rows (a third, the planner's default for an inequality
 * without statistics), so the page walks the sort index when the search is known to match many.
 */
export function customerFilter(p: FilterParams, unindexed = false): SQL {
  const has = (t: SearchTerm) =>
    unindexed ? sql`strpos(${customers.searchText}, ${t.text}) > 0` : like(customers.searchText, t.pattern)
  const searched = p.terms.length > 1 ? or(...p.terms.map(has)) : p.terms.length ? has(p.terms[0]) : undefined
  return tenant(
    customers,
    p,
    notDeleted(customers, { flagged: p.includeDeleted }),
    inBranches(customers, p.salonIds),
    searched,
  )
}

/** Which page statement a request needs: one prepared statement per shape. */
type Shape = {
  terms: number
  includeDeleted: boolean
  few: boolean
  from: 'anchor' | 'first' | 'start'
  /** Whether it writes the request's audit row too (the search; auditWith). */
  audit: boolean
}

/** The statement's values for one request, by placeholder name (p0/t0: the first term's pattern and text). */
type Values = {
  org: string
  salons: string[]
  skip: number
  limit: number
  upTo: number
  from?: Anchor
  audit?: AuditValues
} & Record<`p${number}` | `t${number}`, string>

/** One page asked for: the filter, its kept stats, where the page starts and its size, and the audit row it writes (a search). */
export type PageRequest = {
  f: ListFilterParts
  stats: ListStats
  offset: number
  limit: number
  audit?: AuditValues
}

/** What a request asks of the page statement: its shape and its values. */
function plan({ f, stats, offset, limit, audit }: PageRequest): { shape: Shape; values: Values } {
  const anchorIndex = Math.min(Math.floor(offset / ANCHOR_EVERY), stats.anchors.length) - 1
  const anchor = anchorIndex >= 0 ? stats.anchors[anchorIndex] : undefined
  const skip = anchor ? offset - (anchorIndex + 1) * ANCHOR_EVERY : offset
  const few = f.params.terms.length > 0 && stats.total <= FEW_MATCHES
  // A walk starts at the nearest anchor, or at the first match ("jans": every match sits after
  // the Bakkers and de Vrieses, 40,000 rows into the list).
  const from = anchor ? 'anchor' : stats.first && !few ? 'first' : 'start'
  const values = {
    org: f.organisationId,
    salons: f.params.salonIds as string[],
    skip,
    limit,
    upTo: skip + limit,
    from: anchor ?? stats.first ?? undefined,
    audit,
  } as Values
  f.params.terms.forEach((t, i) => {
    values[`p${i}`] = t.pattern as string
    values[`t${i}`] = t.text as string
  })
  return {
    shape: { terms: f.params.terms.length, includeDeleted: f.params.includeDeleted, few, from, audit: !!audit },
    values,
  }
}

/**
 * The page statement of a shape, its values `v` given as they are or as placeholders. With few
 * matches, the ids matching the search are taken first (the trigram index) and only they are
 * sorted; otherwise the sort index (customers_org_list_idx) is walked from the nearest anchor.
 * Either way the plan does not depend on the ANALYZE sample.
 */
function pageStatement(
  db: DbOrTx,
  shape: Shape,
  v: {
    org: Param
    salons: Param<string[]>
    skip: Param<number>
    limit: Param<number>
    /** skip + limit: where the page ends among the matches. */
    upTo: Param<number>
    from: [Param, Param, Param] | undefined
    terms: SearchTerm[]
    audit?: AuditParams
  },
) {
  const params: FilterParams = {
    organisationId: v.org,
    salonIds: v.salons,
    includeDeleted: shape.includeDeleted,
    terms: v.terms,
  }
  const key = sql`(lower(${customers.lastName}), lower(${customers.firstName}), ${customers.id})`
  const after =
    shape.from === 'start' || !v.from
      ? undefined
      : shape.from === 'anchor'
        ? sql`${key} > (${v.from[0]}, ${v.from[1]}, ${v.from[2]}::uuid)`
        : sql`${key} >= (${v.from[0]}, ${v.from[1]}, ${v.from[2]}::uuid)`
  let where: SQL
  if (shape.few)
    // `= any(array(…))` is computed once, before the outer plan. Inside it the matches (the
    // trigram index; `offset 0` keeps the planner from walking the sort index for the order
    // instead) are ordered by their sort key, read with them, and only the rows up to the page's
    // end are kept: the outer query fetches 25 rows, not every match (1,112 for "de boer 5").
    where = tenant(
      customers,
      params,
      sql`${customers.id} = any(array(select m.id from (select ${customers.id} as id, lower(${customers.lastName}) as l, lower(${customers.firstName}) as f from ${customers} where ${customerFilter(params)} offset 0) m order by m.l, m.f, m.id limit ${v.upTo}))`,
      after,
    )
  else if (shape.terms)
    // Many matches: the search as an expression no index has, so the only ordered path is the
    // sort index (a page is found after ~total/pageSize rows) — never a sort of every match.
    where = and(customerFilter(params, true), after) as SQL
  else where = and(customerFilter(params), after) as SQL
  // The search's audit row, in the same statement (auditWith): PostgreSQL runs a data-modifying
  // CTE whether or not the query reads it.
  return (shape.audit && v.audit ? db.with(auditWith(db, v.audit)) : db)
    .select({ customer: customerColumns, version: orgVersion(v.org).mapWith(Number) })
    .from(customers)
    .where(where)
    .orderBy(sql`lower(${customers.lastName})`, sql`lower(${customers.firstName})`, customers.id)
    .limit(v.limit)
    .offset(v.skip)
}

/** The page's rows, as one statement built with its values (the plan test reads its SQL). */
export function pageQuery(db: DbOrTx, request: PageRequest) {
  const { shape, values: v } = plan(request)
  return pageStatement(db, shape, {
    org: v.org,
    salons: v.salons,
    skip: v.skip,
    limit: v.limit,
    upTo: v.upTo,
    from: v.from,
    terms: request.f.params.terms,
    audit: v.audit,
  })
}

/**
 * The same statement built once per shape and database handle (issue 25): building its SQL text
 * per request took a quarter of the list's cost on the server (Drizzle walks every fragment).
 * It is sent unnamed, so PostgreSQL still plans it with each request's values: as a named
 * prepared statement it switched to a generic plan after five runs, and a generic plan of
 * `search_text like $1` cannot weigh the trigram index against the sort index (the search fell
 * from 515 to 462 requests/s). A transaction builds it each time.
 */
/** The audit row's placeholders in the page statement: `audit_id`, `audit_data`, … (beside the page's own). */
const AUDIT = 'audit_'
const statementsOf = oncePerHandle(() => new Map<string, ReturnType<typeof builtPage>>())
const builtPage = (db: DbOrTx, shape: Shape) => {
  const p = sql.placeholder
  return pageStatement(db, shape, {
    org: p('org'),
    salons: p('salons'),
    skip: p('skip'),
    limit: p('limit'),
    upTo: p('upTo'),
    from: shape.from === 'start' ? undefined : [p('fromLast'), p('fromFirst'), p('fromId')],
    terms: Array.from({ length: shape.terms }, (_, i) => ({ pattern: p(`p${i}`), text: p(`t${i}`) })),
    audit: shape.audit ? auditPlaceholders(AUDIT) : undefined,
    // No name: an unnamed statement (see above); Drizzle's type asks for one it does not need.
  }).prepare(undefined as unknown as string)
}
function preparedPage(db: DbOrTx, shape: Shape) {
  const byShape = statementsOf(db)
  const id = JSON.stringify(shape)
  let statement = byShape.get(id)
  if (!statement) {
    statement = builtPage(db, shape)
    byShape.set(id, statement)
  }
  return statement
}

/** The page's rows: through the prepared statement of its shape, or built (inside a transaction). */
export function runPageQuery(db: DbOrTx, request: PageRequest) {
  if (db instanceof PgTransaction) return pageQuery(db, request)
  const { shape, values } = plan(request)
  const { from, audit: written, ...rest } = values
  return preparedPage(db, shape).execute({
    ...rest,
    ...(from && shape.from !== 'start' ? { fromLast: from[0], fromFirst: from[1], fromId: from[2] } : {}),
    ...(written ? Object.fromEntries(Object.entries(written).map(([k, x]) => [`${AUDIT}${k}`, x])) : {}),
  })
}

async function readPage(db: DbOrTx, request: PageRequest) {
  const rows = await runPageQuery(db, request)
  return { rows: rows.map((r) => r.customer as CustomerRow), version: rows[0]?.version }
}

/**
 * A page of the list and the total number of customers the filter selects. `audit`: the audit
 * row this read leaves (the search), given the total; written by the first page statement
 * (auditWith), and corrected in the rare case the total changed before the answer.
 */
export async function listPage(
  db: DbOrTx,
  f: ListFilterParts,
  offset: number,
  limit: number,
  audit?: (total: number) => AuditEntry,
) {
  // Inside a transaction its own writes are not committed: nothing read there is kept.
  const isTx = db instanceof PgTransaction
  const key = JSON.stringify([f.organisationId, ...f.key])
  let written: { id: string; total: number } | undefined
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
    const row = audit && !written ? auditValues(audit(stats.total)) : undefined
    const page = await readPage(db, { f, stats, offset, limit, audit: row })
    if (row) written = { id: row.id, total: stats.total }
    // An empty page has no row to carry its version: trust only a total read just now.
    const current = page.version === undefined ? fresh : page.version === stats.version
    if (current || attempt >= 2) {
      if (audit && written && written.total !== stats.total)
        await correctAuditData(db, written.id, audit(stats.total).data)
      return { rows: page.rows, total: stats.total }
    }
    kept.delete(key)
  }
}
