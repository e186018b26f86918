import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerConflicts } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1] = orgA.salons
const url = apiUrl(API.customers.list, { org: orgA.id })
const owner = orgA.owner.headers
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })

const put = (id: string, payload: unknown, headers = owner) =>
  app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload: payload as object })

describe('PUT /customers/{id}: field-by-field merge', () => {
  it('customers: two edits of different fields based on the same version both survive', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const r1 = await put(c.id, { changes: { city: 'Utrecht' }, base: { city: null } })
    const r2 = await put(c.id, { changes: { notes: 'Allergic to latex' }, base: { notes: null } })
    expect(r1.json().conflicts).toEqual([])
    expect(r2.json()).toMatchObject({ customer: { city: 'Utrecht', notes: 'Allergic to latex' }, conflicts: [] })
  })

  it('customers: a same-field clash keeps the first committed value and logs the other', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { city: 'Haarlem' }))
    await put(c.id, { changes: { city: 'Utrecht' }, base: { city: 'Haarlem' } })
    const late = await put(c.id, {
      changes: { city: 'Leiden', zipCode: '2311AA' },
      base: { city: 'Haarlem', zipCode: null },
    })
    expect(late.statusCode).toBe(200)
    expect(late.json()).toMatchObject({ customer: { city: 'Utrecht', zipCode: '2311AA' }, conflicts: ['city'] })

    const list = await app.inject({ method: 'GET', url: `${url}/${c.id}/conflicts`, headers: reader.headers })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toHaveLength(1)
    expect(list.json()[0]).toMatchObject({
      customerId: c.id,
      field: 'city',
      keptValue: 'Utrecht',
      rejectedValue: 'Leiden',
      employeeId: orgA.owner.id,
      resolvedAt: null,
    })

    const conflictId = list.json()[0].id
    const denied = await app.inject({
      method: 'POST',
      url: `${url}/${c.id}/conflicts/${conflictId}/resolve`,
      headers: reader.headers,
    })
    expect(denied.statusCode).toBe(403)
    const resolved = await app.inject({
      method: 'POST',
      url: `${url}/${c.id}/conflicts/${conflictId}/resolve`,
      headers: owner,
    })
    expect(resolved.statusCode).toBe(200)
    expect(resolved.json().resolvedAt).not.toBeNull()
    expect(resolved.json().version).toBeGreaterThan(list.json()[0].version)
  })

  it('customers: an edit to the value the server already has is no clash and no write', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { city: 'Haarlem' }))
    await put(c.id, { changes: { city: 'Utrecht' }, base: { city: 'Haarlem' } })
    const same = await put(c.id, { changes: { city: 'Utrecht' }, base: { city: 'Haarlem' } })
    expect(same.json().conflicts).toEqual([])
    const rows = await app.db.select().from(customerConflicts).where(eq(customerConflicts.customerId, c.id))
    expect(rows).toHaveLength(0)
  })

  it('customers: set fields compare without order (branches, messaging types)', async () => {
    const [, a2] = orgA.salons
    const c = await postCustomer(
      app,
      orgA.id,
      owner,
      customerBody([a1.id, a2.id], { allowedMessagingTypes: ['email', 'whatsapp'] }),
    )
    const res = await put(c.id, {
      changes: { allowedMessagingTypes: ['email'] },
      base: { allowedMessagingTypes: ['whatsapp', 'email'] },
    })
    expect(res.json()).toMatchObject({ customer: { allowedMessagingTypes: ['email'] }, conflicts: [] })
    const moved = await put(c.id, { changes: { salonIds: [a2.id] }, base: { salonIds: [a2.id, a1.id] } })
    expect(moved.json()).toMatchObject({ customer: { salonIds: [a2.id] }, conflicts: [] })
  })

  it('customers: a merged row that breaks a whole-row rule is refused as a whole', async () => {
    const c = await postCustomer(
      app,
      orgA.id,
      owner,
      customerBody([a1.id], { allowedMessagingTypes: ['email', 'whatsapp'], defaultMessagingType: 'whatsapp' }),
    )
    const res = await put(c.id, { changes: { allowedMessagingTypes: ['email'], city: 'Delft' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields[0].path).toBe('defaultMessagingType')
    const got = await app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: owner })
    expect(got.json()).toMatchObject({ city: null, version: c.version })
  })

  it('customers: conflicts of another organisation are 404, bad ids 400', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { city: 'A' }))
    await put(c.id, { changes: { city: 'B' }, base: { city: 'A' } })
    await put(c.id, { changes: { city: 'C' }, base: { city: 'A' } })
    const [conflict] = await app.db.select().from(customerConflicts).where(eq(customerConflicts.customerId, c.id))
    const b = orgB.owner.headers
    expect((await app.inject({ method: 'GET', url: `${url}/${c.id}/conflicts`, headers: b })).statusCode).toBe(404)
    const orgBUrl = apiUrl(API.customers.get, { org: orgB.id, id: c.id })
    expect((await app.inject({ method: 'GET', url: `${orgBUrl}/conflicts`, headers: b })).statusCode).toBe(404)
    const res = await app.inject({ method: 'POST', url: `${orgBUrl}/conflicts/${conflict.id}/resolve`, headers: b })
    expect(res.statusCode).toBe(404)
    const bad = await app.inject({ method: 'POST', url: `${url}/${c.id}/conflicts/nope/resolve`, headers: owner })
    expect(bad.statusCode).toBe(400)
    const [still] = await app.db.select().from(customerConflicts).where(eq(customerConflicts.id, conflict.id))
    expect(still.resolvedAt).toBeNull()
  })
})
