import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { employeeSalonRoles, employees, passwordResets } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { newEmployee, team } from './employees-fixtures'
import type { Query } from '../helpers/url'

// Issue 9: GET/POST /employees, PUT /employees/{id}, GET /employees/{id}/effectivePermissions.
const app = await buildTestApp({ publicUrl: 'https://salon.example' })
const api = team(app)

describe('GET /employees', () => {
  it('lists the employees of the branches the caller reads employees in, with only those branches', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a, b] = org.salons
    const hr = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], permissions: ['readEmployees'] })
    const inB = await seedEmployee(app, { organisationId: org.id, salonIds: [b.id], permissions: ['readCustomers'] })
    const owner = (await api.list(org.id, org.owner.headers)).json() as { id: string; access: unknown[] }[]
    expect(owner.map((e) => e.id).sort()).toEqual([org.owner.id, hr.id, inB.id].sort())
    const seen = (await api.list(org.id, hr.headers)).json() as { id: string; access: { salonId: string }[] }[]
    expect(seen.map((e) => e.id).sort()).toEqual([org.owner.id, hr.id].sort())
    // The owner works in both branches; HR sees only branch A's access role.
    expect(seen.find((e) => e.id === org.owner.id)?.access).toEqual([{ salonId: a.id, roleId: org.ownerRoleId }])
    expect(seen.find((e) => e.id === org.owner.id)).toMatchObject({ status: 'active', organisationId: org.id })
  })

  it('search (name, e-mail; case and diacritics ignored), branch and status filters', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a, b] = org.salons
    const role = await api.role(org.id, ['readCustomers'], org.owner.headers)
    const zoe = (await api.create(org.id, newEmployee([{ salonId: b.id, roleId: role }]), org.owner.headers)).json()
    const ids = async (q: Query) =>
      ((await api.list(org.id, org.owner.headers, q)).json() as { id: string }[]).map((e) => e.id)
    expect(await ids({ search: 'ZOE' })).toEqual([zoe.id])
    expect(await ids({ search: 'zoë bak' })).toEqual([zoe.id])
    expect(await ids({ search: zoe.email.slice(0, 9) })).toEqual([zoe.id])
    expect(await ids({ search: 'nobody-like-this' })).toEqual([])
    expect(await ids({ salonId: b.id })).toEqual(expect.arrayContaining([zoe.id, org.owner.id]))
    expect(await ids({ salonId: a.id })).not.toContain(zoe.id)
    expect(await ids({ status: 'invited' })).toEqual([zoe.id])
    expect(await ids({ status: 'active' })).toEqual([org.owner.id])
    expect(await ids({ status: 'deactivated' })).toEqual([])
  })

  it('a branch the caller may not read employees in is 403; another organisation’s branch 404; no permission 403', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const other = await seedOrganisation(app)
    const [a, b] = org.salons
    const hr = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], permissions: ['readEmployees'] })
    expect((await api.list(org.id, hr.headers, { salonId: b.id })).statusCode).toBe(403)
    expect((await api.list(org.id, hr.headers, { salonId: other.salons[0].id })).statusCode).toBe(404)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], permissions: ['readCustomers'] })
    expect((await api.list(org.id, clerk.headers)).statusCode).toBe(403)
    expect((await api.list(org.id, other.owner.headers)).statusCode).toBe(404)
  })
})

