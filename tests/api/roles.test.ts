import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ORGANISATION_PERMISSIONS } from '../../contract/permissions'
import { auditEvents, roles } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const base = (org: string) => apiUrl(API.roles.list, { org })
type Headers = Record<string, string>
const put = (org: string, id: string, payload: Record<string, unknown>, headers: Headers) =>
  app.inject({ method: 'PUT', url: apiUrl(API.roles.update, { org, id }), headers, payload })
const post = (org: string, payload: Record<string, unknown>, headers: Headers) =>
  app.inject({ method: 'POST', url: base(org), headers, payload })
const eventsOf = (org: string, event: string) =>
  app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organisationId, org), eq(auditEvents.event, event)))

describe('GET /permissions/roles', () => {
  it('lists the organisation’s roles with their permissions and employee counts', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const desk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readCustomers'],
    })
    const res = await app.inject({ url: base(org.id), headers: org.owner.headers })
    expect(res.statusCode).toBe(200)
    const list = res.json() as { id: string; name: string; permissions: string[]; employeesCount: number }[]
    expect(list).toHaveLength(2)
    const owner = list.find((r) => r.id === org.ownerRoleId)
    expect(owner).toMatchObject({ name: 'Owner', employeesCount: 1 })
    expect(owner?.permissions).toContain('managePermissions')
    const deskRole = list.find((r) => r.id !== org.ownerRoleId)
    expect(deskRole).toMatchObject({ permissions: ['readCustomers'], employeesCount: 1 })
    // Employees who assign roles (readEmployees) see them too; a receptionist does not.
    const hr = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[1].id],
      permissions: ['readEmployees'],
    })
    expect((await app.inject({ url: base(org.id), headers: hr.headers })).statusCode).toBe(200)
    expect((await app.inject({ url: base(org.id), headers: desk.headers })).statusCode).toBe(403)
  })

  it('cross-tenant: another organisation’s list is 404', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    expect((await app.inject({ url: base(a.id), headers: b.owner.headers })).statusCode).toBe(404)
  })
})

describe('POST /permissions/roles', () => {
  it('creates a role (name trimmed, permissions once each) and audits createRole', async () => {
    const org = await seedOrganisation(app)
    const res = await post(
      org.id,
      { name: '  Receptionist  ', permissions: ['readCustomers', 'manageCustomers', 'readCustomers'] },
      org.owner.headers,
    )
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      name: 'Receptionist',
      permissions: ['readCustomers', 'manageCustomers'],
      employeesCount: 0,
    })
    const [event] = await eventsOf(org.id, 'createRole')
    expect(event).toMatchObject({ actorId: org.owner.id, data: { roleId: res.json().id } })
    const list = (await app.inject({ url: base(org.id), headers: org.owner.headers })).json()
    expect(list.map((r: { id: string }) => r.id)).toContain(res.json().id)
  })

  it('a name is required: the spec’s message, by its catalogue code', async () => {
    const org = await seedOrganisation(app)
    const res = await post(org.id, { name: '   ', permissions: [] }, org.owner.headers)
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toEqual([
      expect.objectContaining({ path: 'name', code: 'roleName', message: 'Role name is required.' }),
    ])
    const unknown = await post(org.id, { name: 'X', permissions: ['flyPlanes'] }, org.owner.headers)
    expect(unknown.statusCode).toBe(400)
  })

  it('a receptionist (no managePermissions) is refused with 403 and nothing is written', async () => {
    const org = await seedOrganisation(app)
    const desk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readCustomers', 'manageCustomers', 'manageEmployees'],
    })
    const res = await post(org.id, { name: 'Sneaky', permissions: ['managePermissions'] }, desk.headers)
    expect(res.statusCode).toBe(403)
    const rows = await app.db
      .select()
      .from(roles)
      .where(and(eq(roles.organisationId, org.id), eq(roles.name, 'Sneaky')))
    expect(rows).toEqual([])
  })
})

