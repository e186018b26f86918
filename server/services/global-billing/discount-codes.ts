import { uniqueViolation } from '../../db/errors'
import { and, count, countDistinct, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  type AdminDiscountCode,
  type DiscountCodeCreate,
  type DiscountCodeUpdate,
  discountProblems,
} from '../../../contract/global-billing'
import type { Caller } from '../../../contract/policy'
import type { Db, DbOrTx } from '../../db/client'
import {
  discountCodes,
  discountRedemptions,
  organisations,
  payments,
  subscriptionOptions,
  subscriptions,
  trainingCourses,
} from '../../db/schema'
import { AppError, validationError } from '../../errors'
import { adminOf, auditAdmin } from './admin'

/*
 * Discount codes for the global admin (research §7 C1, C5): listed with their redemptions,
 * made, edited, deactivated; deleted only while nothing ever used them. Once redeemed, what an
 * organisation got stays: the code, its discount and its duration are not edited (renewals keep
 * reading the code: discount-terms.ts `discountById`). Codes are unique case-insensitively (the
 * lower(code) index). Finding and redeeming stay services/billing/discount-codes.ts.
 */

type CodeRow = typeof discountCodes.$inferSelect

const toAdminCode = (row: CodeRow, organisationCount: number): AdminDiscountCode => ({
  id: row.id,
  code: row.code,
  type: row.type,
  value: row.value,
  appliesTo: row.appliesTo,
  validFrom: row.validFrom?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  maxRedemptions: row.maxRedemptions,
  maxPerOrganisation: row.maxPerOrganisation,
  duration: row.duration,
  durationPeriods: row.durationPeriods,
  active: row.active,
  redemptions: row.redeemedCount,
  organisations: organisationCount,
  createdAt: row.createdAt.toISOString(),
})

async function organisationCounts(db: DbOrTx, id?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: discountRedemptions.discountCodeId, n: countDistinct(discountRedemptions.organisationId) })
    .from(discountRedemptions)
    .where(id ? eq(discountRedemptions.discountCodeId, id) : undefined)
    .groupBy(discountRedemptions.discountCodeId)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

async function shown(db: DbOrTx, row: CodeRow) {
  return toAdminCode(row, (await organisationCounts(db, row.id)).get(row.id) ?? 0)
}

async function findCode(db: DbOrTx, id: string, lock = false): Promise<CodeRow> {
  const q = db.select().from(discountCodes).where(eq(discountCodes.id, id))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new AppError('DISCOUNT_CODE_NOT_FOUND')
  return row
}

async function assertCodeFree(db: DbOrTx, code: string, except?: string) {
  const [taken] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(sql`lower(${discountCodes.code}) = lower(${code})`, except ? ne(discountCodes.id, except) : undefined))
    .limit(1)
  if (taken) throw new AppError('DISCOUNT_CODE_TAKEN')
}

/**
 * Two saves of one code at once (create, or a rename) both pass assertCodeFree; the
 * case-insensitive unique index refuses the second. That is the same refusal (409), not a 500.
 */
async function takenAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    if (uniqueViolation(err) === 'discount_codes_code_uq') throw new AppError('DISCOUNT_CODE_TAKEN')
    throw err
  }
}

/** What a code applies to must be plans (their codes) or live paid courses (their ids, issue 24). */
async function assertPlans(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return
  const plans = await db.select({ code: subscriptionOptions.code }).from(subscriptionOptions)
  const courses = await db
    .select({ id: trainingCourses.id })
    .from(trainingCourses)
    .where(and(eq(trainingCourses.kind, 'paid'), isNull(trainingCourses.deletedAt)))
  const known = new Set([...plans.map((r) => r.code), ...courses.map((r) => r.id)])
  const unknown = codes.filter((c) => !known.has(c))
  if (unknown.length > 0)
    throw validationError([
      { path: 'appliesTo', code: 'custom', message: `Unknown plan or paid course: ${unknown.join(', ')}.` },
    ])
}

