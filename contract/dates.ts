/**
 * Calendar dates, one parser for the whole app (server and client). On the wire and in the
 * database a date is ISO yyyy-MM-dd; people type and read it as dd-mm-yyyy (spec §9).
 */

const pad = (n: number) => String(n).padStart(2, '0')

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/** Days in month `m` (1–12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28
  return [4, 6, 9, 11].includes(m) ? 30 : 31
}

/** A real calendar day (years 1000–9999: four digits, as typed and as stored). */
export const isRealDate = (y: number, m: number, d: number) =>
  Number.isInteger(y) &&
  Number.isInteger(m) &&
  Number.isInteger(d) &&
  y >= 1000 &&
  y <= 9999 &&
  m >= 1 &&
  m <= 12 &&
  d >= 1 &&
  d <= daysInMonth(y, m)

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** yyyy-MM-dd naming a real day ("2025-02-30" is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const m = value.match(ISO_RE)
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** yyyy-MM-dd → dd-mm-yyyy as shown in a date input; anything else is returned as it is. */
export function isoToDateText(value: string): string {
  const m = value.match(ISO_RE)
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value
}

/**
 * What a person typed in a date field. `format`: not shaped like dd-mm-yyyy; `date`: shaped
 * right but no such day (31-02-1990, 31-13-2025). Empty text is `empty`, not an error: whether
 * an answer is required is a separate rule.
 */
export type DateTextResult =
  | { ok: true; iso: string }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'format' | 'date' }

/** Day, month and year separated by -, / or . (one or two digits for day and month), or 8 digits. */
const TEXT_RE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/
const DIGITS_RE = /^(\d{2})(\d{2})(\d{4})$/

export function parseDateText(text: string): DateTextResult {
  const s = text.trim()
  if (!s) return { ok: false, reason: 'empty' }
  const m = s.match(TEXT_RE) ?? s.match(DIGITS_RE)
  if (!m) return { ok: false, reason: 'format' }
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!isRealDate(y, mo, d)) return { ok: false, reason: 'date' }
  return { ok: true, iso: `${y}-${pad(mo)}-${pad(d)}` }
}

/**
 * The text after a keystroke in a date field: the dashes are put in as digits are typed, so a
 * phone's number pad (which has no "-") is enough. Only when the person adds to the end of what
 * was there: deleting, or editing in the middle, is left exactly as typed.
 */
export function autoDashDateText(previous: string, typed: string): string {
  // A paste of eight bare digits (31121990) becomes 31-12-1990.
  if (typed.length > previous.length + 1 && DIGITS_RE.test(typed.trim()))
    return typed.trim().replace(DIGITS_RE, '$1-$2-$3')
  if (typed.length <= previous.length || !typed.startsWith(previous)) return typed
  // A dash typed where one was just put in is not doubled.
  if (typed === `${previous}-` && previous.endsWith('-')) return previous
  // 3112 → 31-12: digits typed past a full day or month get their dash first.
  const m = typed.match(/^(\d{2})(\d)$/) ?? typed.match(/^(\d{1,2}-\d{2})(\d)$/)
  if (m) return `${m[1]}-${m[2]}`
  if (/^\d{2}$/.test(typed) || /^\d{1,2}-\d{2}$/.test(typed)) return `${typed}-`
  return typed
}
