import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { customers, organisations } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { bearer, seedOrganisation } from '../helpers/factories'
import { customerBody, newId, postCustomer } from './customers-fixtures'
import { client, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 7 #17: numbers as people type them, completed with the organisation's country, stored E.164.
const app = await buildTestApp()
const orgNl = await seedOrganisation(app)
const orgBe = await seedOrganisation(app)
await app.db.update(organisations).set({ country: 'België' }).where(eq(organisations.id, orgBe.id))
const nl1 = orgNl.salons[0].id
const url = (org: string) => apiUrl(API.customers.list, { org })
const storedPhone = async (id: string) =>
  (await app.db.select().from(customers).where(eq(customers.id, id)))[0]?.phoneNumber

describe('customers: phone numbers', () => {
  it('REST create: "0612345678" and "+31 6 1234 5678" are stored as +31612345678', async () => {
    for (const typed of ['0612345678', '+31 6 1234 5678', '06-12 34 56 78', '0031612345678']) {
      const c = await postCustomer(app, orgNl.id, orgNl.owner.headers, customerBody([nl1], { phoneNumber: typed }))
      expect(c.phoneNumber, typed).toBe('+31612345678')
      expect(await storedPhone(c.id)).toBe('+31612345678')
    }
  })

  it('a national number is read in the organisation’s own country (België → +32)', async () => {
    const c = await postCustomer(
      app,
      orgBe.id,
      orgBe.owner.headers,
      customerBody([orgBe.salons[0].id], { phoneNumber: '0470 12 34 56', alternatePhoneNumber: '+31 20 123 4567' }),
    )
    expect(c).toMatchObject({ phoneNumber: '+32470123456', alternatePhoneNumber: '+31201234567' })
  })

  it('REST update normalises too, and an unchanged number typed differently is no change', async () => {
    const c = await postCustomer(app, orgNl.id, orgNl.owner.headers, customerBody([nl1]))
    const put = (changes: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.customers.update, { org: orgNl.id, id: c.id }),
        headers: orgNl.owner.headers,
        payload: { changes },
      })
    const res = await put({ alternatePhoneNumber: '(020) 123 4567' })
    expect(res.statusCode).toBe(200)
    expect(res.json().customer.alternatePhoneNumber).toBe('+31201234567')
    const same = await put({ phoneNumber: '06 12345678' })
    expect(same.json().customer.version).toBe(res.json().customer.version)
  })

  it('not a number: 400 naming the field with the spec message, nothing written', async () => {
    const before = (await app.db.select().from(customers)).length
    for (const phoneNumber of ['12', '0612', 'call me', '06123456789012345']) {
      const res = await app.inject({
        method: 'POST',
        url: url(orgNl.id),
        headers: orgNl.owner.headers,
        payload: customerBody([nl1], { phoneNumber }),
      })
      expect(res.statusCode, phoneNumber).toBe(400)
      const field = res.json().details.fields.find((f: { path: string }) => f.path === 'phoneNumber')
      expect(field.message).toBe(
        'Phone number must be in the international format: a plus sign, then at least 7 digits.',
      )
    }
    expect((await app.db.select().from(customers)).length).toBe(before)
  })

  it('sync push: a create and an update with national numbers store E.164, a bad one is rejected', async () => {
    const c = client()
    const id = newId()
    const res = await push(app, {
      orgId: orgNl.id,
      salonId: nl1,
      headers: orgNl.owner.headers,
      clientId: c.clientId,
      mutations: [
        c.m('customer.create', { ...customerBody([nl1], { phoneNumber: '0612345678' }), id }),
        c.m('customer.update', { id, changes: { alternatePhoneNumber: '020-1234567' } }),
        c.m('customer.update', { id, changes: { phoneNumber: '0612' } }),
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected'])
    const [row] = await app.db.select().from(customers).where(eq(customers.id, id))
    expect(row).toMatchObject({ phoneNumber: '+31612345678', alternatePhoneNumber: '+31201234567' })
  })

  it('customer’s own profile (PUT /customers/me) normalises the same way', async () => {
    const c = await postCustomer(app, orgNl.id, orgNl.owner.headers, customerBody([nl1]))
    const { token } = await createSession(app.db, {
      kind: 'customer',
      subjectId: c.id,
      organisationId: orgNl.id,
      ttlHours: 1,
    })
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.updateMe, { org: orgNl.id }),
      headers: bearer(token),
      payload: { phoneNumber: '06 87654321' },
    })
    expect(res.statusCode).toBe(200)
    expect(await storedPhone(c.id)).toBe('+31687654321')
  })

  it('search finds a customer by the number as dialled at home', async () => {
    const c = await postCustomer(
      app,
      orgNl.id,
      orgNl.owner.headers,
      customerBody([nl1], { phoneNumber: '+31 6 5555 1234' }),
    )
    for (const search of ['06 5555 1234', '0655551234', '+31655551234']) {
      const res = await app.inject({
        method: 'GET',
        url: url(orgNl.id),
        headers: orgNl.owner.headers,
        query: { search },
      })
      expect(
        res.json().items.map((i: { id: string }) => i.id),
        search,
      ).toContain(c.id)
    }
  })

  it('the employee session carries the organisation’s dialling region', async () => {
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.employees.me, { org: orgBe.id }),
      headers: orgBe.owner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().phoneRegion ?? res.json().employee?.phoneRegion).toBe('BE')
  })
})
