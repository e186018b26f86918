/*
 * How amounts, rates and dates read on an invoice. Money is formatted from the integer cents'
 * digits (no float ever holds an amount): nl-NL "€ 1.234,56", "€ -1.234,56"; en "€1,234.56",
 * "-€1,234.56" — the same strings Intl's currency format gives, without its arithmetic.
 */

export type InvoiceLanguage = 'nl' | 'en'

const group = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator)

export function formatCents(cents: number, language: InvoiceLanguage): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`an amount must be whole cents: ${cents}`)
  const digits = String(Math.abs(cents)).padStart(3, '0')
  const euros = digits.slice(0, -2)
  const rest = digits.slice(-2)
  const sign = cents < 0 ? '-' : ''
  return language === 'nl' ? `€ ${sign}${group(euros, '.')},${rest}` : `${sign}€${group(euros, ',')}.${rest}`
}

/** A rate in basis points as a percentage: 2100 → "21%", 950 → "9,5%" (nl) / "9.5%" (en). */
export function formatRate(basisPoints: number, language: InvoiceLanguage): string {
  const whole = Math.trunc(basisPoints / 100)
  const fraction = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '')
  return `${whole}${fraction ? (language === 'nl' ? ',' : '.') + fraction : ''}%`
}

/** Invoices are Dutch documents: the calendar date in Amsterdam, dd-MM-yyyy (the spec's date format). */
const AMSTERDAM = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

export function formatDate(date: Date): string {
  const parts = Object.fromEntries(AMSTERDAM.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.day}-${parts.month}-${parts.year}`
}

/** A country code as its name in the invoice's language ("DE" → "Duitsland"); free text stays as typed. */
export function countryName(country: string, language: InvoiceLanguage): string {
  const code = country.trim()
  if (!/^[A-Za-z]{2}$/.test(code)) return code
  const upper = code.toUpperCase() === 'EL' ? 'GR' : code.toUpperCase()
  return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(upper) ?? upper
}
