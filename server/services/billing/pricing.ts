import type { PriceBreakdown, SubscriptionPeriod } from '../../../contract/subscriptions'

/*
 * The money and calendar rules of billing, pure (README.md "Decisions"): integer cents, rates in
 * basis points (2100 = 21%), rounding half-up to the cent, periods in whole calendar months in UTC.
 */

const DAY_MS = 86_400_000

/** a × b / c rounded half-up, for non-negative integers (exact: no float ever holds a fraction of a cent). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || !Number.isSafeInteger(c) || a < 0 || b < 0 || c <= 0) {
    throw new RangeError(`mulDivHalfUp needs non-negative integers and c > 0: ${a}, ${b}, ${c}`)
  }
  const n = BigInt(a) * BigInt(b)
  const d = BigInt(c)
  return Number((2n * n + d) / (2n * d))
}

/** The VAT on an amount excluding VAT, half-up to the cent. */
export const vatOf = (netCents: number, rateBasisPoints: number) => mulDivHalfUp(netCents, rateBasisPoints, 10_000)

/** How many months a period is. */
export const PERIOD_MONTHS: Record<SubscriptionPeriod, number> = { monthly: 1, yearly: 12 }

/**
 * `start` plus n periods, in whole calendar months (UTC); a day that the target month lacks is
 * its last day (31 January + 1 month = 28 or 29 February), always counted from `start` so that
 * n periods never drift (31 Jan + 2 months = 31 March, not 28 March).
 */
export function addPeriods(start: Date, period: SubscriptionPeriod, n = 1): Date {
  const months = PERIOD_MONTHS[period] * n
  const y = start.getUTCFullYear()
  const m = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const d = new Date(start)
  d.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay))
  return d
}

/** The price of an option for a period, excluding VAT. */
export const priceOf = (option: { monthlyPriceCents: number; yearlyPriceCents: number }, period: SubscriptionPeriod) =>
  period === 'monthly' ? option.monthlyPriceCents : option.yearlyPriceCents

/**
 * The unused part of a paid term, by the day, to the cent: `paidNetCents × daysLeft / daysInPeriod`
 * half-up. The day in progress counts as used. Golden: 14 of 31 days of €100 is €45.16.
 */
export function remainingCredit(input: { paidNetCents: number; validFrom: Date; validTo: Date; now: Date }): {
  remainingCents: number
  daysLeft: number
  daysInPeriod: number
} {
  const daysInPeriod = Math.max(1, Math.round((input.validTo.getTime() - input.validFrom.getTime()) / DAY_MS))
  const daysLeft = Math.min(
    daysInPeriod,
    Math.max(0, Math.floor((input.validTo.getTime() - input.now.getTime()) / DAY_MS)),
  )
  return { remainingCents: mulDivHalfUp(input.paidNetCents, daysLeft, daysInPeriod), daysLeft, daysInPeriod }
}

/** A discount as stored: percent in basis points (1500 = 15%) or a fixed amount in cents. */
export type Discount = { type: 'percent' | 'fixed'; value: number }

/** What a discount takes off a net price: never more than the price (never below zero). */
export function discountOf(netCents: number, discount: Discount | null): number {
  if (!discount) return 0
  const off =
    discount.type === 'percent' ? mulDivHalfUp(netCents, Math.min(discount.value, 10_000), 10_000) : discount.value
  return Math.max(0, Math.min(netCents, off))
}

/**
 * The one price computation: net price − discount − credit (never below zero), then VAT on what
 * remains (research §7 C4: the discount comes off before VAT).
 */
export function priceBreakdown(input: {
  netCents: number
  discount?: Discount | null
  creditCents?: number
  vatRateBasisPoints: number
}): PriceBreakdown {
  const discountCents = discountOf(input.netCents, input.discount ?? null)
  const afterDiscount = input.netCents - discountCents
  const creditCents = Math.max(0, Math.min(afterDiscount, input.creditCents ?? 0))
  const netAfterDiscountCents = afterDiscount - creditCents
  const vatCents = vatOf(netAfterDiscountCents, input.vatRateBasisPoints)
  return {
    netCents: input.netCents,
    discountCents,
    creditCents,
    netAfterDiscountCents,
    vatRateBasisPoints: input.vatRateBasisPoints,
    vatCents,
    totalCents: netAfterDiscountCents + vatCents,
  }
}