describe('POST /employees', () => {
  it('creates an invited employee, mails the invitation in their language and audits it (no secrets)', async () => {
    const org = await seedOrganisation(app)
    const a = org.salons[0]
    const role = await api.role(org.id, ['readCustomers', 'manageCustomers'], org.owner.headers)
    const body = newEmployee([{ salonId: a.id, roleId: role }], { language: 'nl' })
    const res = await api.create(org.id, body, org.owner.headers)
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      organisationId: org.id,
      firstName: 'Zoë',
      email: body.email,
      language: 'nl',
      status: 'invited',
      access: [{ salonId: a.id, roleId: role }],
    })
    const [row] = await app.db.select().from(employees).where(eq(employees.id, created.id))
    expect(row.passwordHash).toBeNull()
    const { mail, token } = await api.invitation(body.email)
    expect(mail?.subject).toBe(`Je bent uitgenodigd voor ${org.companyName}`)
    expect(mail?.text).toContain('https://salon.example/admin/set-password?token=')
    expect(mail?.text).toContain('7 dagen')
    const [link] = await app.db.select().from(passwordResets).where(eq(passwordResets.employeeId, created.id))
    expect(link).toMatchObject({ purpose: 'invitation', usedAt: null })
    expect(link.tokenHash).not.toBe(token)
    const days = (link.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThan(7.1)
    const [event] = await api.events(org.id, 'employeeCreate')
    expect(event.actorId).toBe(org.owner.id)
    expect(event.data).toMatchObject({ employeeId: created.id, email: body.email, access: body.access })
    expect(JSON.stringify(event.data)).not.toContain(token)
    // An English employee gets the English mail.
    const en = newEmployee([{ salonId: a.id, roleId: role }])
    await api.create(org.id, en, org.owner.headers)
    expect((await api.invitation(en.email)).mail?.subject).toBe(`You are invited to ${org.companyName}`)
  })

  it('validation: the spec’s branch access message verbatim, one role per branch, unknown or foreign roles and branches, a taken e-mail', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const other = await seedOrganisation(app)
    const [a] = org.salons
    const fields = async (payload: Record<string, unknown>) => {
      const res = await api.create(org.id, payload, org.owner.headers)
      expect(res.statusCode).toBe(400)
      return res.json().details.fields as { path: string; code: string; message: string }[]
    }
    expect(await fields(newEmployee([]))).toEqual([
      expect.objectContaining({
        path: 'access',
        code: 'branchAccess',
        message: 'At least one branch access role has to be selected for an employee.',
      }),
    ])
    const twice = await fields(
      newEmployee([
        { salonId: a.id, roleId: org.ownerRoleId },
        { salonId: a.id, roleId: org.ownerRoleId },
      ]),
    )
    expect(twice).toEqual([expect.objectContaining({ path: 'access.1.salonId', code: 'branchAccessOnePerBranch' })])
    const foreign = await fields(newEmployee([{ salonId: other.salons[0].id, roleId: other.ownerRoleId }]))
    expect(foreign).toEqual([
      expect.objectContaining({ path: 'access.0.salonId', code: 'branch', message: 'You must select a branch.' }),
      expect.objectContaining({ path: 'access.0.roleId', code: 'role', message: 'You must select a role.' }),
    ])
    const taken = await fields(newEmployee([{ salonId: a.id, roleId: org.ownerRoleId }], { email: other.owner.email }))
    expect(taken).toEqual([
      expect.objectContaining({
        path: 'email',
        code: 'employeeEmailTaken',
        message: 'An employee with this e-mail address already exists.',
      }),
    ])
    const blank = await fields({ ...newEmployee([{ salonId: a.id, roleId: org.ownerRoleId }]), firstName: ' ' })
    expect(blank.map((f) => f.path)).toEqual(['firstName'])
  })

  it('needs manageEmployees in every branch named; cross-tenant 404', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const other = await seedOrganisation(app)
    const [a, b] = org.salons
    const role = await api.role(org.id, [], org.owner.headers)
    const manager = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['readEmployees', 'manageEmployees'],
    })
    expect((await api.create(org.id, newEmployee([{ salonId: a.id, roleId: role }]), manager.headers)).statusCode).toBe(
      201,
    )
    const both = newEmployee([
      { salonId: a.id, roleId: role },
      { salonId: b.id, roleId: role },
    ])
    const res = await api.create(org.id, both, manager.headers)
    expect(res.statusCode).toBe(403)
    expect(await app.db.select().from(employees).where(eq(employees.email, both.email))).toEqual([])
    const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], permissions: ['readEmployees'] })
    expect((await api.create(org.id, newEmployee([{ salonId: a.id, roleId: role }]), reader.headers)).statusCode).toBe(
      403,
    )
    expect(
      (await api.create(org.id, newEmployee([{ salonId: a.id, roleId: role }]), other.owner.headers)).statusCode,
    ).toBe(404)
  })

  it('escalation guard: without managePermissions only roles whose permissions the caller holds there', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a, b] = org.salons
    const manager = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['readEmployees', 'manageEmployees', 'readCustomers', 'readSalons'],
    })
    const same = await api.role(org.id, ['readCustomers', 'readSalons'], org.owner.headers)
    const more = await api.role(org.id, ['readCustomers', 'manageCustomers'], org.owner.headers)
    const orgLevel = await api.role(org.id, ['readSubscription'], org.owner.headers)
    expect((await api.create(org.id, newEmployee([{ salonId: a.id, roleId: same }]), manager.headers)).statusCode).toBe(
      201,
    )
    for (const roleId of [more, orgLevel, org.ownerRoleId]) {
      const res = await api.create(org.id, newEmployee([{ salonId: a.id, roleId }]), manager.headers)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({
        code: 'ROLE_NOT_ASSIGNABLE',
        message: 'You can only assign roles with permissions you have yourself.',
      })
    }
    // Somebody with managePermissions assigns any role (spec §6), in the branches they manage.
    const admin = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [b.id],
      permissions: ['manageEmployees', 'managePermissions'],
    })
    expect(
      (await api.create(org.id, newEmployee([{ salonId: b.id, roleId: org.ownerRoleId }]), admin.headers)).statusCode,
    ).toBe(201)
  })
})

