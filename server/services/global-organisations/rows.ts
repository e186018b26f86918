import { and, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type {
  GlobalOrganisationRow,
  GlobalOrganisationsQuery,
  OrganisationStatus,
} from '../../../contract/global-organisations'
import type { DbOrTx } from '../../db/client'
import {
  auditEvents,
  customers,
  employees,
  organisations,
  payments,
  salons,
  subscriptionOptions,
  subscriptions,
} from '../../db/schema'
import { notDeleted } from '../../scope'

/*
 * The platform's list of organisations (issue 23) in one SQL statement per page, whatever the
 * number of organisations: the current subscription and its plan joined, the status decided by a
 * CASE the filter uses too, and the usage, owner and last activity as subqueries on the
 * organisation indexes (for the page's rows only). No query per row.
 */

/** `%text%` for ILIKE, its own wildcards taken literally. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Whether the subscription runs at `now`, as billing/view.ts `isRunning` and entitlements'
 * "a renewal the provider has not settled yet" decide it (false without a subscription).
 */
const running = (now: string) => sql`coalesce(
  (${subscriptions.status} not in ('suspended', 'completed')
    and (${subscriptions.validTo} > ${now}::timestamptz or ${subscriptions.graceUntil} > ${now}::timestamptz))
  or (${subscriptions.status} = 'active' and ${subscriptions.autoExtend} and exists (
    select 1 from ${payments} where ${payments.subscriptionId} = ${subscriptions.id}
      and ${payments.kind} = 'renewal' and ${payments.status} in ('open', 'pending', 'authorized'))),
  false)`

/** The list's status (contract ORGANISATION_STATUSES), most telling first. */
export const statusSql = (now: string) => sql<OrganisationStatus>`case
  when ${organisations.deletedAt} is not null then 'deletedPending'
  when ${organisations.suspendedAt} is not null then 'suspended'
  when ${subscriptions.id} is null then 'active'
  when not ${running(now)} then 'expired'
  when ${subscriptions.trial} then 'trial'
  else 'active' end`

const countOf = (table: typeof customers | typeof salons, where: SQL) =>
  sql<number>`(select count(*)::int from ${table} where ${table.organisationId} = ${organisations.id} and ${where})`

const columns = (now: string) => ({
  id: organisations.id,
  companyName: organisations.companyName,
  legalName: organisations.legalName,
  slug: organisations.slug,
  createdAt: organisations.createdAt,
  status: statusSql(now),
  validTo: subscriptions.validTo,
  planId: subscriptionOptions.id,
  planCode: subscriptionOptions.code,
  planNl: subscriptionOptions.nameNl,
  planEn: subscriptionOptions.nameEn,
  maxCustomers: subscriptionOptions.maxCustomers,
  maxEmployees: subscriptionOptions.maxEmployees,
  maxSalons: subscriptionOptions.maxSalons,
  customers: countOf(customers, notDeleted(customers)),
  salons: countOf(salons, notDeleted(salons)),
  employees: sql<number>`(select count(*)::int from ${employees} where ${employees.organisationId} = ${organisations.id}
    and ${employees.deletedAt} is null and ${employees.deactivatedAt} is null)`,
  ownerEmail: sql<string | null>`(select ${employees.email} from ${employees}
    where ${employees.organisationId} = ${organisations.id} order by ${employees.createdAt}, ${employees.id} limit 1)`,
  lastActivityAt: sql<string | null>`(select max(${auditEvents.createdAt}) from ${auditEvents}
    where ${auditEvents.organisationId} = ${organisations.id})`,
})

/** The current (not completed) subscription: at most one per organisation (a unique index). */
const currentSubscription = and(
  eq(subscriptions.organisationId, organisations.id),
  ne(subscriptions.status, 'completed'),
)
const itsPlan = eq(subscriptionOptions.id, subscriptions.optionId)

function filterOf(q: Pick<GlobalOrganisationsQuery, 'q' | 'status'> & { id?: string }, now: string) {
  const term = q.q?.trim()
  const match = term
    ? or(
        ilike(organisations.companyName, contains(term)),
        ilike(organisations.legalName, contains(term)),
        ilike(organisations.slug, contains(term)),
        sql`exists (select 1 from ${employees} where ${employees.organisationId} = ${organisations.id}
          and ${employees.email} ilike ${contains(term)})`,
      )
    : undefined
  return and(
    q.id ? eq(organisations.id, q.id) : undefined,
    match,
    q.status ? sql`${statusSql(now)} = ${q.status}` : undefined,
  )
}

type Raw = Awaited<ReturnType<typeof selectRows>>[number]

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

function toRow(r: Raw): GlobalOrganisationRow {
  return {
    id: r.id,
    companyName: r.companyName,
    legalName: r.legalName,
    slug: r.slug,
    ownerEmail: r.ownerEmail,
    status: r.status,
    plan: r.planId ? { id: r.planId, code: r.planCode!, nameNl: r.planNl!, nameEn: r.planEn! } : null,
    validTo: iso(r.validTo),
    usage: { customers: Number(r.customers), employees: Number(r.employees), salons: Number(r.salons) },
    // No plan (an organisation from before billing): no limits.
    limits: { customers: r.maxCustomers, employees: r.maxEmployees, salons: r.maxSalons },
    lastActivityAt: iso(r.lastActivityAt),
    createdAt: r.createdAt.toISOString(),
  }
}

const selectRows = (db: DbOrTx, where: SQL | undefined, now: string, page: { limit: number; offset: number }) =>
  db
    .select(columns(now))
    .from(organisations)
    .leftJoin(subscriptions, currentSubscription)
    .leftJoin(subscriptionOptions, itsPlan)
    .where(where)
    .orderBy(desc(organisations.createdAt), desc(organisations.id))
    .limit(page.limit)
    .offset(page.offset)

/** One page of the list, newest organisation first, with the number matching the filter. */
export async function organisationRows(
  db: DbOrTx,
  q: GlobalOrganisationsQuery,
  now = new Date(),
): Promise<{ items: GlobalOrganisationRow[]; total: number }> {
  const at = now.toISOString()
  const where = filterOf(q, at)
  const [rows, [counted]] = await Promise.all([
    selectRows(db, where, at, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(organisations)
      .leftJoin(subscriptions, currentSubscription)
      .where(where),
  ])
  return { items: rows.map(toRow), total: Number(counted?.n ?? 0) }
}

/** One organisation's row (deleted ones too: the admin still sees them until the purge). */
export async function organisationRow(db: DbOrTx, id: string, now = new Date()): Promise<GlobalOrganisationRow | null> {
  const at = now.toISOString()
  const [row] = await selectRows(db, filterOf({ id }, at), at, { limit: 1, offset: 0 })
  return row ? toRow(row) : null
}
