import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, salons } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const base = (org: string) => apiUrl(API.salons.list, { org })

describe('GET /salons', () => {
  it('lists branches with customer and employee counts', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a, b] = org.salons
    await insertCustomer(app, { organisationId: org.id, salonIds: [a.id] })
    await insertCustomer(app, { organisationId: org.id, salonIds: [a.id, b.id] })
    await insertCustomer(app, { organisationId: org.id, salonIds: [a.id], deleted: true })
    await seedEmployee(app, { organisationId: org.id, salonIds: [b.id], permissions: ['readCustomers'] })
    const res = await app.inject({ url: base(org.id), headers: org.owner.headers })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list).toHaveLength(2)
    const byId = Object.fromEntries(list.map((s: { id: string }) => [s.id, s]))
    expect(byId[a.id]).toMatchObject({ name: a.name, customersCount: 2, employeesCount: 1, organisationId: org.id })
    expect(byId[b.id]).toMatchObject({ customersCount: 1, employeesCount: 2 })
  })

  it('a branch counts exactly the employees its filtered employee list shows (a new branch: none)', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[1].id], permissions: ['readCustomers'] })
    const created = await app.inject({
      method: 'POST',
      url: base(org.id),
      headers: org.owner.headers,
      payload: { name: 'Nieuw' },
    })
    expect(created.statusCode).toBe(201)
    const branches = (await app.inject({ url: base(org.id), headers: org.owner.headers })).json() as {
      id: string
      employeesCount: number
    }[]
    expect(branches).toHaveLength(3)
    for (const b of branches) {
      const listed = await app.inject({
        url: apiUrl(API.employees.list, { org: org.id }, { salonId: b.id }),
        headers: org.owner.headers,
      })
      expect(listed.json(), b.id).toHaveLength(b.employeesCount)
    }
    expect(branches.find((b) => b.id === created.json().id)?.employeesCount).toBe(0)
  })

  it('an employee without readSalons sees only the branches granted to them', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const clerk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[1].id],
      permissions: ['readCustomers'],
    })
    const list = (await app.inject({ url: base(org.id), headers: clerk.headers })).json()
    expect(list.map((s: { id: string }) => s.id)).toEqual([org.salons[1].id])
    const other = await app.inject({
      url: apiUrl(API.salons.get, { org: org.id, salon: org.salons[0].id }),
      headers: clerk.headers,
    })
    expect(other.statusCode).toBe(404)
  })

  it('the receptionist (customer rights in one branch, no readSalons) lists only her own branch', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const desk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readCustomers', 'manageCustomers'],
    })
    const list = (await app.inject({ url: base(org.id), headers: desk.headers })).json()
    expect(list.map((s: { id: string }) => s.id)).toEqual([org.salons[0].id])
    const all = (await app.inject({ url: base(org.id), headers: org.owner.headers })).json()
    expect(all).toHaveLength(2)
  })

  it('cross-tenant: another organisation’s list and branch are 404', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    expect((await app.inject({ url: base(a.id), headers: b.owner.headers })).statusCode).toBe(404)
    // Through its own organisation path, another organisation's branch id is simply not found.
    const res = await app.inject({
      url: apiUrl(API.salons.get, { org: b.id, salon: a.salons[0].id }),
      headers: b.owner.headers,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('SALON_NOT_FOUND')
    expect(
      (await app.inject({ url: apiUrl(API.salons.get, { org: b.id, salon: 'not-a-uuid' }), headers: b.owner.headers }))
        .statusCode,
    ).toBe(400)
  })
})

describe('POST /salons', () => {
  it('creates a branch with a sync version; the creator sees it in /employees/me', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: base(org.id),
      headers: org.owner.headers,
      payload: { name: '  Utrecht  ' },
    })
    expect(res.statusCode).toBe(201)
    const salon = res.json()
    // Nobody holds a role in a new branch yet: it counts no one, as its filtered employee list shows
    // (issue 21 #18); the owner (manageSalons) still works in it.
    expect(salon).toMatchObject({ name: 'Utrecht', customersCount: 0, employeesCount: 0, organisationId: org.id })
    expect(salon.version).toBeGreaterThan(0)
    const me = (await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })).json()
    expect(me.salons.map((s: { salonId: string }) => s.salonId)).toContain(salon.id)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(events.map((e) => e.event)).toContain('salonCreate')
  })

  it('validation: an empty name is 400 with the spec message', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: base(org.id),
      headers: org.owner.headers,
      payload: { name: ' ' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields[0]).toMatchObject({ path: 'name', message: 'Branch name is required.' })
  })

  it('permission: without manageSalons it is 403 and nothing is created', async () => {
    const org = await seedOrganisation(app)
    const reader = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readSalons', 'manageCustomers'],
    })
    const res = await app.inject({ method: 'POST', url: base(org.id), headers: reader.headers, payload: { name: 'X' } })
    expect(res.statusCode).toBe(403)
    const rows = await app.db.select().from(salons).where(eq(salons.organisationId, org.id))
    expect(rows).toHaveLength(1)
  })

  it('cross-tenant: creating under another organisation is 404', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await app.inject({ method: 'POST', url: base(a.id), headers: b.owner.headers, payload: { name: 'X' } })
    expect(res.statusCode).toBe(404)
  })
})

describe('GET and PUT /salons/{salon}', () => {
  it('reads and renames a branch; the version moves forward', async () => {
    const org = await seedOrganisation(app)
    const id = org.salons[0].id
    const before = (
      await app.inject({ url: apiUrl(API.salons.get, { org: org.id, salon: id }), headers: org.owner.headers })
    ).json()
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.salons.update, { org: org.id, salon: id }),
      headers: org.owner.headers,
      payload: { name: 'Rotterdam' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().name).toBe('Rotterdam')
    expect(res.json().version).toBeGreaterThan(before.version)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(events.map((e) => e.event)).toContain('salonUpdate')
  })

  it('validation: an empty name is 400', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.salons.update, { org: org.id, salon: org.salons[0].id }),
      headers: org.owner.headers,
      payload: { name: '' },
    })
    expect(res.statusCode).toBe(400)
  })

  it('permission: without manageSalons it is 403', async () => {
    const org = await seedOrganisation(app)
    const clerk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readSalons'],
    })
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.salons.update, { org: org.id, salon: org.salons[0].id }),
      headers: clerk.headers,
      payload: { name: 'Nope' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('cross-tenant: renaming another organisation’s branch is 404 and changes nothing', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.salons.update, { org: b.id, salon: a.salons[0].id }),
      headers: b.owner.headers,
      payload: { name: 'Hacked' },
    })
    expect(res.statusCode).toBe(404)
    const [row] = await app.db.select().from(salons).where(eq(salons.id, a.salons[0].id))
    expect(row.name).toBe(a.salons[0].name)
  })
})