describe('PUT /permissions/roles/:id', () => {
  it('renames a role and changes its permissions; audits updateRole', async () => {
    const org = await seedOrganisation(app)
    const created = (await post(org.id, { name: 'Stylist', permissions: ['readCustomers'] }, org.owner.headers)).json()
    const renamed = await put(org.id, created.id, { name: ' Senior stylist ' }, org.owner.headers)
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Senior stylist', permissions: ['readCustomers'] })
    const changed = await put(
      org.id,
      created.id,
      { permissions: ['readCustomers', 'readQuestionnaires'] },
      org.owner.headers,
    )
    expect(changed.json()).toMatchObject({
      name: 'Senior stylist',
      permissions: ['readCustomers', 'readQuestionnaires'],
    })
    const events = await eventsOf(org.id, 'updateRole')
    expect(events).toHaveLength(2)
    expect(events.map((e) => (e.data as { fields: string[] }).fields)).toEqual(
      expect.arrayContaining([['name'], ['permissions']]),
    )
    const empty = await put(org.id, created.id, { name: '' }, org.owner.headers)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().details.fields[0]).toMatchObject({ path: 'name', code: 'roleName' })
  })

  it('cross-tenant: another organisation’s role is 404 and stays as it was', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await put(b.id, a.ownerRoleId, { name: 'Hijacked', permissions: [] }, b.owner.headers)
    expect(res.statusCode).toBe(404)
    const [row] = await app.db.select().from(roles).where(eq(roles.id, a.ownerRoleId))
    expect(row.name).toBe('Owner')
    expect((await put(a.id, a.ownerRoleId, { name: 'X' }, b.owner.headers)).statusCode).toBe(404)
  })

  it('a receptionist is refused with 403', async () => {
    const org = await seedOrganisation(app)
    const desk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readCustomers', 'manageCustomers'],
    })
    expect((await put(org.id, org.ownerRoleId, { name: 'Mine' }, desk.headers)).statusCode).toBe(403)
  })

  it('refuses to take managePermissions from the last employees who hold it; allowed while another keeps it', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const allButPermissions = ['ownOrganisation', 'manageSalons', 'readCustomers', 'manageCustomers']
    const res = await put(org.id, org.ownerRoleId, { permissions: allButPermissions }, org.owner.headers)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('LAST_PERMISSIONS_MANAGER')
    const [row] = await app.db.select().from(roles).where(eq(roles.id, org.ownerRoleId))
    expect(row.permissions).toContain('managePermissions')
    expect(await eventsOf(org.id, 'updateRole')).toEqual([])
    // A role nobody holds does not count as keeping someone in charge. (It holds every organisation
    // permission, so its holder below also keeps the organisation's last owner: LAST_OWNER.)
    const spare = (
      await post(org.id, { name: 'Spare', permissions: [...ORGANISATION_PERMISSIONS] }, org.owner.headers)
    ).json()
    expect((await put(org.id, org.ownerRoleId, { permissions: allButPermissions }, org.owner.headers)).statusCode).toBe(
      409,
    )
    // Once another employee holds managePermissions through another role, the owner role may lose it.
    const admin = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[1].id], roleId: spare.id })
    const ok = await put(org.id, org.ownerRoleId, { permissions: allButPermissions }, org.owner.headers)
    expect(ok.statusCode).toBe(200)
    // And now the spare role is the last one: taking it away is refused, renaming is fine.
    expect((await put(org.id, spare.id, { permissions: [] }, admin.headers)).statusCode).toBe(409)
    expect((await put(org.id, spare.id, { name: 'Admin' }, admin.headers)).statusCode).toBe(200)
  })

  it('a change applies to the next request of an employee holding the role', async () => {
    const org = await seedOrganisation(app)
    const role = (await post(org.id, { name: 'Desk', permissions: ['readCustomers'] }, org.owner.headers)).json()
    const desk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], roleId: role.id })
    const customersUrl = apiUrl(API.customers.list, { org: org.id })
    expect((await app.inject({ url: customersUrl, headers: desk.headers })).statusCode).toBe(200)
    expect((await app.inject({ url: base(org.id), headers: desk.headers })).statusCode).toBe(403)

    await put(org.id, role.id, { permissions: ['readEmployees'] }, org.owner.headers)
    // Same session, next request: customers are gone, roles are readable.
    expect((await app.inject({ url: customersUrl, headers: desk.headers })).statusCode).toBe(403)
    expect((await app.inject({ url: base(org.id), headers: desk.headers })).statusCode).toBe(200)
    const me = (await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: desk.headers })).json()
    expect(JSON.stringify(me)).toContain('readEmployees')
    expect(JSON.stringify(me)).not.toContain('readCustomers')
  })
})
