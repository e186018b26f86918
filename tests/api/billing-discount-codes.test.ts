import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { discountCodes, discountRedemptions } from '../../server/db/schema'
import { DEMO_DISCOUNT_CODES, seedDiscountCodes } from '../../server/seed/discount-codes'
import { findDiscount, redeemDiscount } from '../../server/services/billing/discount-codes'
import { unique } from '../helpers/app'
import { billingDatabase, insertOrganisation } from './billing-fixtures'

/*
 * Research §7 C: a code is found only while it applies (every other case is the same null, so
 * codes cannot be probed) and counted once per paid payment under the code's row lock.
 */

const db = await billingDatabase()
const now = new Date('2026-03-10T12:00:00Z')
const DAY = 86_400_000

async function insertCode(over: Partial<typeof discountCodes.$inferInsert> = {}) {
  const row = {
    id: uuidv7(),
    code: unique('CODE').toUpperCase(),
    type: 'percent' as const,
    value: 1500,
    duration: 'once' as const,
    ...over,
  }
  await db.insert(discountCodes).values(row)
  return row
}
const find = (code: string, organisationId: string, product = 'pro', at = now) =>
  findDiscount(db, { code, organisationId, product, now: at })
const redeem = (discountCodeId: string, organisationId: string, paymentId = uuidv7()) =>
  db.transaction((tx) => redeemDiscount(tx, { discountCodeId, organisationId, paymentId, now }))
const countOf = async (id: string) =>
  (await db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.redeemedCount

describe('findDiscount', () => {
  it('discount codes: a code that applies is found, case-insensitively and with spaces around it', async () => {
    const org = await insertOrganisation(db)
    const code = await insertCode({ type: 'fixed', value: 1000, duration: 'repeating', durationPeriods: 3 })
    const found = await find(`  ${code.code.toLowerCase()} `, org.id)
    expect(found).toEqual({
      id: code.id,
      code: code.code,
      discount: { type: 'fixed', value: 1000 },
      duration: 'repeating',
      durationPeriods: 3,
    })
    expect(await find(code.code, org.id)).toEqual(found)
  })

  it('discount codes: unknown, inactive, not yet valid and expired codes give null', async () => {
    const org = await insertOrganisation(db)
    expect(await find('NO-SUCH-CODE', org.id)).toBeNull()
    expect(await find('   ', org.id)).toBeNull()
    const inactive = await insertCode({ active: false })
    expect(await find(inactive.code, org.id)).toBeNull()
    const future = await insertCode({ validFrom: new Date(now.getTime() + DAY) })
    expect(await find(future.code, org.id)).toBeNull()
    expect(await find(future.code, org.id, 'pro', new Date(now.getTime() + DAY))).not.toBeNull()
    const expired = await insertCode({ expiresAt: now })
    expect(await find(expired.code, org.id)).toBeNull()
    expect(await find(expired.code, org.id, 'pro', new Date(now.getTime() - 1))).not.toBeNull()
  })

  it('discount codes: a code used up overall or by this organisation gives null', async () => {
    const [a, b] = [await insertOrganisation(db), await insertOrganisation(db)]
    const full = await insertCode({ maxRedemptions: 5, redeemedCount: 5 })
    expect(await find(full.code, a.id)).toBeNull()
    const perOrg = await insertCode({ maxPerOrganisation: 1 })
    expect(await redeem(perOrg.id, a.id)).toBe(true)
    expect(await find(perOrg.code, a.id)).toBeNull()
    // Another organisation may still use it.
    expect(await find(perOrg.code, b.id)).not.toBeNull()
  })

  it('discount codes: a code for other options gives null; an empty list applies to every option', async () => {
    const org = await insertOrganisation(db)
    const some = await insertCode({ appliesTo: ['basic', 'pro'] })
    expect(await find(some.code, org.id, 'pro')).not.toBeNull()
    expect(await find(some.code, org.id, 'premium')).toBeNull()
    const all = await insertCode({ appliesTo: [] })
    expect(await find(all.code, org.id, 'premium')).not.toBeNull()
  })
})

describe('redeemDiscount', () => {
  it('discount codes: maxRedemptions=1 and two concurrent paid payments: exactly one is counted', async () => {
    const [a, b] = [await insertOrganisation(db), await insertOrganisation(db)]
    const code = await insertCode({ maxRedemptions: 1 })
    const results = await Promise.all([redeem(code.id, a.id), redeem(code.id, b.id)])
    expect(results.sort()).toEqual([false, true])
    expect(await countOf(code.id)).toBe(1)
    expect(
      await db.select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, code.id)),
    ).toHaveLength(1)
  })

  it('discount codes: the per-organisation limit holds under the lock, also for concurrent payments', async () => {
    const org = await insertOrganisation(db)
    const code = await insertCode({ maxPerOrganisation: 2 })
    const results = await Promise.all([redeem(code.id, org.id), redeem(code.id, org.id), redeem(code.id, org.id)])
    expect(results.filter(Boolean)).toHaveLength(2)
    expect(await countOf(code.id)).toBe(2)
    expect(await redeem(code.id, org.id)).toBe(false)
    expect(await countOf(code.id)).toBe(2)
  })

  it('discount codes: a replayed payment returns true and counts once, also when replays race', async () => {
    const org = await insertOrganisation(db)
    const code = await insertCode({ maxRedemptions: 10, maxPerOrganisation: 1 })
    const paymentId = uuidv7()
    expect(await redeem(code.id, org.id, paymentId)).toBe(true)
    expect(await redeem(code.id, org.id, paymentId)).toBe(true)
    const racing = uuidv7()
    const other = await insertOrganisation(db)
    expect(await Promise.all([redeem(code.id, other.id, racing), redeem(code.id, other.id, racing)])).toEqual([
      true,
      true,
    ])
    expect(await countOf(code.id)).toBe(2)
  })

  it('discount codes: a redemption rolled back with its transaction is not counted', async () => {
    const org = await insertOrganisation(db)
    const code = await insertCode({ maxRedemptions: 1 })
    await expect(
      db.transaction(async (tx) => {
        expect(
          await redeemDiscount(tx, { discountCodeId: code.id, organisationId: org.id, paymentId: uuidv7(), now }),
        ).toBe(true)
        throw new Error('the payment did not apply')
      }),
    ).rejects.toThrow('the payment did not apply')
    expect(await countOf(code.id)).toBe(0)
    expect(await find(code.code, org.id)).not.toBeNull()
  })

  it('discount codes: an unknown code is not redeemed', async () => {
    const org = await insertOrganisation(db)
    expect(await redeem(uuidv7(), org.id)).toBe(false)
  })
})

describe('seedDiscountCodes', () => {
  it('discount codes: the demo codes are seeded once and found', async () => {
    const org = await insertOrganisation(db)
    await seedDiscountCodes(db)
    await seedDiscountCodes(db)
    const rows = await db.select().from(discountCodes)
    for (const demo of DEMO_DISCOUNT_CODES) expect(rows.filter((r) => r.code === demo.code)).toHaveLength(1)
    expect(await find('welkom15', org.id)).toMatchObject({
      discount: { type: 'percent', value: 1500 },
      duration: 'once',
    })
    expect(await find('salon10', org.id)).toMatchObject({
      discount: { type: 'fixed', value: 1000 },
      duration: 'repeating',
      durationPeriods: 3,
    })
    expect(await find('GRATIS', org.id)).toMatchObject({ discount: { type: 'percent', value: 10_000 } })
  })
})
