import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm'
import {
  type Access,
  PLAN_FEATURES,
  type PlanFeature,
  type PlanLimits,
  type SubscriptionAccess,
  type Usage,
} from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import {
  customers,
  employees,
  organisations,
  payments,
  salons,
  subscriptionOptions,
  subscriptions,
} from '../../db/schema'
import { notDeleted, tenant } from '../../scope'
import { limitsOf, type OptionRow } from './plans'
import { isRunning, type SubscriptionRow } from './view'

/*
 * What an organisation may do now (README "Expired", "Trial"): full or read-only access, its
 * plan's limits and features. The access and overview endpoints answer with it; limit and
 * feature checks elsewhere call `currentEntitlements` and `usageOf`.
 */

export type Entitlements = SubscriptionAccess & {
  /** The current (not completed) subscription and its plan; null for none. */
  subscription: SubscriptionRow | null
  option: OptionRow | null
}

const UNLIMITED: PlanLimits = { customers: null, employees: null, salons: null }

/** The organisation's current subscription (at most one is not completed: a unique index). */
export async function currentSubscription(db: DbOrTx, organisationId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(tenant(subscriptions, { organisationId }, ne(subscriptions.status, 'completed')))
  return row ?? null
}

/**
 * A renewal the provider has not settled yet (SEPA takes days): the term it pays for counts as
 * running meanwhile, so a salon is not read-only while its bank is still collecting.
 */
async function renewalUnderway(db: DbOrTx, s: SubscriptionRow): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      tenant(
        payments,
        s,
        eq(payments.subscriptionId, s.id),
        eq(payments.kind, 'renewal'),
        inArray(payments.status, ['open', 'pending', 'authorized']),
      ),
    )
  return (row?.n ?? 0) > 0
}

/**
 * The current subscription and whether a global admin suspended the organisation (issue 23), in
 * one query: the organisation row is read by its key, the subscription by the partial index.
 */
async function subscriptionAndSuspension(db: DbOrTx, organisationId: string) {
  const [row] = await db
    .select({ suspendedAt: organisations.suspendedAt, subscription: subscriptions })
    .from(organisations)
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.organisationId, organisations.id), ne(subscriptions.status, 'completed')),
    )
    .where(eq(organisations.id, organisationId))
    .limit(1)
  return { subscription: row?.subscription ?? null, suspended: !!row?.suspendedAt }
}

export async function currentEntitlements(db: DbOrTx, organisationId: string, now: Date): Promise<Entitlements> {
  const { subscription, suspended } = await subscriptionAndSuspension(db, organisationId)
  if (!subscription) {
    // No subscription at all: an organisation from before billing existed (a new one always gets
    // a trial, services/organisations/create.ts). It keeps working as it did, without limits.
    return {
      access: suspended ? 'readOnly' : 'full',
      suspended,
      displayStatus: null,
      trial: false,
      validTo: null,
      graceUntil: null,
      limits: UNLIMITED,
      features: [...PLAN_FEATURES],
      subscription: null,
      option: null,
    }
  }
  const [option] = await db.select().from(subscriptionOptions).where(eq(subscriptionOptions.id, subscription.optionId))
  const running =
    isRunning(subscription, now) ||
    (subscription.status === 'active' && subscription.autoExtend && (await renewalUnderway(db, subscription)))
  // Issue 23: a suspended organisation is read-only whatever its subscription says, by the same
  // rule (limits.ts writableFeatures answers ORGANISATION_SUSPENDED for it).
  const access: Access = running && !suspended ? 'full' : 'readOnly'
  return {
    access,
    suspended,
    displayStatus: !running ? 'expired' : subscription.status === 'canceled' ? 'cancelled' : 'active',
    trial: subscription.trial,
    validTo: subscription.validTo.toISOString(),
    graceUntil: subscription.graceUntil?.toISOString() ?? null,
    limits: option ? limitsOf(option) : UNLIMITED,
    features: (option?.features ?? []) as PlanFeature[],
    subscription,
    option: option ?? null,
  }
}

/** The contract's access answer (`GET …/subscriptions/access`). */
export function toAccess(e: Entitlements): SubscriptionAccess {
  const { access, suspended, displayStatus, trial, validTo, graceUntil, limits, features } = e
  return { access, suspended, displayStatus, trial, validTo, graceUntil, limits, features }
}

/**
 * What counts against the limits: customers and branches not removed (a soft-deleted customer
 * does not count), employees not removed and not deactivated (they cannot sign in).
 */
export async function usageOf(db: DbOrTx, organisationId: string): Promise<Usage> {
  const scope = { organisationId }
  const [[c], [e], [s]] = await Promise.all([
    db
      .select({ n: count() })
      .from(customers)
      .where(tenant(customers, scope, notDeleted(customers))),
    db
      .select({ n: count() })
      .from(employees)
      .where(tenant(employees, scope, notDeleted(employees), isNull(employees.deactivatedAt))),
    db
      .select({ n: count() })
      .from(salons)
      .where(tenant(salons, scope, notDeleted(salons))),
  ])
  return { customers: c?.n ?? 0, employees: e?.n ?? 0, salons: s?.n ?? 0 }
}

/** Whether one more of `resource` fits the plan (null limit: always). */
export const fitsLimit = (limits: PlanLimits, usage: Usage, resource: keyof PlanLimits) => {
  const max = limits[resource]
  return max === null || usage[resource] < max
}
