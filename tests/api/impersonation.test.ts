import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { IMPERSONATION_MINUTES } from '../../contract/auth'
import {
  API,
  blockedWhileImpersonating,
  ENDPOINTS,
  type EndpointSpec,
  endpointName,
  impersonationOf,
} from '../../contract/endpoints'
import { sha256 } from '../../server/auth/passwords'
import {
  auditEvents,
  employeeSalonRoles,
  employees,
  impersonations,
  outboxMessages,
  roles,
  sessions,
} from '../../server/db/schema'
import { setGlobalAdminActive } from '../../server/services/auth/global'
import { sweepImpersonations } from '../../server/services/auth/impersonation'
import { buildTestApp } from '../helpers/app'
import { bearer, type SeededOrganisation, seedEmployee, seedOrganisation } from '../helpers/factories'
import { type SeededGlobalAdmin, seedGlobalAdmin } from '../helpers/global-admin'
import { apiUrl } from '../helpers/url'

// Issue 23: a global admin acts as an employee in a way the organisation can trust.
const app = await buildTestApp()
const REASON = 'Support ticket 4711: customer list looks empty'

async function start(
  admin: SeededGlobalAdmin,
  employeeId: string,
  payload: { reason?: string; code?: string } = {},
  headers = admin.headers,
) {
  return app.inject({
    method: 'POST',
    url: apiUrl(API.auth.impersonate),
    headers,
    payload: { employeeId, reason: payload.reason ?? REASON, code: payload.code ?? (await admin.code()) },
  })
}

async function impersonating(opts: { org?: SeededOrganisation; admin?: SeededGlobalAdmin } = {}) {
  const org = opts.org ?? (await seedOrganisation(app))
  const admin = opts.admin ?? (await seedGlobalAdmin(app, { name: 'Piet Platform' }))
  const res = await start(admin, org.owner.id)
  expect(res.statusCode).toBe(200)
  const session = res.json()
  const me = () => app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: bearer(session.token) })
  return { org, admin, session, headers: bearer(session.token), me }
}

const stop = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: apiUrl(API.auth.stopImpersonation), headers })

describe('starting an impersonation', () => {
  it('answers an employee session that says who acts and why, ending within 30 minutes', async () => {
    const before = Date.now()
    const { session, admin, org, me } = await impersonating()
    expect(session.impersonation).toEqual({ adminName: 'Piet Platform', reason: REASON })
    expect(session.employee).toMatchObject({ id: org.owner.id, impersonatedBy: admin.id })
    const end = Date.parse(session.expiresAt)
    expect(end).toBeGreaterThan(before)
    expect(end).toBeLessThanOrEqual(Date.now() + IMPERSONATION_MINUTES * 60_000)
    expect((await me()).statusCode).toBe(200)
    const [row] = await app.db.select().from(impersonations).where(eq(impersonations.employeeId, org.owner.id))
    expect(row).toMatchObject({ adminId: admin.id, reason: REASON, endedAt: null })
  })

  it('refuses a reason shorter than 10 characters (400, nothing started)', async () => {
    const org = await seedOrganisation(app)
    const admin = await seedGlobalAdmin(app)
    const res = await start(admin, org.owner.id, { reason: '  too short ' })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields[0]).toMatchObject({ path: 'reason', code: 'impersonationReason' })
    expect(await app.db.select().from(impersonations).where(eq(impersonations.employeeId, org.owner.id))).toEqual([])
  })

  it('refuses a wrong or replayed code, and a used recovery code', async () => {
    const org = await seedOrganisation(app)
    const admin = await seedGlobalAdmin(app)
    const wrong = await start(admin, org.owner.id, { code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('INVALID_SECOND_FACTOR_CODE')
    const code = await admin.code()
    expect((await start(admin, org.owner.id, { code })).statusCode).toBe(200)
    expect((await start(admin, org.owner.id, { code })).json().code).toBe('INVALID_SECOND_FACTOR_CODE')
    const recovery = admin.recoveryCodes[0]
    expect((await start(admin, org.owner.id, { code: recovery })).statusCode).toBe(200)
    expect((await start(admin, org.owner.id, { code: recovery })).json().code).toBe('INVALID_SECOND_FACTOR_CODE')
  })

  it('refuses a deactivated employee and an employee who is a global admin', async () => {
    const org = await seedOrganisation(app)
    const admin = await seedGlobalAdmin(app)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await app.db.update(employees).set({ deactivatedAt: new Date() }).where(eq(employees.id, clerk.id))
    expect((await start(admin, clerk.id)).json().code).toBe('EMPLOYEE_DEACTIVATED')

    const colleague = await seedGlobalAdmin(app)
    const hisAccount = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      email: colleague.email,
    })
    const res = await start(admin, hisAccount.id)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'IMPERSONATION_TARGET_FORBIDDEN',
      message: 'A platform administrator cannot be impersonated.',
    })
  })

  it('no nesting, no platform calls: an impersonation token is refused every /global call', async () => {
    const { headers, org } = await impersonating()
    const nested = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers,
      payload: { employeeId: org.owner.id, reason: REASON, code: '123456' },
    })
    expect(nested.statusCode).toBe(403)
    expect(nested.json()).toMatchObject({
      code: 'IMPERSONATION_FORBIDDEN',
      message: 'Not allowed while impersonating.',
    })
  })

  it('an employee may not impersonate; no session is 401', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: org.owner.headers,
      payload: { employeeId: org.owner.id, reason: REASON, code: '123456' },
    })
    expect(res.statusCode).toBe(403)
    expect((await stop(org.owner.headers)).statusCode).toBe(403)
    expect((await stop({})).statusCode).toBe(401)
  })
})

