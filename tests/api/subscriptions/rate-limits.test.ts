import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { apiUrl } from '../../helpers/url'
import { billingApp, buy, option, trialOrganisation } from './fixtures'

/*
 * Issue 22: the payment paths are rate-limited like every code and payment path. A discount code
 * cannot be guessed by trying (30 tries per organisation per 15 minutes, then the spec's
 * TOO_MANY_REQUESTS); purchases are bounded likewise. Another organisation is not affected.
 */
const { app } = await billingApp()
const salon = await option(app, 'salon')

describe('billing rate limits', () => {
  it('subscriptions: discount codes — 30 wrong tries answer INVALID_DISCOUNT_CODE, the 31st 429; another organisation still asks', async () => {
    const org = await trialOrganisation(app)
    const other = await trialOrganisation(app)
    const ask = (o: typeof org, code: string) =>
      app.inject({
        url: apiUrl(API.subscriptions.discountCode, { org: o.id }, { code, optionId: salon.id, period: 'monthly' }),
        headers: o.owner.headers,
      })
    for (let i = 0; i < 30; i++) {
      const res = await ask(org, `GUESS${i}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('INVALID_DISCOUNT_CODE')
    }
    const blocked = await ask(org, 'GUESS30')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS')
    expect((await ask(other, 'GUESS0')).json().code).toBe('INVALID_DISCOUNT_CODE')
  })

  it('subscriptions: purchases — the 31st in 15 minutes is 429 and creates no payment', async () => {
    const org = await trialOrganisation(app)
    for (let i = 0; i < 30; i++) {
      const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
      expect(res.statusCode).toBe(201)
    }
    const blocked = await buy(app, org.id, org.owner.headers, {
      optionId: salon.id,
      period: 'monthly',
      autoExtend: true,
    })
    expect(blocked.statusCode).toBe(429)
    const list = await app.inject({
      url: apiUrl(API.subscriptions.payments, { org: org.id }),
      headers: org.owner.headers,
    })
    expect(list.json()).toHaveLength(30)
  })
})
