import { describe, expect, it } from 'vitest'
import { addPeriods, discountOf, mulDivHalfUp, priceBreakdown, remainingCredit, vatOf } from './pricing'

const d = (iso: string) => new Date(iso)

describe('billing pricing', () => {
  it('credits the unused days of a term to the cent (14 of 31 days of €100 is €45.16)', () => {
    const r = remainingCredit({
      paidNetCents: 10_000,
      validFrom: d('2026-01-01T00:00:00Z'),
      validTo: d('2026-02-01T00:00:00Z'),
      now: d('2026-01-18T00:00:00Z'),
    })
    expect(r).toEqual({ remainingCents: 4516, daysLeft: 14, daysInPeriod: 31 })
  })

  it('an upgrade halfway through a €10 term to €20 costs €10 net plus VAT', () => {
    const credit = remainingCredit({
      paidNetCents: 1000,
      validFrom: d('2026-04-01T00:00:00Z'),
      validTo: d('2026-05-01T00:00:00Z'),
      now: d('2026-04-16T00:00:00Z'),
    })
    expect(credit.remainingCents).toBe(500)
    expect(priceBreakdown({ netCents: 2000, creditCents: credit.remainingCents, vatRateBasisPoints: 2100 })).toEqual({
      netCents: 2000,
      discountCents: 0,
      creditCents: 500,
      netAfterDiscountCents: 1500,
      vatRateBasisPoints: 2100,
      vatCents: 315,
      totalCents: 1815,
    })
  })

  it('no credit after the term and none before it starts counts more than the term', () => {
    const term = { paidNetCents: 3100, validFrom: d('2026-01-01T00:00:00Z'), validTo: d('2026-02-01T00:00:00Z') }
    expect(remainingCredit({ ...term, now: d('2026-03-01T00:00:00Z') }).remainingCents).toBe(0)
    expect(remainingCredit({ ...term, now: d('2025-12-01T00:00:00Z') }).remainingCents).toBe(3100)
  })

  it('rounds VAT half-up to the cent', () => {
    expect(vatOf(50, 2100)).toBe(11) // 10.5 → 11
    expect(vatOf(2, 2100)).toBe(0) // 0.42
    expect(vatOf(12_345, 2100)).toBe(2592) // 2592.45
    expect(vatOf(1000, 0)).toBe(0)
  })

  it('net + VAT = total for 10,000 random amounts, and VAT is within half a cent of the exact value', () => {
    let seed = 42
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 10_000; i++) {
      const net = rand() % 5_000_000
      const b = priceBreakdown({ netCents: net, vatRateBasisPoints: 2100 })
      expect(b.netAfterDiscountCents + b.vatCents).toBe(b.totalCents)
      expect(Math.abs(b.vatCents - (net * 21) / 100)).toBeLessThanOrEqual(0.5)
    }
  })

  it('a discount comes off before VAT and never below zero', () => {
    expect(
      priceBreakdown({ netCents: 4900, discount: { type: 'percent', value: 1500 }, vatRateBasisPoints: 2100 }),
    ).toEqual({
      netCents: 4900,
      discountCents: 735,
      creditCents: 0,
      netAfterDiscountCents: 4165,
      vatRateBasisPoints: 2100,
      vatCents: 875,
      totalCents: 5040,
    })
    const free = priceBreakdown({
      netCents: 4900,
      discount: { type: 'fixed', value: 10_000 },
      vatRateBasisPoints: 2100,
    })
    expect(free).toMatchObject({ discountCents: 4900, netAfterDiscountCents: 0, vatCents: 0, totalCents: 0 })
    expect(discountOf(4900, { type: 'percent', value: 20_000 })).toBe(4900)
    expect(priceBreakdown({ netCents: 1000, creditCents: 5000, vatRateBasisPoints: 2100 }).totalCents).toBe(0)
  })

  it('adds calendar months from the start, clamping to the month end without drifting', () => {
    const jan31 = d('2026-01-31T10:00:00Z')
    expect(addPeriods(jan31, 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addPeriods(jan31, 'monthly', 2).toISOString()).toBe('2026-03-31T10:00:00.000Z')
    expect(addPeriods(d('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z')
    expect(addPeriods(d('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z')
  })

  it('refuses fractions and negatives instead of rounding them silently', () => {
    expect(() => mulDivHalfUp(1.5, 2, 3)).toThrow(RangeError)
    expect(() => mulDivHalfUp(-1, 2, 3)).toThrow(RangeError)
  })
})
