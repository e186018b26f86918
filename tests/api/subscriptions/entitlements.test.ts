import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { TRIAL_DAYS } from '../../../contract/subscriptions'
import { subscriptions } from '../../../server/db/schema'
import { currentEntitlements, usageOf } from '../../../server/services/billing/entitlements'
import { listOptionRows } from '../../../server/services/billing/plans'
import { buildTestApp } from '../../helpers/app'
import { seedOrganisation } from '../../helpers/factories'
import { freshIp, signupInput } from '../../helpers/signup'
import { apiUrl } from '../../helpers/url'

const app = await buildTestApp()
const DAY = 86_400_000

describe('billing: plans, trial and entitlements', () => {
  it('plans: the three plans exist on every database, cheapest first', async () => {
    const plans = await listOptionRows(app.db)
    expect(plans.map((p) => [p.code, p.monthlyPriceCents, p.yearlyPriceCents, p.maxCustomers])).toEqual([
      ['start', 2900, 29000, 250],
      ['salon', 5900, 59000, 2500],
      ['growth', 9900, 99000, null],
    ])
  })

  it('trial: a new organisation gets TRIAL_DAYS of the middle plan with full access', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.organisations.create),
      payload: signupInput(),
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(201)
    const orgId = res.json().organisation.id as string
    const now = new Date()
    const e = await currentEntitlements(app.db, orgId, now)
    expect(e).toMatchObject({ access: 'full', trial: true, displayStatus: 'active' })
    expect(e.option?.code).toBe('salon')
    expect(e.limits).toEqual({ customers: 2500, employees: 10, salons: 3 })
    expect(e.features).toContain('whatsapp')
    expect(e.features).not.toContain('trainings')
    expect(Math.round((new Date(e.validTo!).getTime() - now.getTime()) / DAY)).toBe(TRIAL_DAYS)
    // After the trial: read-only, nothing removed.
    const later = await currentEntitlements(app.db, orgId, new Date(now.getTime() + (TRIAL_DAYS + 1) * DAY))
    expect(later).toMatchObject({ access: 'readOnly', displayStatus: 'expired' })
    expect(await usageOf(app.db, orgId)).toEqual({ customers: 0, employees: 1, salons: 1 })
  })

  it('entitlements: an organisation from before billing (no subscription) keeps full access without limits', async () => {
    const org = await seedOrganisation(app)
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.organisationId, org.id))).length).toBe(0)
    const e = await currentEntitlements(app.db, org.id, new Date())
    expect(e).toMatchObject({ access: 'full', limits: { customers: null, employees: null, salons: null } })
  })
})
