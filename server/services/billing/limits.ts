import { count, eq, isNull, sql } from 'drizzle-orm'
import type { ErrorCode } from '../../../contract/errors'
import {
  type FeatureNeed,
  featuresOf,
  type LimitedResource,
  meetsNeed,
  type PlanFeature,
} from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { customers, employees, organisations, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import { currentEntitlements } from './entitlements'

/*
 * Issue 22: what the plan allows, enforced where things are written. Three rules, one helper each,
 * and nothing else in the code base decides them:
 *
 * - `assertWritable`: an expired organisation is read-only (SUBSCRIPTION_EXPIRED), a suspended one
 *   too (ORGANISATION_SUSPENDED, issue 23: a global admin's decision), and a write of
 *   a feature outside the plan is refused (FEATURE_NOT_IN_PLAN). `handle` calls it for every
 *   non-GET endpoint inside an organisation (server/http/handle.ts `planGate`), the sync push
 *   once per push and per mutation (server/services/sync/push.ts).
 * - `assertFeature`: the same feature check, for a service whose one endpoint writes with or
 *   without the feature (a send that goes by WhatsApp or by e-mail).
 * - `assertWithinLimit`: one more customer, employee or branch fits the plan; every path that
 *   makes one count (create, import, restore, reactivate; REST and the sync push alike) calls it
 *   inside its own transaction.
 *
 * A downgrade never deletes anything: over the limit only what would add to it is refused.
 */

const LIMIT_REACHED: Record<LimitedResource, ErrorCode> = {
  customers: 'CUSTOMERS_LIMIT_REACHED',
  employees: 'EMPLOYEES_LIMIT_REACHED',
  salons: 'SALONS_LIMIT_REACHED',
}

/**
 * SUBSCRIPTION_EXPIRED (ORGANISATION_SUSPENDED) when the organisation is read-only, else the features of its plan (for a
 * caller that checks several writes at once: the sync push). Two indexed queries (entitlements).
 */
export async function writableFeatures(db: DbOrTx, organisationId: string, now = new Date()): Promise<PlanFeature[]> {
  const e = await currentEntitlements(db, organisationId, now)
  if (e.suspended) throw new AppError('ORGANISATION_SUSPENDED')
  if (e.access === 'readOnly') throw new AppError('SUBSCRIPTION_EXPIRED')
  return e.features
}

/** Read-only when expired; a feature outside the plan refused. */
export async function assertWritable(
  db: DbOrTx,
  organisationId: string,
  opts: { feature?: FeatureNeed; now?: Date } = {},
): Promise<void> {
  const features = await writableFeatures(db, organisationId, opts.now)
  if (opts.feature && !meetsNeed(opts.feature, features)) throw notInPlan(opts.feature)
}

/** FEATURE_NOT_IN_PLAN naming the (first) feature needed; a list of alternatives also as `anyOf`. */
export const notInPlan = (need: FeatureNeed) => {
  const all = featuresOf(need)
  return new AppError('FEATURE_NOT_IN_PLAN', all.length > 1 ? { feature: all[0], anyOf: all } : { feature: all[0] })
}

/** Whether the plan includes `feature` (an organisation without a subscription has every one). */
export async function hasFeature(db: DbOrTx, organisationId: string, feature: PlanFeature, now = new Date()) {
  return (await currentEntitlements(db, organisationId, now)).features.includes(feature)
}

/** FEATURE_NOT_IN_PLAN unless the plan includes `feature`. */
export async function assertFeature(db: DbOrTx, organisationId: string, feature: PlanFeature, now = new Date()) {
  if (!(await hasFeature(db, organisationId, feature, now))) throw notInPlan(feature)
}

/**
 * Refuses (CUSTOMERS_/EMPLOYEES_/SALONS_LIMIT_REACHED, 402, with `{ limit, used, adding }`) when
 * `adding` more of `resource` would pass the plan's limit. Call it inside the transaction that
 * writes them: the organisation row is locked first (FOR UPDATE, until the transaction ends), so
 * two creates at limit − 1 take turns and the second counts the first — exactly one passes. The
 * count runs only when the plan has a limit for this resource, and only for this resource.
 */
export async function assertWithinLimit(
  tx: DbOrTx,
  organisationId: string,
  resource: LimitedResource,
  adding = 1,
  now = new Date(),
): Promise<void> {
  if (adding <= 0) return
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
  const max = (await currentEntitlements(tx, organisationId, now)).limits[resource]
  if (max === null) return
  // Counted up to the limit at most: enough to decide, and an organisation far over it after a
  // downgrade (100,000 customers on a plan for 2,500) never counts them all on each create.
  const used = await countOf(tx, organisationId, resource, max)
  if (used + adding > max) throw new AppError(LIMIT_REACHED[resource], { resource, limit: max, used, adding })
}

/** How many more of `resource` fit the plan now; null without a limit. */
export async function roomFor(db: DbOrTx, organisationId: string, resource: LimitedResource, now = new Date()) {
  const max = (await currentEntitlements(db, organisationId, now)).limits[resource]
  if (max === null) return null
  return max - (await countOf(db, organisationId, resource, max))
}

/**
 * What counts against a limit, as `usageOf` (entitlements.ts) counts it: customers and branches
 * not removed (a soft-deleted customer does not count), employees not removed and not deactivated.
 * One resource at a time (creating an employee never counts customers), and at most `upTo` rows
 * (the organisation index, stopped there).
 */
export async function countOf(
  db: DbOrTx,
  organisationId: string,
  resource: LimitedResource,
  upTo?: number,
): Promise<number> {
  const scope = { organisationId }
  const live =
    resource === 'customers'
      ? db
          .select({ one: sql`1` })
          .from(customers)
          .where(tenant(customers, scope, notDeleted(customers)))
      : resource === 'employees'
        ? db
            .select({ one: sql`1` })
            .from(employees)
            .where(tenant(employees, scope, notDeleted(employees), isNull(employees.deactivatedAt)))
        : db
            .select({ one: sql`1` })
            .from(salons)
            .where(tenant(salons, scope, notDeleted(salons)))
  const rows = upTo === undefined ? live : live.limit(upTo)
  const [row] = await db.select({ n: count() }).from(rows.as('counted'))
  return row?.n ?? 0
}
