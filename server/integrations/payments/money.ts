/**
 * Mollie writes amounts as decimal strings ("10.00"); we keep integer cents. Both directions work
 * on the digits, never through a float (0.29 * 100 is 28.999999999999996).
 */

/** 1999 → "19.99", 1 → "0.01". Only whole, non-negative, safe integers are money. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`)
  const digits = String(cents).padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}

const VALUE = /^(\d+)\.(\d{2})$/

/** "19.99" → 1999; anything but digits, a point and two decimals is refused (Mollie's EUR format). */
export function valueToCents(value: string): number {
  const m = VALUE.exec(value)
  const cents = m ? Number(m[1]) * 100 + Number(m[2]) : Number.NaN
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount: ${value}`)
  return cents
}
