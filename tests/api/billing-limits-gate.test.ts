import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API, ENDPOINTS, type EndpointSpec, endpointName } from '../../contract/endpoints'
import { featuresOf, meetsNeed, PLAN_FEATURES, type PlanFeature } from '../../contract/subscriptions'
import { organisations } from '../../server/db/schema'
import { callerKindOf, planGated } from '../../server/http/handle'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { seedPlan, subscribe } from './billing-limits-fixtures'
import { fillUrl } from './route-table'

/*
 * Issue 22, the one plan gate in `handle`, checked for every definition as
 * tests/api/endpoint-handle.test.ts checks the policy: every handler is replaced by one that
 * answers 299 ("reached") and inputs are not validated, so what a call answers is the gate alone.
 * Expired: every write inside an organisation answers SUBSCRIPTION_EXPIRED, but billing, the
 * caller's own account and reads sent as POST; reads are reached. A plan without a feature: the
 * writes of that feature answer FEATURE_NOT_IN_PLAN; its reads are reached.
 */

const REACHED = 299
/** The definitions this build registers (billing's routes may still be on their way). */
const registered = new Set<unknown>()
const app = await buildTestApp(
  {},
  {
    onRoute: (r) => {
      if (!r.config?.endpoint) return
      registered.add(r.config.endpoint)
      const { params: _p, querystring: _q, body: _b, response: _r, ...rest } = r.schema ?? {}
      r.schema = rest
      r.handler = async (_req, reply) => reply.code(REACHED).send({ reached: true })
    },
  },
)

const call = (e: EndpointSpec, org: { id: string; salons: { id: string }[] }, headers: Record<string, string>) =>
  app.inject({ method: e.method, url: `/api${fillUrl(e.path, { org: org.id, salon: org.salons[0].id })}`, headers })

const tenant = ENDPOINTS.filter((e) => callerKindOf(e) === 'tenant' && registered.has(e))
const name = (e: EndpointSpec) => `${endpointName(e)} (${e.method} ${e.path})`

describe('plan gate: which definitions it applies to', () => {
  it('every write inside an organisation, but billing and the named exceptions', () => {
    const inOrganisation = ENDPOINTS.filter((e) => callerKindOf(e) === 'tenant')
    const exempt = inOrganisation.filter((e) => e.method !== 'GET' && !planGated(e)).map(endpointName)
    expect(exempt.sort()).toEqual(
      [
        'customers.search',
        'employees.activities',
        'employees.setKioskPin',
        'employees.setLanguage',
        'organisations.confirmEmail',
        'organisations.resendEmailConfirmation',
        'subscriptions.cancel',
        'subscriptions.optionPayment',
        // Billing too: credits may be bought while the plan is expired (they wait for a renewal).
        'whatsappCredits.creditPayment',
      ].sort(),
    )
    // Sign-in, password reset and the payment webhooks are public: no organisation to ask.
    expect(planGated(API.auth.loginInOrganisation)).toBe(false)
    expect(planGated(API.subscriptions.optionPaymentWebhook)).toBe(false)
    expect(planGated(API.sync.push)).toBe(true)
  })

  it('only writes name a plan feature (what was made before a downgrade stays readable)', () => {
    const reads = ENDPOINTS.filter((e) => e.feature && e.method === 'GET').map(name)
    expect(reads).toEqual([])
    const named = new Set(ENDPOINTS.flatMap((e) => (e.feature ? featuresOf(e.feature) : [])))
    // Every feature is gated somewhere (trainings since issue 24), but WhatsApp (its sends are gated by credits).
    expect([...named].sort()).toEqual(PLAN_FEATURES.filter((f) => f !== 'whatsapp').sort())
  })
})

