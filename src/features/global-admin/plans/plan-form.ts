import type { AdminSubscriptionOption, SubscriptionOptionCreate } from '../../../../contract/global-billing'
import { LIMITED_RESOURCES, type LimitedResource, type PlanFeature } from '../../../../contract/subscriptions'
import { hundredthsText, parseHundredths } from '../../../ui'

/*
 * A plan as its form keeps it: prices as typed euro text, limits and rank as text (empty limit:
 * no limit), names side by side. `planInput` makes the contract's body of it; `planField` says
 * which form field a body path's message belongs on.
 */
export type PlanForm = {
  code: string
  nameNl: string
  nameEn: string
  monthly: string
  yearly: string
  customers: string
  employees: string
  salons: string
  features: PlanFeature[]
  rank: string
  active: boolean
}

export function planForm(plan: AdminSubscriptionOption | null, locale: string, nextRank: number): PlanForm {
  return {
    code: plan?.code ?? '',
    nameNl: plan?.name.nl ?? '',
    nameEn: plan?.name.en ?? '',
    monthly: plan ? hundredthsText(plan.monthlyPriceCents, locale) : '',
    yearly: plan ? hundredthsText(plan.yearlyPriceCents, locale) : '',
    customers: plan?.limits.customers?.toString() ?? '',
    employees: plan?.limits.employees?.toString() ?? '',
    salons: plan?.limits.salons?.toString() ?? '',
    features: plan?.features ?? [],
    rank: String(plan?.rank ?? nextRank),
    active: plan?.active ?? true,
  }
}

/** A whole number typed; empty is null; anything else stays text so the schema refuses it. */
const wholeOrNull = (text: string): number | null | string => {
  const s = text.trim()
  if (!s) return null
  return /^\d{1,9}$/.test(s) ? Number(s) : s
}
const centsOf = (text: string): number | string | null => {
  const v = parseHundredths(text)
  return v === 'invalid' ? text : v
}

/** The contract's body (a text left where a number belongs is refused by the schema, on its field). */
export const planInput = (v: PlanForm): Record<keyof SubscriptionOptionCreate, unknown> => ({
  code: v.code.trim(),
  name: { nl: v.nameNl, en: v.nameEn },
  monthlyPriceCents: centsOf(v.monthly),
  yearlyPriceCents: centsOf(v.yearly),
  limits: Object.fromEntries(LIMITED_RESOURCES.map((r) => [r, wholeOrNull(v[r])])) as Record<LimitedResource, unknown>,
  features: v.features,
  rank: wholeOrNull(v.rank),
  active: v.active,
})

const FIELD_OF: Record<string, keyof PlanForm> = {
  'name.nl': 'nameNl',
  'name.en': 'nameEn',
  monthlyPriceCents: 'monthly',
  yearlyPriceCents: 'yearly',
  'limits.customers': 'customers',
  'limits.employees': 'employees',
  'limits.salons': 'salons',
}

export const planField = (path: string): string => FIELD_OF[path] ?? path.split('.')[0]

/** Messages the schema would give less clearly: a price that is not an amount in euro. */
export function planProblems(v: PlanForm, priceText: string): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const k of ['monthly', 'yearly'] as const) if (parseHundredths(v[k]) === 'invalid') out[k] = priceText
  return Object.keys(out).length ? out : undefined
}