/** Ever used: redeemed by a paid payment, or carried by a payment or subscription. */
async function everUsed(db: DbOrTx, row: CodeRow): Promise<boolean> {
  if (row.redeemedCount > 0) return true
  for (const [table, column] of [
    [discountRedemptions, discountRedemptions.discountCodeId],
    [payments, payments.discountCodeId],
    [subscriptions, subscriptions.discountCodeId],
  ] as const) {
    const [r] = await db.select({ n: count() }).from(table).where(eq(column, row.id))
    if (Number(r?.n ?? 0) > 0) return true
  }
  return false
}

const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null)

export async function listDiscountCodes(opts: { db: Db; caller: Caller }): Promise<AdminDiscountCode[]> {
  adminOf(opts.caller)
  const rows = await opts.db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
  const orgs = await organisationCounts(opts.db)
  return rows.map((r) => toAdminCode(r, orgs.get(r.id) ?? 0))
}

export async function createDiscountCode(opts: {
  db: Db
  caller: Caller
  input: DiscountCodeCreate
}): Promise<AdminDiscountCode> {
  const adminId = adminOf(opts.caller)
  const { input } = opts
  return takenAs(
    opts.db.transaction(async (tx) => {
      await assertCodeFree(tx, input.code)
      await assertPlans(tx, input.appliesTo)
      const [row] = await tx
        .insert(discountCodes)
        .values({
          id: uuidv7(),
          code: input.code,
          type: input.type,
          value: input.value,
          appliesTo: input.appliesTo,
          validFrom: dateOrNull(input.validFrom),
          expiresAt: dateOrNull(input.expiresAt),
          maxRedemptions: input.maxRedemptions,
          maxPerOrganisation: input.maxPerOrganisation,
          duration: input.duration,
          durationPeriods: input.duration === 'repeating' ? input.durationPeriods : null,
          active: input.active,
        })
        .returning()
      await auditAdmin(tx, adminId, { event: 'discountCodeCreate', data: { discountCodeId: row.id, code: row.code } })
      return toAdminCode(row, 0)
    }),
  )
}

/** What an organisation got with a code: not edited once it is used. */
const TERMS = ['code', 'type', 'value', 'duration', 'durationPeriods'] as const

export async function updateDiscountCode(opts: {
  db: Db
  caller: Caller
  id: string
  patch: DiscountCodeUpdate
}): Promise<AdminDiscountCode> {
  const adminId = adminOf(opts.caller)
  const { patch } = opts
  return takenAs(
    opts.db.transaction(async (tx) => {
      const before = await findCode(tx, opts.id, true)
      const was = {
        code: before.code,
        type: before.type,
        value: before.value,
        appliesTo: before.appliesTo,
        validFrom: before.validFrom?.toISOString() ?? null,
        expiresAt: before.expiresAt?.toISOString() ?? null,
        maxRedemptions: before.maxRedemptions,
        maxPerOrganisation: before.maxPerOrganisation,
        duration: before.duration,
        durationPeriods: before.durationPeriods,
        active: before.active,
      }
      const after = { ...was, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) }
      if (after.duration !== 'repeating') after.durationPeriods = null
      const changed = (Object.keys(was) as (keyof typeof was)[]).filter((k) => {
        const a = after[k]
        const b = was[k]
        if ((k === 'validFrom' || k === 'expiresAt') && a && b)
          return new Date(a as string).getTime() !== new Date(b as string).getTime()
        return JSON.stringify(a) !== JSON.stringify(b)
      })
      if (changed.length === 0) return shown(tx, before)
      const problems = discountProblems(after)
      if (problems.length > 0)
        throw validationError(problems.map((p) => ({ path: p.path, code: 'custom', message: p.message })))
      if (changed.some((k) => (TERMS as readonly string[]).includes(k)) && (await everUsed(tx, before)))
        throw new AppError('DISCOUNT_CODE_TERMS_LOCKED')
      if (changed.includes('code')) await assertCodeFree(tx, after.code, before.id)
      if (changed.includes('appliesTo')) await assertPlans(tx, after.appliesTo)
      const [row] = await tx
        .update(discountCodes)
        .set({
          code: after.code,
          type: after.type,
          value: after.value,
          appliesTo: after.appliesTo,
          validFrom: dateOrNull(after.validFrom),
          expiresAt: dateOrNull(after.expiresAt),
          maxRedemptions: after.maxRedemptions,
          maxPerOrganisation: after.maxPerOrganisation,
          duration: after.duration,
          durationPeriods: after.durationPeriods,
          active: after.active,
        })
        .where(eq(discountCodes.id, before.id))
        .returning()
      await auditAdmin(tx, adminId, {
        event: 'discountCodeUpdate',
        data: { discountCodeId: row.id, code: row.code, changed },
      })
      return shown(tx, row)
    }),
  )
}

