import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm'
import type { AdminSubscriptionState, CustomerSubscription } from '../../../contract/global-billing'
import type { Caller } from '../../../contract/policy'
import type { DbOrTx } from '../../db/client'
import { organisations, payments, subscriptionOptions, subscriptions } from '../../db/schema'
import { isRunning, type SubscriptionRow } from '../billing/view'
import { adminOf } from './admin'

/*
 * Every organisation's subscriptions (current and history) for the global admin: the state the
 * list filters on is derived from status, trial, valid-to and grace, in SQL for the filter and in
 * `stateOf` for the answer (the two say the same).
 */

/** The admin's state of one subscription at `now`. */
export function stateOf(s: SubscriptionRow, now: Date): AdminSubscriptionState {
  if (s.status === 'suspended') return 'suspended'
  if (!isRunning(s, now)) return 'expired'
  if (s.status === 'canceled') return 'cancelled'
  if (s.graceUntil) return 'grace'
  return s.trial ? 'trial' : 'active'
}

function stateWhere(state: AdminSubscriptionState, now: Date): SQL | undefined {
  const s = subscriptions
  const running = and(notInArray(s.status, ['suspended', 'completed']), or(gt(s.validTo, now), gt(s.graceUntil, now)))
  const notCancelled = ne(s.status, 'canceled')
  switch (state) {
    case 'suspended':
      return eq(s.status, 'suspended')
    case 'expired':
      return and(
        ne(s.status, 'suspended'),
        or(eq(s.status, 'completed'), and(lte(s.validTo, now), or(isNull(s.graceUntil), lte(s.graceUntil, now)))),
      )
    case 'cancelled':
      return and(running, eq(s.status, 'canceled'))
    case 'grace':
      return and(running, notCancelled, isNotNull(s.graceUntil))
    case 'trial':
      return and(running, notCancelled, isNull(s.graceUntil), eq(s.trial, true))
    case 'active':
      return and(running, notCancelled, isNull(s.graceUntil), eq(s.trial, false))
  }
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

type Joined = {
  subscription: SubscriptionRow
  organisation: { id: string; name: string; legalName: string }
  plan: { id: string; code: string; nameNl: string; nameEn: string }
}

const selection = {
  subscription: subscriptions,
  organisation: { id: organisations.id, name: organisations.companyName, legalName: organisations.legalName },
  plan: {
    id: subscriptionOptions.id,
    code: subscriptionOptions.code,
    nameNl: subscriptionOptions.nameNl,
    nameEn: subscriptionOptions.nameEn,
  },
}

/** The last paid payment of each subscription. */
async function lastPayments(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, CustomerSubscription['lastPayment']>()
  const rows = await db
    .select({
      id: payments.id,
      subscriptionId: payments.subscriptionId,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(and(inArray(payments.subscriptionId, ids), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
  const last = new Map<string, CustomerSubscription['lastPayment']>()
  for (const r of rows)
    if (r.subscriptionId && !last.has(r.subscriptionId))
      last.set(r.subscriptionId, { id: r.id, amountCents: r.amountCents, paidAt: r.paidAt?.toISOString() ?? null })
  return last
}

function toCustomerSubscription(
  row: Joined,
  lastPayment: CustomerSubscription['lastPayment'],
  now: Date,
): CustomerSubscription {
  const s = row.subscription
  return {
    id: s.id,
    organisation: row.organisation,
    plan: { id: row.plan.id, code: row.plan.code, name: { nl: row.plan.nameNl, en: row.plan.nameEn } },
    period: s.period,
    status: s.status,
    state: stateOf(s, now),
    current: s.status !== 'completed',
    trial: s.trial,
    validFrom: s.validFrom.toISOString(),
    validTo: s.validTo.toISOString(),
    autoExtend: s.autoExtend,
    canceledAt: s.canceledAt?.toISOString() ?? null,
    graceUntil: s.graceUntil?.toISOString() ?? null,
    lastPayment,
    createdAt: s.createdAt.toISOString(),
  }
}

/** One subscription as the list shows it. */
export async function customerSubscription(db: DbOrTx, id: string, now: Date): Promise<CustomerSubscription | null> {
  const [row] = await db
    .select(selection)
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .innerJoin(subscriptionOptions, eq(subscriptionOptions.id, subscriptions.optionId))
    .where(eq(subscriptions.id, id))
  if (!row) return null
  return toCustomerSubscription(row, (await lastPayments(db, [id])).get(id) ?? null, now)
}

/** `GET /global/subscriptions/customer-subscriptions`: newest first, filtered and paged. */
export async function listCustomerSubscriptions(opts: {
  db: DbOrTx
  caller: Caller
  query: { status?: AdminSubscriptionState; search?: string; page: number; pageSize: number }
  now?: Date
}) {
  adminOf(opts.caller)
  const { db, query } = opts
  const now = opts.now ?? new Date()
  const search = query.search?.trim()
  const where = and(
    query.status ? stateWhere(query.status, now) : undefined,
    search
      ? or(ilike(organisations.companyName, likeEscaped(search)), ilike(organisations.legalName, likeEscaped(search)))
      : undefined,
  )
  const rows = await db
    .select(selection)
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .innerJoin(subscriptionOptions, eq(subscriptionOptions.id, subscriptions.optionId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const [total] = await db
    .select({ n: count() })
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(where)
  const last = await lastPayments(
    db,
    rows.map((r) => r.subscription.id),
  )
  return {
    items: rows.map((r) => toCustomerSubscription(r, last.get(r.subscription.id) ?? null, now)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  }
}
