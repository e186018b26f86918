import { and, count, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { DbOrTx } from '../../db/client'
import { discountCodes, discountRedemptions } from '../../db/schema'
import type { Discount } from './pricing'

/*
 * Discount codes (README "Discount codes", research §7 C). Finding a code answers null for every
 * reason it does not apply — the route turns that into the one INVALID_DISCOUNT_CODE, so codes
 * cannot be probed. A code is counted only when its payment is paid, under the code row's lock,
 * so two payments racing for the last redemption cannot both take it.
 */

export type FoundDiscount = {
  id: string
  code: string
  discount: Discount
  duration: 'once' | 'repeating' | 'forever'
  durationPeriods: number | null
}

/** How many times an organisation has redeemed a code (paid payments only: nothing else is counted). */
async function redemptionsBy(db: DbOrTx, discountCodeId: string, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountCodeId, discountCodeId),
        eq(discountRedemptions.organisationId, organisationId),
      ),
    )
  return Number(row?.n ?? 0)
}

const usedUp = (row: { maxRedemptions: number | null; redeemedCount: number }) =>
  row.maxRedemptions !== null && row.redeemedCount >= row.maxRedemptions

/**
 * What a code is asked for: a plan (its code) or a paid course (its id, issue 24). A code's
 * `appliesTo` names plan codes and course ids; empty, it applies to everything sold with a code —
 * every plan and every paid course — as an empty list always meant every plan.
 */
export const appliesTo = (row: { appliesTo: string[] }, product: string) =>
  row.appliesTo.length === 0 || row.appliesTo.includes(product)

/**
 * Finds a code that applies now; null for unknown, inactive, not yet valid, expired, used up
 * overall, used up by this organisation, or not applicable to the product. Case-insensitive.
 */
export async function findDiscount(
  db: DbOrTx,
  q: { code: string; organisationId: string; product: string; now: Date },
): Promise<FoundDiscount | null> {
  const code = q.code.trim()
  if (!code) return null
  // lower(code) is what the unique index holds, so this is one index lookup.
  const [row] = await db.select().from(discountCodes).where(sql`lower(${discountCodes.code}) = lower(${code})`).limit(1)
  if (!row?.active) return null
  if (row.validFrom && q.now < row.validFrom) return null
  if (row.expiresAt && q.now >= row.expiresAt) return null
  if (usedUp(row)) return null
  if (!appliesTo(row, q.product)) return null
  if ((await redemptionsBy(db, row.id, q.organisationId)) >= row.maxPerOrganisation) return null
  return {
    id: row.id,
    code: row.code,
    discount: { type: row.type, value: row.value },
    duration: row.duration,
    durationPeriods: row.durationPeriods,
  }
}

/**
 * Counts a redemption when its payment is paid, inside the caller's transaction, under the code
 * row's lock (SELECT … FOR UPDATE): both maxima are checked again under the lock, and false (with
 * nothing recorded) means a concurrent payment took the last one. Idempotent per payment: a
 * replayed webhook returns true without counting twice.
 */
export async function redeemDiscount(
  tx: DbOrTx,
  r: { discountCodeId: string; organisationId: string; paymentId: string; now: Date },
): Promise<boolean> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, r.discountCodeId)).for('update')
  if (!row) return false
  // After the lock: a replay racing its original waits for it and then sees its redemption.
  const [already] = await tx
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.paymentId, r.paymentId))
    .limit(1)
  if (already) return true
  if (usedUp(row)) return false
  if ((await redemptionsBy(tx, row.id, r.organisationId)) >= row.maxPerOrganisation) return false
  await tx.insert(discountRedemptions).values({
    id: uuidv7(),
    discountCodeId: row.id,
    organisationId: r.organisationId,
    paymentId: r.paymentId,
    createdAt: r.now,
  })
  await tx
    .update(discountCodes)
    .set({ redeemedCount: sql`${discountCodes.redeemedCount} + 1` })
    .where(eq(discountCodes.id, row.id))
  return true
}