export async function deactivateDiscountCode(opts: { db: Db; caller: Caller; id: string }): Promise<AdminDiscountCode> {
  const adminId = adminOf(opts.caller)
  return opts.db.transaction(async (tx) => {
    const before = await findCode(tx, opts.id, true)
    if (!before.active) return shown(tx, before)
    const [row] = await tx
      .update(discountCodes)
      .set({ active: false })
      .where(eq(discountCodes.id, before.id))
      .returning()
    await auditAdmin(tx, adminId, { event: 'discountCodeDeactivate', data: { discountCodeId: row.id, code: row.code } })
    return shown(tx, row)
  })
}

export async function deleteDiscountCode(opts: { db: Db; caller: Caller; id: string }): Promise<void> {
  const adminId = adminOf(opts.caller)
  await opts.db.transaction(async (tx) => {
    const row = await findCode(tx, opts.id, true)
    if (await everUsed(tx, row)) throw new AppError('DISCOUNT_CODE_USED')
    await tx.delete(discountCodes).where(eq(discountCodes.id, row.id))
    await auditAdmin(tx, adminId, { event: 'discountCodeDelete', data: { discountCodeId: row.id, code: row.code } })
  })
}

/** Redemptions of one code per organisation, the organisation that used it most first. */
export async function discountRedemptionsOf(opts: { db: Db; caller: Caller; id: string }) {
  adminOf(opts.caller)
  const code = await findCode(opts.db, opts.id)
  const rows = await opts.db
    .select({
      organisationId: discountRedemptions.organisationId,
      name: organisations.companyName,
      paymentId: discountRedemptions.paymentId,
      at: discountRedemptions.createdAt,
      price: payments.price,
    })
    .from(discountRedemptions)
    .innerJoin(organisations, eq(organisations.id, discountRedemptions.organisationId))
    .leftJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .where(eq(discountRedemptions.discountCodeId, code.id))
    .orderBy(discountRedemptions.createdAt)
  const byOrg = new Map<
    string,
    { organisation: { id: string; name: string }; at: Date[]; discountCents: number; paymentIds: string[] }
  >()
  for (const r of rows) {
    const entry = byOrg.get(r.organisationId) ?? {
      organisation: { id: r.organisationId, name: r.name },
      at: [],
      discountCents: 0,
      paymentIds: [],
    }
    entry.at.push(r.at)
    entry.discountCents += r.price?.discountCents ?? 0
    entry.paymentIds.push(r.paymentId)
    byOrg.set(r.organisationId, entry)
  }
  return [...byOrg.values()]
    .map((e) => ({
      organisation: e.organisation,
      count: e.paymentIds.length,
      first: e.at[0].toISOString(),
      last: e.at[e.at.length - 1].toISOString(),
      discountCents: e.discountCents,
      paymentIds: e.paymentIds,
    }))
    .sort((a, b) => b.count - a.count || a.first.localeCompare(b.first))
}
