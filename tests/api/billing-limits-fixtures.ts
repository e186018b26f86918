import { and, eq, ne } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { PLAN_FEATURES, type PlanFeature, type PlanLimits } from '../../contract/subscriptions'
import type { App } from '../../server/app'
import { subscriptionOptions, subscriptions } from '../../server/db/schema'
import { unique } from '../helpers/app'

/*
 * Plans and subscriptions for the plan-gate tests (issue 22), written straight into the database
 * like every factory: a plan with the limits and features a test needs (small limits, so a test
 * reaches them with a handful of rows), and the organisation's current subscription on it.
 */

const DAY = 86_400_000

/** A plan of its own (a unique code): `null` limits are unlimited; every feature unless told. */
export async function seedPlan(
  app: App,
  opts: Partial<PlanLimits> & { features?: readonly PlanFeature[] } = {},
): Promise<string> {
  const id = uuidv7()
  await app.db.insert(subscriptionOptions).values({
    id,
    code: unique('test-plan-'),
    nameNl: 'Testplan',
    nameEn: 'Test plan',
    monthlyPriceCents: 1000,
    yearlyPriceCents: 10000,
    maxCustomers: opts.customers ?? null,
    maxEmployees: opts.employees ?? null,
    maxSalons: opts.salons ?? null,
    features: [...(opts.features ?? PLAN_FEATURES)],
    rank: 2,
  })
  return id
}

/**
 * Puts the organisation on `optionId`: its current subscription moves to that plan (a downgrade
 * or upgrade as the billing core applies it), or a new one starts. `expired`: its term ended
 * yesterday without a renewal (read-only).
 */
export async function subscribe(app: App, organisationId: string, optionId: string, opts: { expired?: boolean } = {}) {
  const now = Date.now()
  const validTo = new Date(opts.expired ? now - DAY : now + 30 * DAY)
  const [current] = await app.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.organisationId, organisationId), ne(subscriptions.status, 'completed')))
  if (current) {
    await app.db.update(subscriptions).set({ optionId, validTo }).where(eq(subscriptions.id, current.id))
    return current.id
  }
  const id = uuidv7()
  await app.db.insert(subscriptions).values({
    id,
    organisationId,
    optionId,
    period: 'monthly',
    status: 'active',
    validFrom: new Date(now - 60 * DAY),
    validTo,
    autoExtend: false,
  })
  return id
}

/** The term renewed (a payment restored it): full access again on the same plan. */
export async function renew(app: App, organisationId: string) {
  await app.db
    .update(subscriptions)
    .set({ validTo: new Date(Date.now() + 30 * DAY) })
    .where(and(eq(subscriptions.organisationId, organisationId), ne(subscriptions.status, 'completed')))
}
