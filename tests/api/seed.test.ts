import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers, globalAdmins, organisations } from '../../server/db/schema'
import { seedOnStart } from '../../server/seed'
import { upsertGlobalAdmin } from '../../server/seed/global-admin'
import { buildTestApp } from '../helpers/app'
import { bearer } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp({
  seedDemo: true,
  publicUrl: 'http://localhost:3030',
  globalAdminEmail: 'Root@Example.test',
  globalAdminPassword: 'Root-Pass1',
})
const lines = await seedOnStart({ db: app.db, config: app.config, log: app.log })

const login = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() })

describe('seed on start', () => {
  it('prints how to sign in as staff, as customer (dev mailbox) and as global admin', () => {
    expect(lines).toContain('Staff sign-in: http://localhost:3030/demo/admin  —  eigenaar@demo.salon / Demo-Salon1')
    expect(lines).toContain(
      'Customer sign-in: http://localhost:3030/demo  —  klant@demo.salon, code from http://localhost:3030/dev/mailbox',
    )
    expect(lines.some((l) => l.startsWith('Global admin: http://localhost:3030/global-admin'))).toBe(true)
  })

  it('creates the demo organisation with two branches, eight customers with versions and 50 WhatsApp credits', async () => {
    const [org] = await app.db.select().from(organisations).where(eq(organisations.slug, 'demo'))
    expect(org).toMatchObject({ companyName: 'Salon Lumière', whatsappCredits: 50 })
    const rows = await app.db.select().from(customers).where(eq(customers.organisationId, org.id))
    expect(rows).toHaveLength(8)
    expect(rows.every((c) => c.version > 0 && c.salonIds.length > 0)).toBe(true)
    expect(rows.map((c) => c.email)).toContain('klant@demo.salon')
  })

  it('the owner signs in with every permission in both branches; the receptionist only in Amsterdam', async () => {
    const owner = await login(apiUrl(API.auth.login), { email: 'eigenaar@demo.salon', password: 'Demo-Salon1' })
    expect(owner.statusCode).toBe(200)
    const me = owner.json().employee
    expect(me.salons.map((s: { salonName: string }) => s.salonName)).toEqual(['Amsterdam Centrum', 'Utrecht'])
    expect(me.permissions).toContain('ownOrganisation')
    const salons = await app.inject({
      url: apiUrl(API.salons.list, { org: me.organisationId }),
      headers: bearer(owner.json().token),
    })
    expect(salons.json().find((s: { name: string }) => s.name === 'Amsterdam Centrum').customersCount).toBe(5)

    const balie = (
      await login(apiUrl(API.auth.login), {
        email: 'balie@demo.salon',
        password: 'Demo-Salon1',
      })
    ).json().employee
    expect(balie.salons).toEqual([
      {
        salonId: expect.any(String),
        salonName: 'Amsterdam Centrum',
        permissions: ['readCustomers', 'manageCustomers'],
      },
    ])
  })

  it('the demo team: preset roles, every status (active, invited, deactivated) on the employees screen', async () => {
    const owner = (
      await login(apiUrl(API.auth.login), { email: 'eigenaar@demo.salon', password: 'Demo-Salon1' })
    ).json()
    const org = owner.employee.organisationId
    const headers = bearer(owner.token)
    const team = (await app.inject({ url: apiUrl(API.employees.list, { org }), headers })).json() as {
      email: string
      status: string
    }[]
    expect(team.map((e) => e.status).sort()).toEqual(['active', 'active', 'active', 'active', 'deactivated', 'invited'])
    const roles = (await app.inject({ url: apiUrl(API.roles.list, { org }), headers })).json() as {
      name: string
    }[]
    expect(roles.map((r) => r.name)).toEqual(['Eigenaar', 'Manager', 'Receptie', 'Specialist'])
    const gone = team.find((e) => e.status === 'deactivated')!
    expect((await login(apiUrl(API.auth.login), { email: gone.email, password: 'Demo-Salon1' })).statusCode).toBe(401)
    expect(
      (await login(apiUrl(API.auth.login), { email: 'manager@demo.salon', password: 'Demo-Salon1' })).statusCode,
    ).toBe(200)
  })

  it('the demo customer receives a code in the dev mailbox', async () => {
    await login(apiUrl(API.auth.customerLoginRequest, { org: 'demo' }), { email: 'klant@demo.salon' })
    const box = await app.inject({ url: apiUrl(API.dev.mailbox, { to: 'klant@demo.salon' }) })
    expect(box.json().messages[0].subject).toContain('Salon Lumière')
    const page = await app.inject({ url: '/dev/mailbox?to=klant@demo.salon' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Je inlogcode is')
  })

  it('the dev mailbox answers only this machine: another address gets 404', async () => {
    const remote = { remoteAddress: '203.0.113.9' }
    expect((await app.inject({ url: apiUrl(API.dev.mailbox), ...remote })).statusCode).toBe(404)
    expect((await app.inject({ url: '/dev/mailbox', ...remote })).statusCode).toBe(404)
  })

  it('is idempotent: a second start adds nothing', async () => {
    await seedOnStart({ db: app.db, config: app.config, log: app.log })
    expect(await app.db.select().from(organisations)).toHaveLength(1)
    expect(await app.db.select().from(globalAdmins)).toHaveLength(1)
  })

  it('the global admin from the environment can sign in', async () => {
    const res = await login(apiUrl(API.auth.globalLogin), { email: 'root@example.test', password: 'Root-Pass1' })
    expect(res.statusCode).toBe(200)
  })

  it('create-global-admin: creates, then resets the password; refuses a weak password', async () => {
    expect(await upsertGlobalAdmin(app.db, { email: 'ops@example.test', password: 'Ops-Pass1', name: 'Ops' })).toBe(
      'created',
    )
    expect(await upsertGlobalAdmin(app.db, { email: 'ops@example.test', password: 'Ops-Pass2' })).toBe('updated')
    const res = await login(apiUrl(API.auth.globalLogin), { email: 'ops@example.test', password: 'Ops-Pass2' })
    // Issue 23: the password opens the second factor's set-up, never the session by itself.
    expect(res.json()).toMatchObject({ step: 'setup' })
    const [ops] = await app.db.select().from(globalAdmins).where(eq(globalAdmins.email, 'ops@example.test'))
    expect(ops.name).toBe('Ops')
    await expect(upsertGlobalAdmin(app.db, { email: 'weak@example.test', password: 'weak' })).rejects.toThrow()
  })
})