describe('plan gate: an expired subscription makes the organisation read-only', () => {
  it('every gated write answers SUBSCRIPTION_EXPIRED; reads, billing and the exceptions are reached', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app), { expired: true })
    const wrong: string[] = []
    for (const e of tenant) {
      const res = await call(e, org, org.owner.headers)
      const expected = planGated(e) ? 402 : REACHED
      if (res.statusCode !== expected || (expected === 402 && res.json().code !== 'SUBSCRIPTION_EXPIRED'))
        wrong.push(`${name(e)}: ${res.statusCode} ${res.body}`)
    }
    expect(wrong).toEqual([])
  })

  it('the same organisation with a running subscription reaches every handler', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app))
    const wrong: string[] = []
    for (const e of tenant) {
      const res = await call(e, org, org.owner.headers)
      if (res.statusCode !== REACHED) wrong.push(`${name(e)}: ${res.statusCode} ${res.body}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('plan gate: a suspended organisation is read-only (issue 23)', () => {
  it('every gated write answers ORGANISATION_SUSPENDED, with or without a running subscription; reads are reached', async () => {
    const running = await seedOrganisation(app)
    await subscribe(app, running.id, await seedPlan(app))
    const without = await seedOrganisation(app)
    const wrong: string[] = []
    for (const org of [running, without]) {
      await app.db
        .update(organisations)
        .set({ suspendedAt: new Date(), suspendedReason: 'test' })
        .where(eq(organisations.id, org.id))
      for (const e of tenant) {
        const res = await call(e, org, org.owner.headers)
        const expected = planGated(e) ? 423 : REACHED
        if (res.statusCode !== expected || (expected === 423 && res.json().code !== 'ORGANISATION_SUSPENDED'))
          wrong.push(`${name(e)}: ${res.statusCode} ${res.body}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

/** Calls every definition under a plan of these features: a write whose need it misses is refused. */
async function underPlan(features: PlanFeature[]) {
  const org = await seedOrganisation(app)
  await subscribe(app, org.id, await seedPlan(app, { features }))
  const wrong: string[] = []
  for (const e of tenant) {
    const res = await call(e, org, org.owner.headers)
    const refused = e.feature !== undefined && !meetsNeed(e.feature, features)
    if (refused ? res.statusCode !== 402 || res.json().code !== 'FEATURE_NOT_IN_PLAN' : res.statusCode !== REACHED)
      wrong.push(`${name(e)}: ${res.statusCode} ${res.body}`)
  }
  return wrong
}

describe('plan gate: a feature outside the plan', () => {
  for (const feature of PLAN_FEATURES) {
    const gated = tenant.filter((e) => e.feature && featuresOf(e.feature).includes(feature))
    if (gated.length === 0) continue
    it(`${feature}: its writes answer FEATURE_NOT_IN_PLAN (unless another feature they accept is in), everything else is reached`, async () => {
      expect(await underPlan(PLAN_FEATURES.filter((f) => f !== feature))).toEqual([])
    })
  }

  it('uploads serve trainings too: a trainings-only plan uploads audio and PDFs; a plan without any of their features is refused', async () => {
    expect(featuresOf(API.uploads.audio.feature!)).toEqual(['grow', 'trainings'])
    expect(featuresOf(API.uploads.pdf.feature!)).toEqual(['documents', 'trainings'])
    const uploads = [API.uploads.audio, API.uploads.pdf]
    const answers = async (features: PlanFeature[]) => {
      const org = await seedOrganisation(app)
      await subscribe(app, org.id, await seedPlan(app, { features }))
      return Promise.all(uploads.map(async (e) => (await call(e, org, org.owner.headers)).json()))
    }
    expect(await answers(['trainings'])).toEqual([{ reached: true }, { reached: true }])
    // None of their features (only the others): refused, naming what would do.
    const refused = await answers(['whatsapp', 'skinAnalysis', 'customerImport'])
    expect(refused).toEqual(
      uploads.map((e) => ({
        code: 'FEATURE_NOT_IN_PLAN',
        message: expect.any(String),
        details: { feature: featuresOf(e.feature!)[0], anyOf: featuresOf(e.feature!) },
      })),
    )
  })

  it('an organisation without a subscription has every feature', async () => {
    const org = await seedOrganisation(app)
    const wrong: string[] = []
    for (const e of tenant.filter((x) => x.feature)) {
      const res = await call(e, org, org.owner.headers)
      if (res.statusCode !== REACHED) wrong.push(`${name(e)}: ${res.statusCode}`)
    }
    expect(wrong).toEqual([])
  })
})
