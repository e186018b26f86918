import { count, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { PLAN_FEATURES } from '../../contract/subscriptions'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { customers, documents, skinAnalyses, syncLedger } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { seedCustomer } from '../helpers/customers'
import { seedOrganisation, type SeededOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { renew, seedPlan, subscribe } from './billing-limits-fixtures'
import { customerBody } from './customers-fixtures'

/*
 * Issue 22 with the real handlers: an expired organisation is read-only (writes 402 and change
 * nothing, reads 200, the tablet's push refused as a whole and nothing recorded), and a feature
 * outside the plan refuses its writes (REST and queued changes) while its reads keep working.
 * The gate's reach over every definition: billing-limits-gate.test.ts.
 */

const app = await buildTestApp()

const rows = async (
  table: typeof customers | typeof documents | typeof skinAnalyses | typeof syncLedger,
  org: string,
) => (await app.db.select({ n: count() }).from(table).where(eq(table.organisationId, org)))[0].n

const skinBody = () => ({
  id: uuidv7(),
  analysedOn: '2026-03-01',
  skinType: 'combination',
  fitzpatrick: 'III',
  findings: [{ concern: 'acne', zone: 'forehead', severity: 2 }],
  notes: '',
  photos: [],
})
const push = (org: SeededOrganisation, mutations: unknown[]) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.sync.push, { org: org.id, salon: org.salons[0].id }),
    headers: org.owner.headers,
    payload: { clientId: uuidv7(), schemaVersion: SYNC_SCHEMA_VERSION, mutations },
  })

describe('expired subscription: read-only', () => {
  it('writes answer SUBSCRIPTION_EXPIRED and change nothing; reads keep working; a renewal restores', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const existing = await seedCustomer(app, { organisationId: org.id, salonIds: [salonId] })
    await subscribe(app, org.id, await seedPlan(app), { expired: true })
    const headers = org.owner.headers

    const create = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers,
      payload: customerBody([salonId]),
    })
    expect(create.statusCode).toBe(402)
    expect(create.json()).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      message: 'Your subscription has expired: purchase a new subscription to make changes again.',
    })
    const edit = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: org.id, id: existing.id }),
      headers,
      payload: { changes: { firstName: 'Nieuw' } },
    })
    expect(edit.json().code).toBe('SUBSCRIPTION_EXPIRED')
    expect(await rows(customers, org.id)).toBe(1)

    // Reads: lists, a customer, the search sent as POST, the tablet's changes feed.
    const reads = [
      app.inject({ url: apiUrl(API.customers.list, { org: org.id }), headers }),
      app.inject({ url: apiUrl(API.customers.get, { org: org.id, id: existing.id }), headers }),
      app.inject({ method: 'POST', url: apiUrl(API.customers.search, { org: org.id }), headers, payload: {} }),
      app.inject({ url: apiUrl(API.salons.list, { org: org.id }), headers }),
      app.inject({ url: apiUrl(API.sync.changes, { org: org.id, salon: salonId }, { limit: '100' }), headers }),
    ]
    for (const res of await Promise.all(reads)) expect(res.statusCode, res.body).toBe(200)
    // The owner's own account still works (language), as signing in and out does.
    const language = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.setLanguage, { org: org.id }),
      headers,
      payload: { language: 'en' },
    })
    expect(language.statusCode).toBe(200)

    await renew(app, org.id)
    const again = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers,
      payload: customerBody([salonId]),
    })
    expect(again.statusCode).toBe(201)
  })

  it('sync: the push is refused as a whole (402) and nothing is recorded, so the same entries go later', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app), { expired: true })
    const mutation = {
      id: uuidv7(),
      seq: 1,
      name: 'customer.create',
      args: { ...customerBody([org.salons[0].id]), id: uuidv7() },
    }
    const refused = await push(org, [mutation])
    expect(refused.statusCode).toBe(402)
    expect(refused.json().code).toBe('SUBSCRIPTION_EXPIRED')
    expect(await rows(syncLedger, org.id)).toBe(0)
    expect(await rows(customers, org.id)).toBe(0)

    await renew(app, org.id)
    const sent = await push(org, [mutation])
    expect(sent.json().results[0].status).toBe('applied')
    expect(await rows(customers, org.id)).toBe(1)
  })

  it('an organisation without a subscription is never read-only', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: org.owner.headers,
      payload: customerBody([org.salons[0].id]),
    })
    expect(res.statusCode).toBe(201)
  })
})

