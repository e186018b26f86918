import { desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { CUSTOMER_ACTIVITY_TYPES, type CustomerActivity } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { customerActivities, customers } from '../../db/schema'
import type { TenantCaller } from '../../auth/caller'
import { inBranches, tenant } from '../../scope'
import { loadVisibleCustomer, readSalonFilter } from '../customers/access'

const DAYS = { '7d': 7, '30d': 30, all: null } as const
/** A page large enough for the activity drawer; older entries stay in the database. */
const MAX_ROWS = 500

/**
 * GET /customers/activities: what customers did (submissions, answer edits, sign-ins, code
 * requests, profile edits), newest first, for one customer or for every customer of the
 * employee's readable branches; spec §9 filter: last 7 days, last 30 days or all.
 */
export async function listCustomerActivities(opts: {
  db: DbOrTx
  caller: TenantCaller
  customerId?: string
  period: keyof typeof DAYS
}): Promise<CustomerActivity[]> {
  const { db, caller } = opts
  const salonIds = readSalonFilter(caller, undefined, 'customerActivities.read')
  if (opts.customerId) await loadVisibleCustomer(db, caller, opts.customerId)
  const days = DAYS[opts.period]
  const rows = await db
    .select({
      a: customerActivities,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
    })
    .from(customerActivities)
    .innerJoin(customers, eq(customers.id, customerActivities.customerId))
    .where(
      tenant(
        customerActivities,
        caller,
        inArray(customerActivities.type, [...CUSTOMER_ACTIVITY_TYPES]),
        opts.customerId ? eq(customerActivities.customerId, opts.customerId) : inBranches(customers, salonIds),
        days === null ? undefined : gte(customerActivities.createdAt, new Date(Date.now() - days * 86_400_000)),
      ),
    )
    .orderBy(desc(customerActivities.createdAt), desc(customerActivities.id))
    .limit(MAX_ROWS)
  return rows.map(({ a, customerName }) => ({
    id: a.id,
    customerId: a.customerId,
    customerName,
    type: a.type as CustomerActivity['type'],
    data: a.data,
    createdAt: a.createdAt.toISOString(),
  }))
}
