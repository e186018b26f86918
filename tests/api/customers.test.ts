import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditEvents, customers } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, newId, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const url = (org = orgA.id) => apiUrl(API.customers.list, { org })
const owner = orgA.owner.headers
// Receptionist: reads and manages customers in branch 1 only.
const desk = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const nobody = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: [] })

describe('POST /customers', () => {
  it('customers: creates a customer with every field and audits it', async () => {
    const body = customerBody([a1.id], {
      dateOfBirth: '1990-04-02',
      gender: 'female',
      alternatePhoneNumber: '+31201234567',
      address: 'Kerkstraat 2',
      city: 'Amsterdam',
      zipCode: '1011AB',
      notes: 'Prefers mornings',
      allowedMessagingTypes: ['email', 'whatsapp'],
      defaultMessagingType: 'whatsapp',
    })
    const res = await app.inject({ method: 'POST', url: url(), headers: owner, payload: body })
    expect(res.statusCode).toBe(201)
    const c = res.json()
    expect(c).toMatchObject({ ...body, email: body.email, fullName: `Anna ${body.lastName}`, deleted: false })
    expect(c.version).toBeGreaterThan(0)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerCreate'))
    expect(events.some((e) => (e.data as { customerId: string }).customerId === c.id)).toBe(true)
  })

  it('customers: a client-made id is kept (offline create)', async () => {
    const id = newId()
    const c = await postCustomer(app, orgA.id, owner, { ...customerBody([a1.id]), id })
    expect(c.id).toBe(id)
  })

  it('customers: invalid input is a 400 with the field and the spec message, nothing written', async () => {
    const before = (await app.db.select().from(customers)).length
    const res = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: customerBody([], { email: 'nope', phoneNumber: '0612' }),
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    const paths = body.details.fields.map((f: { path: string }) => f.path)
    expect(paths).toEqual(expect.arrayContaining(['email', 'salonIds', 'phoneNumber']))
    expect(body.details.fields.find((f: { path: string }) => f.path === 'email').message).toBe(
      'Valid email address is required.',
    )
    expect((await app.db.select().from(customers)).length).toBe(before)
  })

  it('customers: a default messaging type that is not allowed is refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: customerBody([a1.id], { defaultMessagingType: 'whatsapp', allowedMessagingTypes: ['email'] }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toEqual([
      {
        path: 'defaultMessagingType',
        code: 'customer.notificationType',
        params: {},
        message: 'Customer does not accept this notification type.',
      },
    ])
  })

  it('customers: an e-mail taken in the same branch is CUSTOMER_EMAIL_TAKEN (case-insensitive)', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const res = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: customerBody([a1.id], { email: c.email.toUpperCase() }),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'CUSTOMER_EMAIL_TAKEN',
      message: 'Customer with given email address already exists.',
    })
  })

  it('customers: an e-mail of another branch is offered, and assignExisting adds the branch', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
    const again = customerBody([a1.id], { email: c.email })
    const res = await app.inject({ method: 'POST', url: url(), headers: owner, payload: again })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'CUSTOMER_EXISTS_IN_OTHER_BRANCH', details: { customerId: c.id } })
    const assigned = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: { ...again, assignExisting: true },
    })
    expect(assigned.statusCode).toBe(200)
    expect(assigned.json().id).toBe(c.id)
    expect(assigned.json().salonIds.sort()).toEqual([a1.id, a2.id].sort())
    expect(assigned.json().version).toBeGreaterThan(c.version)
  })

  it('customers: the same e-mail may exist in another organisation', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([orgB.salons[0].id], { email: c.email }))
  })

  it('customers: creating needs manageCustomers in every branch given', async () => {
    const r1 = await app.inject({ method: 'POST', url: url(), headers: reader.headers, payload: customerBody([a1.id]) })
    expect(r1.statusCode).toBe(403)
    const r2 = await app.inject({
      method: 'POST',
      url: url(),
      headers: desk.headers,
      payload: customerBody([a1.id, a2.id]),
    })
    expect(r2.statusCode).toBe(403)
    expect(r2.json().code).toBe('FORBIDDEN')
  })

  it('customers: another organisation cannot create in our organisation or our branch', async () => {
    const r1 = await app.inject({
      method: 'POST',
      url: url(),
      headers: orgB.owner.headers,
      payload: customerBody([a1.id]),
    })
    expect(r1.statusCode).toBe(404)
    const r2 = await app.inject({
      method: 'POST',
      url: url(orgB.id),
      headers: orgB.owner.headers,
      payload: customerBody([a1.id]),
    })
    // Another organisation's branch answers as an unknown one (issue 21 #11).
    expect(r2.statusCode).toBe(404)
    expect(r2.json().code).toBe('SALON_NOT_FOUND')
  })

  it('customers: no session is 401', async () => {
    const res = await app.inject({ method: 'POST', url: url(), payload: customerBody([a1.id]) })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /customers/{id} and PUT', () => {
  it('customers: reads a customer and edits fields', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const got = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: c.id }),
      headers: reader.headers,
    })
    expect(got.statusCode).toBe(200)
    expect(got.json().email).toBe(c.email)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: c.id }),
      headers: desk.headers,
      payload: { changes: { city: 'Utrecht', notes: 'VIP' } },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({
      customer: { city: 'Utrecht', notes: 'VIP', gender: 'undefined' },
      conflicts: [],
    })
    expect(put.json().customer.version).toBeGreaterThan(c.version)
  })

  it('customers: an edit leaves fields it does not name untouched', async () => {
    const c = await postCustomer(
      app,
      orgA.id,
      owner,
      customerBody([a1.id], { gender: 'male', allowedMessagingTypes: ['whatsapp'], defaultMessagingType: 'whatsapp' }),
    )
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: c.id }),
      headers: owner,
      payload: { changes: { firstName: 'Bram' } },
    })
    expect(put.json().customer).toMatchObject({
      firstName: 'Bram',
      gender: 'male',
      defaultMessagingType: 'whatsapp',
      allowedMessagingTypes: ['whatsapp'],
    })
  })

  it('customers: invalid edits are 400 and change nothing', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    for (const changes of [{ email: 'x' }, { salonIds: [] }, { defaultMessagingType: 'whatsapp' }]) {
      const res = await app.inject({
        method: 'PUT',
        url: apiUrl(API.customers.update, { org: orgA.id, id: c.id }),
        headers: owner,
        payload: { changes },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    const after = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: c.id }),
      headers: owner,
    })
    expect(after.json().version).toBe(c.version)
  })

  it('customers: changing the e-mail to one in use is CUSTOMER_EMAIL_TAKEN', async () => {
    const c1 = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const c2 = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: c1.id }),
      headers: owner,
      payload: { changes: { email: c2.email } },
    })
    expect(res.statusCode).toBe(409)
  })

  it('customers: without readCustomers a customer cannot be read', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: c.id }),
      headers: nobody.headers,
    })
    expect(res.statusCode).toBe(404)
  })

  it('customers: an employee without access to any of the branches of a customer gets 404', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: c.id }),
      headers: desk.headers,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('CUSTOMER_NOT_FOUND')
  })

  it('customers: editing needs manageCustomers; adding a branch needs it there too', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const r1 = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: c.id }),
      headers: reader.headers,
      payload: { changes: { city: 'X' } },
    })
    expect(r1.statusCode).toBe(403)
    const r2 = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: c.id }),
      headers: desk.headers,
      payload: { changes: { salonIds: [a1.id, a2.id] } },
    })
    expect(r2.statusCode).toBe(403)
  })

  it('customers: another organisation cannot read or change a customer', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    for (const u of [
      apiUrl(API.customers.get, { org: orgA.id, id: c.id }),
      apiUrl(API.customers.get, { org: orgB.id, id: c.id }),
    ]) {
      const get = await app.inject({ method: 'GET', url: u, headers: orgB.owner.headers })
      expect(get.statusCode).toBe(404)
      const put = await app.inject({
        method: 'PUT',
        url: u,
        headers: orgB.owner.headers,
        payload: { changes: { city: 'Hacked' } },
      })
      expect(put.statusCode).toBe(404)
    }
    const after = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: c.id }),
      headers: owner,
    })
    expect(after.json().city).toBeNull()
  })

  it('customers: a malformed id is a 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.get, { org: orgA.id, id: 'not-a-uuid' }),
      headers: owner,
    })
    expect(res.statusCode).toBe(400)
  })
})