describe('features outside the plan', () => {
  const without = (...features: string[]) => PLAN_FEATURES.filter((f) => !features.includes(f))

  it('documents: creating one answers FEATURE_NOT_IN_PLAN; the documents made before stay readable', async () => {
    const org = await seedOrganisation(app)
    const headers = org.owner.headers
    const body = { kind: 'consentForm', name: unique('Peeling '), text: '<p>Ik begrijp de risico’s.</p>' }
    const url = apiUrl(API.documents.create, { org: org.id })
    expect((await app.inject({ method: 'POST', url, headers, payload: body })).statusCode).toBe(201)
    await subscribe(app, org.id, await seedPlan(app, { features: without('documents') }))
    const refused = await app.inject({ method: 'POST', url, headers, payload: { ...body, name: unique('Laser ') } })
    expect(refused.statusCode).toBe(402)
    expect(refused.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', details: { feature: 'documents' } })
    expect(await rows(documents, org.id)).toBe(1)
    const list = await app.inject({ url: apiUrl(API.documents.list, { org: org.id }), headers })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toHaveLength(1)
  })

  it('skin analysis: REST save and a queued save are refused; reading the history works', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const customer = await seedCustomer(app, { organisationId: org.id, salonIds: [salonId] })
    await subscribe(app, org.id, await seedPlan(app, { features: without('skinAnalysis') }))
    const url = apiUrl(API.skinAnalyses.save, { org: org.id, salon: salonId, id: customer.id })
    const rest = await app.inject({ method: 'PUT', url, headers: org.owner.headers, payload: skinBody() })
    expect(rest.statusCode).toBe(402)
    expect(rest.json().code).toBe('FEATURE_NOT_IN_PLAN')
    expect((await app.inject({ url, headers: org.owner.headers })).statusCode).toBe(200)

    const queued = await push(org, [
      { id: uuidv7(), seq: 1, name: 'skinAnalysis.save', args: { ...skinBody(), customerId: customer.id, salonId } },
      {
        id: uuidv7(),
        seq: 2,
        name: 'customer.update',
        args: { id: customer.id, changes: { firstName: 'Eva' } },
      },
    ])
    expect(queued.statusCode).toBe(200)
    const [analysis, edit] = queued.json().results
    expect(analysis).toMatchObject({ status: 'rejected', code: 'FEATURE_NOT_IN_PLAN' })
    expect(edit.status).toBe('applied')
    expect(await rows(skinAnalyses, org.id)).toBe(0)
  })

  it('whatsapp: an advice notification by WhatsApp is refused, by e-mail it goes', async () => {
    const org = await seedOrganisation(app)
    const customer = await seedCustomer(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      allowed: ['email', 'whatsapp'],
      phone: '+31612345678',
    })
    await subscribe(app, org.id, await seedPlan(app, { features: without('whatsapp') }))
    const notify = (channel: string) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.customerAdvice.notify, { org: org.id, id: customer.id }),
        headers: org.owner.headers,
        payload: { channel },
      })
    const refused = await notify('whatsapp')
    expect(refused.statusCode).toBe(402)
    expect(refused.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', details: { feature: 'whatsapp' } })
    expect((await notify('email')).statusCode).toBe(200)
  })

  it('customer import: the dry run is refused up front, before a row is sent', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { features: without('customerImport') }))
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerImports.check, { org: org.id }),
      headers: org.owner.headers,
      payload: { emails: ['a@example.test'] },
    })
    expect(res.statusCode).toBe(402)
    expect(res.json().code).toBe('FEATURE_NOT_IN_PLAN')
  })
})
