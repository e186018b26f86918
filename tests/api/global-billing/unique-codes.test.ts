import { describe, expect, it } from 'vitest'
import { API, type EndpointSpec } from '../../../contract/endpoints'
import { buildTestApp, unique } from '../../helpers/app'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { apiUrl } from '../../helpers/url'

/*
 * Issue 23: a plan code and a discount code are unique. A second create of one code answers the
 * catalogue's 409, also when both creates run at once: both pass the service's look-up and the
 * unique index refuses the second insert (on PostgreSQL; PGlite runs them one after the other).
 * Never a 500 from the index.
 */

const app = await buildTestApp()
const admin = await seedGlobalAdmin(app)

const post = (e: EndpointSpec, payload: object) =>
  app.inject({ method: e.method, url: apiUrl(e), headers: admin.headers, payload })

const plan = (code: string) => ({
  code,
  name: { nl: 'Dubbel', en: 'Twice' },
  monthlyPriceCents: 1000,
  yearlyPriceCents: 10000,
  limits: { customers: null, employees: null, salons: null },
  features: [],
  rank: 500,
  active: false,
})
const planCode = () => unique('p').toLowerCase()
const discountCode = () => unique('D').replace(/[^A-Za-z0-9]/g, '')
const discount = (code: string) => ({ code, type: 'percent', value: 1250, duration: 'once' })

const outcome = (answers: { statusCode: number; json: () => { code?: string } }[]) =>
  answers.map((a) => [a.statusCode, a.statusCode === 201 ? 'created' : a.json().code]).sort()

describe('unique codes', () => {
  it('plans: a second plan with the same code is SUBSCRIPTION_OPTION_CODE_TAKEN (409)', async () => {
    const code = planCode()
    expect((await post(API.globalSubscriptions.createOption, plan(code))).statusCode).toBe(201)
    const twice = await post(API.globalSubscriptions.createOption, plan(code))
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('SUBSCRIPTION_OPTION_CODE_TAKEN')
  })

  it('plans: two concurrent creates of one code: one 201, one 409', async () => {
    const code = planCode()
    const answers = await Promise.all([
      post(API.globalSubscriptions.createOption, plan(code)),
      post(API.globalSubscriptions.createOption, plan(code)),
    ])
    expect(outcome(answers)).toEqual([
      [201, 'created'],
      [409, 'SUBSCRIPTION_OPTION_CODE_TAKEN'],
    ])
    const all = (await app.inject({ url: apiUrl(API.globalSubscriptions.allOptions), headers: admin.headers })).json()
    expect(all.filter((o: { code: string }) => o.code === code)).toHaveLength(1)
  })

  it('discount codes: two concurrent creates of one code (in other letter case): one 201, one 409', async () => {
    const code = discountCode()
    const answers = await Promise.all([
      post(API.globalDiscountCodes.create, discount(code.toUpperCase())),
      post(API.globalDiscountCodes.create, discount(code.toLowerCase())),
    ])
    expect(outcome(answers)).toEqual([
      [201, 'created'],
      [409, 'DISCOUNT_CODE_TAKEN'],
    ])
  })

  it('discount codes: renaming two codes to one new code at once: one 200, one 409', async () => {
    const a = (await post(API.globalDiscountCodes.create, discount(discountCode()))).json()
    const b = (await post(API.globalDiscountCodes.create, discount(discountCode()))).json()
    const target = discountCode()
    const rename = (id: string) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.globalDiscountCodes.update, { id }),
        headers: admin.headers,
        payload: { code: target },
      })
    const answers = await Promise.all([rename(a.id), rename(b.id)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('DISCOUNT_CODE_TAKEN')
  })
})