describe('GET /employees/{id}/effectivePermissions', () => {
  it('per visible branch: the roles and what they add up to (organisation-level everywhere, manageSalons all branches)', async () => {
    const org = await seedOrganisation(app, { salons: 3 })
    const [a, b, c] = org.salons
    const desk = await api.role(org.id, ['readCustomers', 'manageCustomers'], org.owner.headers)
    const boss = await api.role(org.id, ['readQuestionnaires', 'readSubscription'], org.owner.headers)
    const bas = (
      await api.create(
        org.id,
        newEmployee([
          { salonId: a.id, roleId: desk },
          { salonId: b.id, roleId: boss },
        ]),
        org.owner.headers,
      )
    ).json()
    const res = await api.effective(org.id, bas.id, org.owner.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      employeeId: bas.id,
      organisationPermissions: ['readSubscription'],
      branches: [
        {
          salonId: a.id,
          salonName: a.name,
          roles: [{ id: desk, name: expect.any(String) }],
          permissions: ['readSubscription', 'readCustomers', 'manageCustomers'],
        },
        {
          salonId: b.id,
          salonName: b.name,
          roles: [{ id: boss, name: expect.any(String) }],
          permissions: ['readSubscription', 'readQuestionnaires'],
        },
      ],
    })
    // manageSalons reaches branch C too, where no role is held.
    const salonsRole = await api.role(org.id, ['manageSalons', 'readCustomers'], org.owner.headers)
    await api.update(org.id, bas.id, { access: [{ salonId: a.id, roleId: salonsRole }] }, org.owner.headers)
    const all = (await api.effective(org.id, bas.id, org.owner.headers)).json()
    expect(all.branches.map((x: { salonId: string }) => x.salonId).sort()).toEqual([a.id, b.id, c.id].sort())
    expect(all.branches.find((x: { salonId: string }) => x.salonId === c.id)).toMatchObject({
      roles: [],
      permissions: ['manageSalons', 'readCustomers'],
    })
    // A reader of branch A only sees branch A.
    const hr = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], permissions: ['readEmployees'] })
    const fromA = (await api.effective(org.id, bas.id, hr.headers)).json()
    expect(fromA.branches.map((x: { salonId: string }) => x.salonId)).toEqual([a.id])
  })

  it('an employee the caller cannot see is 404; another organisation’s 404; no permission 403', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const other = await seedOrganisation(app)
    const [a, b] = org.salons
    const hr = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], permissions: ['readEmployees'] })
    const inB = await seedEmployee(app, { organisationId: org.id, salonIds: [b.id], permissions: [] })
    expect((await api.effective(org.id, inB.id, hr.headers)).statusCode).toBe(404)
    expect((await api.effective(org.id, other.owner.id, org.owner.headers)).statusCode).toBe(404)
    expect((await api.effective(org.id, inB.id, other.owner.headers)).statusCode).toBe(404)
    expect((await api.effective(org.id, hr.id, inB.headers)).statusCode).toBe(403)
  })
})

