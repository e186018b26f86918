import { uniqueViolation } from '../../db/errors'
import { asc, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type {
  AdminSubscriptionOption,
  SubscriptionOptionCreate,
  SubscriptionOptionUpdate,
} from '../../../contract/global-billing'
import type { Caller } from '../../../contract/policy'
import type { Db } from '../../db/client'
import { subscriptionOptions } from '../../db/schema'
import { AppError } from '../../errors'
import { findOptionByCode, findOptionRow, type OptionRow, toOption } from '../billing/plans'
import { adminOf, auditAdmin } from './admin'

/*
 * The plans (subscription options), made and edited by global admins. A price is read when a
 * payment is made and stored with it (payments.price): a change never alters what was paid or
 * the running term; the next renewal (next-term.ts) charges the new price. An inactive plan is
 * not sold (the public list and purchases skip it); subscriptions on it keep renewing.
 */

const toAdminOption = (o: OptionRow): AdminSubscriptionOption => ({ ...toOption(o), active: o.active })

export async function listAllOptions(opts: { db: Db; caller: Caller }): Promise<AdminSubscriptionOption[]> {
  adminOf(opts.caller)
  const rows = await opts.db.select().from(subscriptionOptions).orderBy(asc(subscriptionOptions.rank))
  return rows.map(toAdminOption)
}

const columnsOf = (input: SubscriptionOptionUpdate) => ({
  ...(input.name ? { nameNl: input.name.nl, nameEn: input.name.en } : {}),
  ...(input.monthlyPriceCents !== undefined ? { monthlyPriceCents: input.monthlyPriceCents } : {}),
  ...(input.yearlyPriceCents !== undefined ? { yearlyPriceCents: input.yearlyPriceCents } : {}),
  ...(input.limits
    ? { maxCustomers: input.limits.customers, maxEmployees: input.limits.employees, maxSalons: input.limits.salons }
    : {}),
  ...(input.features ? { features: input.features } : {}),
  ...(input.rank !== undefined ? { rank: input.rank } : {}),
  ...(input.active !== undefined ? { active: input.active } : {}),
})

export async function createOption(opts: {
  db: Db
  caller: Caller
  input: SubscriptionOptionCreate
}): Promise<AdminSubscriptionOption> {
  const adminId = adminOf(opts.caller)
  const { input } = opts
  return takenAs(
    opts.db.transaction(async (tx) => {
      if (await findOptionByCode(tx, input.code)) throw new AppError('SUBSCRIPTION_OPTION_CODE_TAKEN')
      const [row] = await tx
        .insert(subscriptionOptions)
        .values({
          id: uuidv7(),
          code: input.code,
          nameNl: input.name.nl,
          nameEn: input.name.en,
          monthlyPriceCents: input.monthlyPriceCents,
          yearlyPriceCents: input.yearlyPriceCents,
          maxCustomers: input.limits.customers,
          maxEmployees: input.limits.employees,
          maxSalons: input.limits.salons,
          features: input.features,
          rank: input.rank,
          active: input.active,
        })
        .returning()
      await auditAdmin(tx, adminId, { event: 'subscriptionOptionCreate', data: { optionId: row.id, code: row.code } })
      return toAdminOption(row)
    }),
  )
}

/**
 * Two creates of one code at once both pass the look-up above; the unique index refuses the
 * second insert. That is the same refusal (409), not a 500.
 */
async function takenAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    if (uniqueViolation(err) === 'subscription_options_code_uq') throw new AppError('SUBSCRIPTION_OPTION_CODE_TAKEN')
    throw err
  }
}

export async function updateOption(opts: {
  db: Db
  caller: Caller
  id: string
  patch: SubscriptionOptionUpdate
}): Promise<AdminSubscriptionOption> {
  const adminId = adminOf(opts.caller)
  return opts.db.transaction(async (tx) => {
    const before = await findOptionRow(tx, opts.id)
    if (!before) throw new AppError('SUBSCRIPTION_OPTION_NOT_FOUND')
    const set = columnsOf(opts.patch)
    if (Object.keys(set).length === 0) return toAdminOption(before)
    const [row] = await tx.update(subscriptionOptions).set(set).where(eq(subscriptionOptions.id, opts.id)).returning()
    const changed = Object.fromEntries(
      Object.entries(set)
        .filter(([k, v]) => JSON.stringify(before[k as keyof OptionRow]) !== JSON.stringify(v))
        .map(([k, v]) => [k, { from: before[k as keyof OptionRow], to: v }]),
    )
    await auditAdmin(tx, adminId, {
      event: 'subscriptionOptionUpdate',
      data: { optionId: row.id, code: row.code, changed },
    })
    return toAdminOption(row)
  })
}
