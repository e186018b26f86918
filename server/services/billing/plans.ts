import { asc, eq } from 'drizzle-orm'
import type { PlanLimits, SubscriptionOption } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { subscriptionOptions } from '../../db/schema'

/*
 * The plans (subscription options). They are rows, inserted on every database by migration
 * 0018_billing_plans.sql; the codes below are the stable names code may rely on.
 */

export type OptionRow = typeof subscriptionOptions.$inferSelect

/** The plan a new organisation tries (README: "a 14-day trial of the middle plan"). */
export const TRIAL_OPTION_CODE = 'salon'

export const limitsOf = (o: OptionRow): PlanLimits => ({
  customers: o.maxCustomers,
  employees: o.maxEmployees,
  salons: o.maxSalons,
})

export const toOption = (o: OptionRow): SubscriptionOption => ({
  id: o.id,
  code: o.code,
  name: { nl: o.nameNl, en: o.nameEn },
  monthlyPriceCents: o.monthlyPriceCents,
  yearlyPriceCents: o.yearlyPriceCents,
  limits: limitsOf(o),
  features: o.features,
  rank: o.rank,
})

/** The plans on sale, cheapest first. */
export async function listOptionRows(db: DbOrTx): Promise<OptionRow[]> {
  return db
    .select()
    .from(subscriptionOptions)
    .where(eq(subscriptionOptions.active, true))
    .orderBy(asc(subscriptionOptions.rank))
}

export async function findOptionRow(db: DbOrTx, id: string): Promise<OptionRow | undefined> {
  const [row] = await db.select().from(subscriptionOptions).where(eq(subscriptionOptions.id, id))
  return row
}

export async function findOptionByCode(db: DbOrTx, code: string): Promise<OptionRow | undefined> {
  const [row] = await db.select().from(subscriptionOptions).where(eq(subscriptionOptions.code, code))
  return row
}