describe('PUT /employees/{id}', () => {
  it('changes details (version bump, audit before/after); an e-mail taken elsewhere is a field error', async () => {
    const org = await seedOrganisation(app)
    const other = await seedOrganisation(app)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const [before] = await app.db.select().from(employees).where(eq(employees.id, clerk.id))
    const res = await api.update(org.id, clerk.id, { firstName: 'Bas', language: 'nl' }, org.owner.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ firstName: 'Bas', language: 'nl', status: 'active' })
    expect(res.json().version).toBeGreaterThan(before.version)
    const [event] = await api.events(org.id, 'employeeUpdate')
    expect(event.data).toMatchObject({
      employeeId: clerk.id,
      fields: ['firstName', 'language'],
      changes: { firstName: { before: 'Test', after: 'Bas' } },
    })
    const taken = await api.update(org.id, clerk.id, { email: other.owner.email }, org.owner.headers)
    expect(taken.statusCode).toBe(400)
    expect(taken.json().details.fields).toEqual([
      expect.objectContaining({ path: 'email', code: 'employeeEmailTaken' }),
    ])
    // Their own address again is no change at all.
    expect((await api.update(org.id, clerk.id, { email: clerk.email }, org.owner.headers)).statusCode).toBe(200)
  })

  it('access replaces only the branches the caller manages employees in: the owner keeps her other branches', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a, b] = org.salons
    const manager = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['readEmployees', 'manageEmployees', 'managePermissions'],
    })
    const desk = await api.role(org.id, [], org.owner.headers)
    // A second owner, so the change below does not touch who is in charge.
    await seedEmployee(app, { organisationId: org.id, salonIds: [b.id], roleId: org.ownerRoleId })
    const res = await api.update(org.id, org.owner.id, { access: [{ salonId: a.id, roleId: desk }] }, manager.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().access).toEqual([{ salonId: a.id, roleId: desk }])
    const rows = await app.db.select().from(employeeSalonRoles).where(eq(employeeSalonRoles.employeeId, org.owner.id))
    expect(rows.map((r) => [r.salonId, r.roleId]).sort()).toEqual(
      [
        [a.id, desk],
        [b.id, org.ownerRoleId],
      ].sort(),
    )
    const [event] = await api.events(org.id, 'employeeUpdate')
    expect(event.data).toMatchObject({
      fields: ['access'],
      access: {
        before: expect.arrayContaining([{ salonId: a.id, roleId: org.ownerRoleId }]),
        after: expect.arrayContaining([{ salonId: a.id, roleId: desk }]),
      },
    })
    // Naming a branch the caller does not manage is refused.
    const into = await api.update(org.id, org.owner.id, { access: [{ salonId: b.id, roleId: desk }] }, manager.headers)
    expect(into.statusCode).toBe(403)
  })

  it('needs manageEmployees in every branch of the employee the caller sees; invisible employees and other tenants 404', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const other = await seedOrganisation(app)
    const [a, b] = org.salons
    const mixed = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id, b.id],
      permissions: ['readEmployees'],
    })
    const manager = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['manageEmployees'],
    })
    const inBoth = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id, b.id], permissions: [] })
    const inB = await seedEmployee(app, { organisationId: org.id, salonIds: [b.id], permissions: [] })
    // The reader of A and B who manages nowhere: 403.
    expect((await api.update(org.id, inBoth.id, { firstName: 'X' }, mixed.headers)).statusCode).toBe(403)
    expect((await api.update(org.id, inBoth.id, { firstName: 'X' }, manager.headers)).statusCode).toBe(200)
    expect((await api.update(org.id, inB.id, { firstName: 'X' }, manager.headers)).statusCode).toBe(404)
    expect((await api.update(org.id, other.owner.id, { firstName: 'X' }, org.owner.headers)).statusCode).toBe(404)
    expect((await api.update(org.id, inB.id, { firstName: 'X' }, other.owner.headers)).statusCode).toBe(404)
  })

  it('escalation guard on updates: no role beyond one’s own, no taking away or e-mail change of a stronger employee', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a] = org.salons
    const manager = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['readEmployees', 'manageEmployees', 'readCustomers'],
    })
    const weak = await api.role(org.id, ['readCustomers'], org.owner.headers)
    const strong = await api.role(org.id, ['readCustomers', 'manageCustomers'], org.owner.headers)
    const clerk = (await api.create(org.id, newEmployee([{ salonId: a.id, roleId: weak }]), manager.headers)).json()
    const up = await api.update(org.id, clerk.id, { access: [{ salonId: a.id, roleId: strong }] }, manager.headers)
    expect(up.json().code).toBe('ROLE_NOT_ASSIGNABLE')
    // The same access again (what a form sends back) is no grant.
    expect(
      (
        await api.update(
          org.id,
          clerk.id,
          { access: [{ salonId: a.id, roleId: weak }], lastName: 'Y' },
          manager.headers,
        )
      ).statusCode,
    ).toBe(200)
    // The owner's role in A cannot be taken away or changed by the branch manager ...
    const down = await api.update(org.id, org.owner.id, { access: [{ salonId: a.id, roleId: weak }] }, manager.headers)
    expect(down.json().code).toBe('ROLE_NOT_ASSIGNABLE')
    // ... nor her e-mail address (a reset mail would hand over the account) or status.
    const mail = await api.update(org.id, org.owner.id, { email: 'mine@example.test' }, manager.headers)
    expect(mail.statusCode).toBe(403)
    expect(mail.json().code).toBe('EMPLOYEE_OUTRANKS_CALLER')
    expect((await api.update(org.id, org.owner.id, { active: false }, manager.headers)).json().code).toBe(
      'EMPLOYEE_OUTRANKS_CALLER',
    )
    // Her name is fine.
    expect((await api.update(org.id, org.owner.id, { firstName: 'Eva' }, manager.headers)).statusCode).toBe(200)
  })
})