describe('how an impersonation ends', () => {
  it('after 30 minutes: the next request is 401, and it is never extended', async () => {
    const { session, me } = await impersonating()
    const where = eq(sessions.tokenHash, sha256(session.token))
    const [row] = await app.db.select().from(sessions).where(where)
    await me()
    expect((await app.db.select().from(sessions).where(where))[0].expiresAt).toEqual(row.expiresAt)
    // Half an hour passes: the session's times move 30 minutes into the past.
    await app.db
      .update(sessions)
      .set({
        createdAt: new Date(row.createdAt.getTime() - IMPERSONATION_MINUTES * 60_000),
        expiresAt: new Date(row.expiresAt.getTime() - IMPERSONATION_MINUTES * 60_000),
      })
      .where(where)
    expect((await me()).statusCode).toBe(401)
  })

  it('deactivating the admin ends it at once', async () => {
    const { admin, me } = await impersonating()
    await setGlobalAdminActive(app.db, admin.id, false)
    expect((await me()).statusCode).toBe(401)
    const own = await app.inject({ method: 'POST', url: apiUrl(API.auth.logout), headers: admin.headers })
    expect(own.statusCode).toBe(401)
  })

  it('the admin signing out ends it at once', async () => {
    const { admin, me } = await impersonating()
    expect(
      (await app.inject({ method: 'POST', url: apiUrl(API.auth.logout), headers: admin.headers })).statusCode,
    ).toBe(200)
    expect((await me()).statusCode).toBe(401)
  })

  it('stop ends it server-side, logs start and stop with the reason for the owners, and e-mails the employee', async () => {
    const org = await seedOrganisation(app)
    await app.db.update(employees).set({ language: 'nl' }).where(eq(employees.id, org.owner.id))
    const { admin, headers, me } = await impersonating({ org })
    expect((await stop(headers)).statusCode).toBe(200)
    expect((await me()).statusCode).toBe(401)

    const log = await app.inject({
      method: 'POST',
      url: apiUrl(API.employees.activities, { org: org.id }),
      headers: org.owner.headers,
      payload: { period: '7d', page: 1, pageSize: 50 },
    })
    expect(log.statusCode).toBe(200)
    const items = log.json().items as { type: string; employeeId: string; impersonatedBy: unknown; data: unknown }[]
    for (const type of ['impersonationStart', 'impersonationStop']) {
      const entry = items.find((i) => i.type === type)
      expect(entry).toMatchObject({
        employeeId: org.owner.id,
        impersonatedBy: { id: admin.id, name: 'Piet Platform' },
        data: { reason: REASON },
      })
    }
    const mails = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, org.owner.email))
    const told = mails.find((m) => m.text.includes(REASON))
    expect(told?.subject).toContain('Een platformbeheerder was ingelogd als jij')
    expect(told?.text).toContain('Piet Platform')
  })

  it('one that ran out is finished by the sweep: the stop logged, the employee told once (in English when theirs)', async () => {
    const org = await seedOrganisation(app)
    await app.db.update(employees).set({ language: 'en' }).where(eq(employees.id, org.owner.id))
    const { session } = await impersonating({ org })
    const later = new Date(Date.parse(session.expiresAt) + 1000)
    expect(await sweepImpersonations({ db: app.db, mailer: app.mailer }, later)).toBeGreaterThanOrEqual(1)
    await sweepImpersonations({ db: app.db, mailer: app.mailer }, later)
    const [row] = await app.db.select().from(impersonations).where(eq(impersonations.employeeId, org.owner.id))
    expect(row.endedAt).not.toBeNull()
    expect(row.notifiedAt).not.toBeNull()
    const mails = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, org.owner.email))
    const told = mails.filter((m) => m.subject.startsWith('A platform administrator was signed in as you'))
    expect(told).toHaveLength(1)
    const stops = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'impersonationStop')))
    expect(stops).toHaveLength(1)
  })
})

