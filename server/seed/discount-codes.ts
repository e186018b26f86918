import { v7 as uuidv7 } from 'uuid'
import type { DbOrTx } from '../db/client'
import { discountCodes } from '../db/schema'

/** Demo discount codes for every option: 15% off the first period, €10 off three periods, the first period free. */
export const DEMO_DISCOUNT_CODES = [
  { code: 'WELKOM15', type: 'percent', value: 1500, duration: 'once', durationPeriods: null, maxRedemptions: null },
  { code: 'SALON10', type: 'fixed', value: 1000, duration: 'repeating', durationPeriods: 3, maxRedemptions: null },
  { code: 'GRATIS', type: 'percent', value: 10_000, duration: 'once', durationPeriods: null, maxRedemptions: 100 },
] as const

/**
 * Inserts the demo codes that are missing; idempotent (a code that exists, in any case, is left
 * as it is: its redemptions and any change an administrator made stay).
 */
export async function seedDiscountCodes(db: DbOrTx): Promise<void> {
  await db
    .insert(discountCodes)
    .values(DEMO_DISCOUNT_CODES.map((c) => ({ id: uuidv7(), ...c, appliesTo: [], maxPerOrganisation: 1 })))
    .onConflictDoNothing()
}
