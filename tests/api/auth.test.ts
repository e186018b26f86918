import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

const login = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() })

describe('employee login', () => {
  it('signs in at /{org} by id and by slug, and at /admin without an organisation', async () => {
    const org = await seedOrganisation(app)
    const body = { email: org.owner.email, password: TEST_PASSWORD }
    for (const url of [
      apiUrl(API.auth.loginInOrganisation, { org: org.id }),
      apiUrl(API.auth.loginInOrganisation, { org: org.slug }),
      apiUrl(API.auth.login),
    ]) {
      const res = await login(url, body)
      expect(res.statusCode).toBe(200)
      const s = res.json()
      expect(s.token).toBeTruthy()
      expect(s.employee).toMatchObject({ id: org.owner.id, organisationId: org.id, organisationSlug: org.slug })
      expect(s.employee.salons[0].permissions).toContain('manageCustomers')
      const me = await app.inject({
        url: apiUrl(API.employees.me, { org: org.id }),
        headers: { authorization: `Bearer ${s.token}` },
      })
      expect(me.statusCode).toBe(200)
    }
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'login')))
    expect(events.length).toBe(3)
  })

  it('e-mail is matched case-insensitively (the schema lower-cases it)', async () => {
    const org = await seedOrganisation(app)
    const res = await login(apiUrl(API.auth.login), { email: org.owner.email.toUpperCase(), password: TEST_PASSWORD })
    expect(res.statusCode).toBe(200)
  })

  it('wrong password and unknown e-mail give the same 401 and audit failedLogin', async () => {
    const org = await seedOrganisation(app)
    const wrong = await login(apiUrl(API.auth.loginInOrganisation, { org: org.id }), {
      email: org.owner.email,
      password: 'Wrong-password1',
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid e-mail address or password.' })
    const unknown = await login(apiUrl(API.auth.login), { email: 'nobody@example.test', password: 'Whatever1' })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().code).toBe('INVALID_CREDENTIALS')
    const failed = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'failedLogin')))
    expect(failed).toHaveLength(1)
  })

  it('validation: a malformed e-mail or empty password is 400', async () => {
    const res = await login(apiUrl(API.auth.login), { email: 'not-an-email', password: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })

  it('cross-tenant: an employee cannot sign in through another organisation', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await login(apiUrl(API.auth.loginInOrganisation, { org: b.slug }), {
      email: a.owner.email,
      password: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(401)
    const unknownOrg = await login(apiUrl(API.auth.loginInOrganisation, { org: 'no-such-org' }), {
      email: a.owner.email,
      password: TEST_PASSWORD,
    })
    expect(unknownOrg.statusCode).toBe(401)
  })
})

describe('logout', () => {
  it('ends the session: the token no longer works', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({ method: 'POST', url: apiUrl(API.auth.logout), headers: org.owner.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })
    expect(me.statusCode).toBe(401)
  })

  it('without a session is 401', async () => {
    const res = await app.inject({ method: 'POST', url: apiUrl(API.auth.logout) })
    expect(res.statusCode).toBe(401)
  })
})
