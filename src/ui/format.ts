import { parseDateText } from '../../contract/dates'

/** Spec §9 date format: dd-MM-yyyy, and dd-MM-yyyy HH:mm with time (local time). */
const pad = (n: number) => String(n).padStart(2, '0')

function toDate(value: string | Date): Date | null {
  // A bare ISO date (yyyy-MM-dd) is a calendar date: read it as local, not as UTC midnight.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number)
    return new Date(y, m - 1, d)
  }
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

export function formatDate(value: string | Date | null | undefined): string {
  const d = value ? toDate(value) : null
  return d ? `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}` : ''
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const d = value ? toDate(value) : null
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : ''
}

/** dd-mm-yyyy typed by a user → yyyy-MM-dd; null when it is not a real date (the one parser: contract/dates). */
export function parseDate(text: string): string | null {
  const r = parseDateText(text)
  return r.ok ? r.iso : null
}

/**
 * A number as the reader writes it (Intl, the UI language's locale from `common.locale`): "1,5"
 * in Dutch, "1.5" in English. Answers get no thousands grouping: a year or a code typed as a
 * number must not read "1.990".
 */
export function formatNumber(value: number, locale: string, opts: { grouping?: boolean } = {}): string {
  if (!Number.isFinite(value)) return String(value)
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: opts.grouping ?? true }).format(value)
}

/**
 * Money is integer cents everywhere (contract/subscriptions.ts): shown as euros in the reader's
 * locale (`common.locale`), "€ 1.234,50" in Dutch, "€1,234.50" in English.
 */
export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100)
}
