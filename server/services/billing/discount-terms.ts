import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { discountCodes } from '../../db/schema'
import { AppError } from '../../errors'
import { findDiscount } from './discount-codes'
import type { Discount } from './pricing'

/*
 * How a discount code bears on a subscription's terms (README "Discount codes": once, N periods
 * or forever). Finding and redeeming a code is discount-codes.ts; this reads a code a payment or
 * subscription already carries, by id, and says how many periods it lasts.
 */

export type DiscountTerms = { id: string; discount: Discount; periods: number | null }

const periodsOf = (duration: 'once' | 'repeating' | 'forever', durationPeriods: number | null) =>
  duration === 'once' ? 1 : duration === 'repeating' ? Math.max(1, durationPeriods ?? 1) : null

/** A code for a purchase, or the one INVALID_DISCOUNT_CODE for every reason it does not apply. */
export async function discountFor(
  db: DbOrTx,
  q: { code: string; organisationId: string; product: string; now: Date },
): Promise<DiscountTerms> {
  const found = await findDiscount(db, q)
  if (!found) throw new AppError('INVALID_DISCOUNT_CODE')
  return { id: found.id, discount: found.discount, periods: periodsOf(found.duration, found.durationPeriods) }
}

/** The code a payment or subscription carries (renewals keep applying it while it lasts). */
export async function discountById(db: DbOrTx, id: string): Promise<DiscountTerms | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id))
  return row
    ? {
        id: row.id,
        discount: { type: row.type, value: row.value },
        periods: periodsOf(row.duration, row.durationPeriods),
      }
    : null
}
