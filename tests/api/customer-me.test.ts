import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { customerActivities } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { bearer, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const STAFF_NOTE = 'Staff only: difficult client, check payment first'
const customer = await postCustomer(
  app,
  orgA.id,
  orgA.owner.headers,
  customerBody([orgA.salons[0].id], { notes: STAFF_NOTE }),
)
const { token } = await createSession(app.db, {
  kind: 'customer',
  subjectId: customer.id,
  organisationId: orgA.id,
  ttlHours: 1,
})
const me = apiUrl(API.customers.me, { org: orgA.id })

describe('GET/PUT /customers/me', () => {
  it('customer-me: a customer reads their own profile', async () => {
    const res = await app.inject({ method: 'GET', url: me, headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: customer.id, email: customer.email })
  })

  it('customer-me: a customer edits their profile fields and it is logged as profileUpdate', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: me,
      headers: bearer(token),
      payload: { city: 'Utrecht', phoneNumber: '+31611122233', dateOfBirth: '1985-12-31' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ city: 'Utrecht', phoneNumber: '+31611122233', dateOfBirth: '1985-12-31' })
    expect(res.json().version).toBeGreaterThan(customer.version)
    const acts = await app.db
      .select()
      .from(customerActivities)
      .where(and(eq(customerActivities.customerId, customer.id), eq(customerActivities.type, 'profileUpdate')))
    expect(acts).toHaveLength(1)
  })

  it('customer-me: fields outside the profile (e-mail, branches) are ignored, bad values refused', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: me,
      headers: bearer(token),
      payload: { email: 'new@example.test', salonIds: [orgB.salons[0].id], firstName: 'Fenna' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email: customer.email, salonIds: customer.salonIds, firstName: 'Fenna' })
    const bad = await app.inject({ method: 'PUT', url: me, headers: bearer(token), payload: { phoneNumber: '12' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.fields[0].path).toBe('phoneNumber')
  })

  it('customer-me: employees and anonymous callers are refused', async () => {
    expect((await app.inject({ method: 'GET', url: me })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: me, headers: orgA.owner.headers })).statusCode).toBe(403)
  })

  it('customer-me: a customer session of another organisation gets 404', async () => {
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.me, { org: orgB.id }),
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(404)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.updateMe, { org: orgB.id }),
      headers: bearer(token),
      payload: { city: 'X' },
    })
    expect(put.statusCode).toBe(404)
  })

  it('customer-me: staff notes never reach the customer (GET and PUT answers)', async () => {
    const get = await app.inject({ method: 'GET', url: me, headers: bearer(token) })
    expect(get.statusCode).toBe(200)
    expect(get.json()).not.toHaveProperty('notes')
    expect(get.body).not.toContain(STAFF_NOTE)
    const put = await app.inject({ method: 'PUT', url: me, headers: bearer(token), payload: { city: 'Delft' } })
    expect(put.statusCode).toBe(200)
    expect(put.json()).not.toHaveProperty('notes')
    expect(put.body).not.toContain(STAFF_NOTE)
    // Staff still read them.
    const staff = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: customer.id }),
      headers: orgA.owner.headers,
    })
    expect(staff.json().notes).toBe(STAFF_NOTE)
  })

  it('customer-me: the language switch stores the customer’s language; staff read it, others are refused', async () => {
    const res = await app.inject({ method: 'PUT', url: me, headers: bearer(token), payload: { language: 'en' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().language).toBe('en')
    expect((await app.inject({ method: 'GET', url: me, headers: bearer(token) })).json().language).toBe('en')
    const staff = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: customer.id }),
      headers: orgA.owner.headers,
    })
    expect(staff.json().language).toBe('en')
    const bad = await app.inject({ method: 'PUT', url: me, headers: bearer(token), payload: { language: 'de' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.fields[0].path).toBe('language')
    expect((await app.inject({ method: 'GET', url: me, headers: bearer(token) })).json().language).toBe('en')
  })

  it('customer-me: staff cannot set the customer’s language (it is the customer’s own)', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: customer.id }),
      headers: orgA.owner.headers,
      payload: { changes: { language: 'nl' } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().customer.language).toBe('en')
  })
})
