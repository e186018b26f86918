import { and, eq, sql } from 'drizzle-orm'
import type { SubscriptionPeriod } from '../../../contract/subscriptions'
import type { DbOrTx, Tx } from '../../db/client'
import { v7 as uuidv7 } from 'uuid'
import { discountCodes, discountRedemptions } from '../../db/schema'
import { AppError } from '../../errors'
import type { Discount } from './pricing'

/*
 * SEAM (issue 22, until the discount-code engineer's server/services/billing/discount-codes.ts is
 * merged): looking a code up for a purchase, and counting it when the payment is paid. The
 * lookup here only checks that the code exists, is active and has not expired; the real service
 * also checks the option, the number of redemptions and the per-organisation maximum. After
 * `git merge main`, route both functions to that service and delete this file.
 */

export type FoundDiscount = {
  id: string
  discount: Discount
  /** How many periods it lasts: 1 (once), N (repeating) or null (forever). */
  periods: number | null
}

export async function findDiscount(
  db: DbOrTx,
  opts: { code: string; organisationId: string; optionCode: string; period: SubscriptionPeriod; now: Date },
): Promise<FoundDiscount> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(sql`lower(${discountCodes.code})`, opts.code.trim().toLowerCase()), eq(discountCodes.active, true)))
  const expired = row?.expiresAt && row.expiresAt.getTime() <= opts.now.getTime()
  const applies = row && (row.appliesTo.length === 0 || row.appliesTo.includes(opts.optionCode))
  if (!row || expired || !applies) throw new AppError('INVALID_DISCOUNT_CODE')
  return toFound(row)
}

/** The code's terms as stored (a purchase being paid, a renewal that keeps applying it). */
export async function discountById(db: DbOrTx, id: string): Promise<FoundDiscount | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id))
  return row ? toFound(row) : null
}

const toFound = (row: typeof discountCodes.$inferSelect): FoundDiscount => ({
  id: row.id,
  discount: { type: row.type, value: row.value },
  periods: row.duration === 'once' ? 1 : row.duration === 'repeating' ? (row.durationPeriods ?? 1) : null,
})

/** Counted when its payment is paid, in that transaction (the real service locks the code's row). */
export async function redeemDiscount(
  tx: Tx,
  opts: { discountCodeId: string; organisationId: string; paymentId: string; now: Date },
): Promise<void> {
  const [made] = await tx
    .insert(discountRedemptions)
    .values({
      id: uuidv7(),
      discountCodeId: opts.discountCodeId,
      organisationId: opts.organisationId,
      paymentId: opts.paymentId,
      createdAt: opts.now,
    })
    .onConflictDoNothing()
    .returning({ id: discountRedemptions.id })
  if (made)
    await tx
      .update(discountCodes)
      .set({ redeemedCount: sql`${discountCodes.redeemedCount} + 1` })
      .where(eq(discountCodes.id, opts.discountCodeId))
}
