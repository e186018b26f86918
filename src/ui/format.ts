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

/** dd-MM-yyyy typed by a user → yyyy-MM-dd for the API; null when it is not a real date. */
export function parseDate(text: string): string | null {
  const m = text.trim().match(/^(\d{1,2})-(\d{1,2})-(\d{4})$/)
  if (!m) return null
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(y, mo - 1, d)
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null
  return `${y}-${pad(mo)}-${pad(d)}`
}
