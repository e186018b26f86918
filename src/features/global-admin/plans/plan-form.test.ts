import { describe, expect, it } from 'vitest'
import { ZDiscountCodeCreate, ZSubscriptionOptionCreate } from '../../../../contract/global-billing'
import { discountForm, discountInput } from '../discount-codes/discount-code-form'
import { planForm, planInput } from './plan-form'

describe('global admin forms → contract bodies', () => {
  it('plan: euro text to exact cents, empty limits to null, a plan round-trips', () => {
    const body = ZSubscriptionOptionCreate.parse(
      planInput({
        ...planForm(null, 'nl', 10),
        code: 'pro',
        nameNl: 'Pro',
        nameEn: 'Pro',
        monthly: '19,99',
        yearly: '0.29',
        employees: '3',
      }),
    )
    expect(body).toMatchObject({
      monthlyPriceCents: 1999,
      yearlyPriceCents: 29,
      limits: { customers: null, employees: 3, salons: null },
      rank: 10,
    })
    const plan = { id: 'x', ...body, active: true }
    expect(ZSubscriptionOptionCreate.parse(planInput(planForm(plan, 'en', 0)))).toEqual(body)
  })

  it('plan: a price or limit that is not a number is refused on its field', () => {
    const r = ZSubscriptionOptionCreate.safeParse(
      planInput({
        ...planForm(null, 'nl', 1),
        code: 'pro',
        nameNl: 'a',
        nameEn: 'b',
        monthly: '1,999',
        yearly: '1',
        salons: 'two',
      }),
    )
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['limits.salons', 'monthlyPriceCents'])
  })

  it('discount: 12,5% is 1250 basis points, € 10,00 is 1000 cents, days span whole local days', () => {
    const base = { ...discountForm(null, 'nl'), code: 'WELKOM', duration: 'repeating' as const, durationPeriods: '3' }
    expect(ZDiscountCodeCreate.parse(discountInput({ ...base, value: '12,5' })).value).toBe(1250)
    expect(ZDiscountCodeCreate.parse(discountInput({ ...base, type: 'fixed', value: '10,00' })).value).toBe(1000)
    const dated = ZDiscountCodeCreate.parse(
      discountInput({ ...base, value: '5', validFrom: '01-03-2027', expiresAt: '31-03-2027' }),
    )
    expect(new Date(dated.validFrom ?? '').getDate()).toBe(1)
    expect(new Date(dated.expiresAt ?? '')).toEqual(new Date(2027, 2, 31, 23, 59, 59, 999))
    expect(discountInput({ ...base, duration: 'once' }).durationPeriods).toBeNull()
  })
})