describe('while impersonating', () => {
  it('every audit entry records both the employee and the admin', async () => {
    const { org, admin, headers } = await impersonating()
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.update, { org: org.id }),
      headers,
      payload: { city: 'Utrecht' },
    })
    expect(res.statusCode).toBe(200)
    const [entry] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'organisationUpdate')))
    expect(entry).toMatchObject({ actorKind: 'employee', actorId: org.owner.id, impersonatedBy: admin.id })
    // The employee's own change names nobody else.
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.update, { org: org.id }),
      headers: org.owner.headers,
      payload: { city: 'Gouda' },
    })
    const own = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'organisationUpdate')))
    expect(own.map((e) => e.impersonatedBy).sort()).toEqual([admin.id, null].sort())
  })

  /** Endpoints that must carry `impersonation: 'blocked'` (or be /global). */
  const MUST_BLOCK = [
    'employees.setKioskPin',
    'customers.hardDelete',
    'subscriptions.optionPayment',
    'subscriptions.cancel',
    'whatsappCredits.creditPayment',
    'paidCourses.payment',
    'auth.impersonate',
    'auth.globalLoginCode',
    'auth.globalSecondFactorSetup',
    'auth.globalSecondFactorConfirm',
  ]

  it('the definitions that must be refused carry it; the self-only ones are the employee’s own row', () => {
    const blocked = ENDPOINTS.filter((e) => !e.public && impersonationOf(e) === 'blocked').map(endpointName)
    expect(blocked).toEqual(expect.arrayContaining(MUST_BLOCK))
    expect(ENDPOINTS.filter((e) => impersonationOf(e) === 'blockedOnSelf').map(endpointName)).toEqual([
      'employees.update',
    ])
    expect(blockedWhileImpersonating(API.auth.stopImpersonation)).toBe(false)
    expect(blockedWhileImpersonating(API.customers.update)).toBe(false)
  })

  it('every definition carrying it answers 403 IMPERSONATION_FORBIDDEN and changes nothing', async () => {
    const { org, headers } = await impersonating()
    const targets = ENDPOINTS.filter((e) => !e.public && impersonationOf(e))
    expect(targets.length).toBeGreaterThanOrEqual(MUST_BLOCK.length + 1)
    const url = (e: EndpointSpec) =>
      `/api${e.path
        .replace(':org', org.id)
        .replace(':salon', org.salons[0].id)
        .replace(':id', impersonationOf(e) === 'blockedOnSelf' ? org.owner.id : uuidv7())
        .replace(/:[A-Za-z]+/g, () => uuidv7())}`
    for (const e of targets) {
      const res = await app.inject({ method: e.method, url: url(e), headers, payload: e.body ? {} : undefined })
      expect({ name: endpointName(e), status: res.statusCode, code: res.json().code }).toEqual({
        name: endpointName(e),
        status: 403,
        code: 'IMPERSONATION_FORBIDDEN',
      })
    }
    // Another employee's row is not the employee's own: the gate lets it through to the policy.
    const other = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.update, { org: org.id, id: uuidv7() }),
      headers,
      payload: {},
    })
    expect(other.json().code).not.toBe('IMPERSONATION_FORBIDDEN')
  })

  it('a role the employee holds cannot change its rights meanwhile; another role and a rename can', async () => {
    const { org, headers } = await impersonating()
    const put = (id: string, payload: object) =>
      app.inject({ method: 'PUT', url: apiUrl(API.roles.update, { org: org.id, id }), headers, payload })
    const own = await put(org.ownerRoleId, { permissions: ['ownOrganisation'] })
    expect(own.statusCode).toBe(403)
    expect(own.json().code).toBe('IMPERSONATION_FORBIDDEN')
    const [role] = await app.db.select().from(roles).where(eq(roles.id, org.ownerRoleId))
    expect(role.permissions).not.toEqual(['ownOrganisation'])
    expect((await put(org.ownerRoleId, { name: 'Eigenaren' })).statusCode).toBe(200)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const [held] = await app.db.select().from(employeeSalonRoles).where(eq(employeeSalonRoles.employeeId, clerk.id))
    expect((await put(held.roleId, { permissions: ['readSalons'] })).statusCode).toBe(200)
  })

  it('the banner’s data survives a refresh of /employees/me; stop is the only /global call it may make', async () => {
    const { headers } = await impersonating()
    expect((await stop(headers)).statusCode).toBe(200)
    expect((await stop(headers)).statusCode).toBe(401)
  })
})
