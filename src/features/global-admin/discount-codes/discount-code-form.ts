import type { AdminDiscountCode, DISCOUNT_DURATIONS } from '../../../../contract/global-billing'
import { formatDate, hundredthsText, parseDate, parseHundredths } from '../../../ui'

/*
 * A discount code as its form keeps it: the value as typed (a percentage such as 12,5 or an
 * amount in euro; both are hundredths: basis points or cents), days as dd-mm-yyyy, counts as
 * text. `discountInput` makes the contract's body of it.
 */
export type DiscountForm = {
  code: string
  type: 'percent' | 'fixed'
  value: string
  appliesTo: string[]
  validFrom: string
  expiresAt: string
  maxRedemptions: string
  maxPerOrganisation: string
  duration: (typeof DISCOUNT_DURATIONS)[number]
  durationPeriods: string
  active: boolean
}

export function discountForm(code: AdminDiscountCode | null, locale: string): DiscountForm {
  return {
    code: code?.code ?? '',
    type: code?.type ?? 'percent',
    value: code ? hundredthsText(code.value, locale) : '',
    appliesTo: code?.appliesTo ?? [],
    validFrom: formatDate(code?.validFrom),
    expiresAt: formatDate(code?.expiresAt),
    maxRedemptions: code?.maxRedemptions?.toString() ?? '',
    maxPerOrganisation: String(code?.maxPerOrganisation ?? 1),
    duration: code?.duration ?? 'once',
    durationPeriods: code?.durationPeriods?.toString() ?? '',
    active: code?.active ?? true,
  }
}

const wholeOrNull = (text: string): number | null | string => {
  const s = text.trim()
  if (!s) return null
  return /^\d{1,9}$/.test(s) ? Number(s) : s
}

/** A typed day as a moment: its start (valid from) or its last moment (valid until, inclusive). */
function dayMoment(text: string, end: boolean): string | null | 'invalid' {
  if (!text.trim()) return null
  const iso = parseDate(text)
  if (!iso) return 'invalid'
  const [y, m, d] = iso.split('-').map(Number)
  const at = end ? new Date(y, m - 1, d + 1, 0, 0, 0, -1) : new Date(y, m - 1, d)
  return at.toISOString()
}

export const discountInput = (v: DiscountForm) => {
  const value = parseHundredths(v.value)
  const validFrom = dayMoment(v.validFrom, false)
  const expiresAt = dayMoment(v.expiresAt, true)
  return {
    code: v.code.trim(),
    type: v.type,
    value: value === 'invalid' ? v.value : value,
    appliesTo: v.appliesTo,
    validFrom: validFrom === 'invalid' ? v.validFrom : validFrom,
    expiresAt: expiresAt === 'invalid' ? v.expiresAt : expiresAt,
    maxRedemptions: wholeOrNull(v.maxRedemptions),
    maxPerOrganisation: wholeOrNull(v.maxPerOrganisation),
    duration: v.duration,
    durationPeriods: v.duration === 'repeating' ? wholeOrNull(v.durationPeriods) : null,
    active: v.active,
  }
}

/** Clearer messages than the schema's for what was typed: an amount, a day. */
export function discountProblems(
  v: DiscountForm,
  texts: { amount: string; percent: string; day: string },
): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  if (v.value.trim() && parseHundredths(v.value) === 'invalid')
    out.value = v.type === 'percent' ? texts.percent : texts.amount
  if (dayMoment(v.validFrom, false) === 'invalid') out.validFrom = texts.day
  if (dayMoment(v.expiresAt, true) === 'invalid') out.expiresAt = texts.day
  return Object.keys(out).length ? out : undefined
}
