import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { employees, globalAdmins, passwordResets, sessions } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { lastMail } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { newEmployee, team } from './employees-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 9: invitation → password → sign-in; re-invite; deactivate / reactivate; who stays in charge.
const app = await buildTestApp({ publicUrl: 'https://salon.example' })
const api = team(app)
const me = (org: string, headers: Record<string, string>) =>
  app.inject({ url: apiUrl(API.employees.me, { org }), headers })

async function invited(org: Awaited<ReturnType<typeof seedOrganisation>>, roleId = org.ownerRoleId) {
  const body = newEmployee([{ salonId: org.salons[0].id, roleId }])
  const res = await api.create(org.id, body, org.owner.headers)
  expect(res.statusCode).toBe(201)
  return { ...(res.json() as { id: string; email: string }), ...(await api.invitation(body.email)) }
}

describe('invitation', () => {
  it('the invited employee cannot sign in; sets a password through the link (spec rule), once; then signs in', async () => {
    const org = await seedOrganisation(app)
    const zoe = await invited(org)
    // Invited: no password yet, the normal invalid-credentials answer.
    const before = await api.login(zoe.email, 'Anything-1')
    expect(before.statusCode).toBe(401)
    expect(before.json().code).toBe('INVALID_CREDENTIALS')
    const weak = await api.setPassword(zoe.token, 'short')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().details.fields[0].message).toBe(
      'Password must contain at least one lowercase letter, one uppercase letter, one number and must consist of at least 8 characters.',
    )
    expect((await api.setPassword(zoe.token, 'Welkom-Zoe1')).json()).toEqual({ ok: true })
    const again = await api.setPassword(zoe.token, 'Welkom-Zoe2')
    expect(again.json().code).toBe('INVALID_RESET_TOKEN')
    const login = await api.login(zoe.email, 'Welkom-Zoe1')
    expect(login.statusCode).toBe(200)
    const list = (await api.list(org.id, org.owner.headers)).json() as { id: string; status: string }[]
    expect(list.find((e) => e.id === zoe.id)?.status).toBe('active')
    const accepted = (await api.events(org.id, 'successfulPasswordReset')).filter((e) => e.actorId === zoe.id)
    expect(accepted[0].data).toEqual({ invitationAccepted: true })
  })

  it('an expired invitation does nothing', async () => {
    const org = await seedOrganisation(app)
    const zoe = await invited(org)
    await app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.employeeId, zoe.id))
    expect((await api.setPassword(zoe.token, 'Welkom-Zoe1')).json().code).toBe('INVALID_RESET_TOKEN')
  })

  it('re-inviting sends a new link and the old one stops working; an active employee is not re-invited (409)', async () => {
    const org = await seedOrganisation(app)
    const zoe = await invited(org)
    const res = await api.update(org.id, zoe.id, { resendInvitation: true }, org.owner.headers)
    expect(res.statusCode).toBe(200)
    const fresh = await api.invitation(zoe.email)
    expect(fresh.token).not.toBe(zoe.token)
    expect((await api.setPassword(zoe.token, 'Welkom-Zoe1')).json().code).toBe('INVALID_RESET_TOKEN')
    expect((await api.setPassword(fresh.token, 'Welkom-Zoe1')).statusCode).toBe(200)
    const noMore = await api.update(org.id, zoe.id, { resendInvitation: true }, org.owner.headers)
    expect(noMore.statusCode).toBe(409)
    expect(noMore.json()).toMatchObject({
      code: 'EMPLOYEE_NOT_INVITED',
      message: 'This employee has already accepted the invitation.',
    })
  })

  it('a new e-mail address of an invited employee gets a new invitation', async () => {
    const org = await seedOrganisation(app)
    const zoe = await invited(org)
    const email = `${unique('moved-')}@example.test`
    expect((await api.update(org.id, zoe.id, { email }, org.owner.headers)).statusCode).toBe(200)
    const mail = await api.invitation(email)
    expect(mail.token).not.toBe('')
    expect((await api.setPassword(zoe.token, 'Welkom-Zoe1')).json().code).toBe('INVALID_RESET_TOKEN')
  })

  it('a password reset requested by an invited employee sends a fresh invitation instead', async () => {
    const org = await seedOrganisation(app)
    const zoe = await invited(org)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.requestPasswordReset),
      payload: { email: zoe.email },
      remoteAddress: freshIp(),
    })
    expect(res.json()).toEqual({ ok: true })
    const mail = await lastMail(app, zoe.email)
    expect(mail?.subject).toBe(`You are invited to ${org.companyName}`)
    const fresh = await api.invitation(zoe.email)
    expect(fresh.token).not.toBe(zoe.token)
    expect((await api.setPassword(zoe.token, 'Welkom-Zoe1')).json().code).toBe('INVALID_RESET_TOKEN')
    expect((await api.setPassword(fresh.token, 'Welkom-Zoe1')).statusCode).toBe(200)
  })
})

describe('deactivate and reactivate', () => {
  it('ends every session at once, refuses sign-in like a wrong password, keeps the history; reactivation restores', async () => {
    const org = await seedOrganisation(app)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const second = await createSession(app.db, {
      kind: 'employee',
      subjectId: clerk.id,
      organisationId: org.id,
      ttlHours: 1,
    })
    expect((await me(org.id, clerk.headers)).statusCode).toBe(200)
    const res = await api.update(org.id, clerk.id, { active: false }, org.owner.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('deactivated')
    expect((await me(org.id, clerk.headers)).statusCode).toBe(401)
    expect((await me(org.id, bearer(second.token))).statusCode).toBe(401)
    expect(await app.db.select().from(sessions).where(eq(sessions.subjectId, clerk.id))).toEqual([])
    const login = await api.login(clerk.email, TEST_PASSWORD)
    expect(login.statusCode).toBe(401)
    expect(login.json().code).toBe('INVALID_CREDENTIALS')
    // Still listed (history kept), with the deactivated status.
    const list = (await api.list(org.id, org.owner.headers, { status: 'deactivated' })).json() as { id: string }[]
    expect(list.map((e) => e.id)).toEqual([clerk.id])
    // A session row that survived anyway opens nothing (defence in depth).
    const stale = await createSession(app.db, {
      kind: 'employee',
      subjectId: clerk.id,
      organisationId: org.id,
      ttlHours: 1,
    })
    expect((await me(org.id, bearer(stale.token))).statusCode).toBe(401)
    const [event] = (await api.events(org.id, 'employeeUpdate')).filter(
      (e) => (e.data as { active?: boolean }).active === false,
    )
    expect(event.data).toMatchObject({ employeeId: clerk.id, fields: ['active'] })

    const back = await api.update(org.id, clerk.id, { active: true }, org.owner.headers)
    expect(back.json().status).toBe('active')
    expect((await api.login(clerk.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('a deactivated employee’s open reset or invitation link does nothing; nobody deactivates themselves', async () => {
    const org = await seedOrganisation(app)
    const zoe = await invited(org)
    await api.update(org.id, zoe.id, { active: false }, org.owner.headers)
    expect((await api.setPassword(zoe.token, 'Welkom-Zoe1')).json().code).toBe('INVALID_RESET_TOKEN')
    const [row] = await app.db.select().from(employees).where(eq(employees.id, zoe.id))
    expect(row.passwordHash).toBeNull()
    // Reactivated while invited: invited again (a re-invite gets them in).
    expect((await api.update(org.id, zoe.id, { active: true }, org.owner.headers)).json().status).toBe('invited')

    const self = await api.update(org.id, org.owner.id, { active: false }, org.owner.headers)
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ code: 'CANNOT_DEACTIVATE_SELF', message: 'You cannot deactivate yourself.' })
  })

  it('a global admin cannot act as a deactivated employee', async () => {
    const org = await seedOrganisation(app)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    await api.update(org.id, clerk.id, { active: false }, org.owner.headers)
    const adminId = uuidv7()
    await app.db
      .insert(globalAdmins)
      .values({ id: adminId, email: `${unique('root-')}@example.test`, name: 'Root', passwordHash: 'x' })
    const { token } = await createSession(app.db, {
      kind: 'globalAdmin',
      subjectId: adminId,
      organisationId: null,
      ttlHours: 1,
    })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: bearer(token),
      payload: { employeeId: clerk.id, reason: 'Support ticket: deactivated clerk', code: '123456' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('EMPLOYEE_DEACTIVATED')
  })
})

describe('somebody stays in charge', () => {
  it('the last holder of managePermissions cannot be demoted or deactivated (by someone else either)', async () => {
    const org = await seedOrganisation(app)
    const a = org.salons[0]
    const hr = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['readEmployees', 'manageEmployees', 'readCustomers'],
    })
    const plain = await api.role(org.id, ['readCustomers'], org.owner.headers)
    const demote = await api.update(
      org.id,
      org.owner.id,
      { access: [{ salonId: a.id, roleId: plain }] },
      org.owner.headers,
    )
    expect(demote.statusCode).toBe(409)
    expect(demote.json()).toMatchObject({
      code: 'LAST_PERMISSIONS_MANAGER',
      message: 'At least one employee must keep the permission to manage permissions.',
    })
    const list = (await api.list(org.id, org.owner.headers)).json() as { id: string; access: { roleId: string }[] }[]
    expect(list.find((e) => e.id === org.owner.id)?.access[0].roleId).toBe(org.ownerRoleId)
    // Nor by the employee manager (ROLE_NOT_ASSIGNABLE first: the owner role is beyond her).
    expect((await api.update(org.id, org.owner.id, { active: false }, hr.headers)).statusCode).toBe(403)
    // A second owner who is only invited does not count: she cannot act yet.
    const zoe = await invited(org)
    expect(
      (await api.update(org.id, org.owner.id, { access: [{ salonId: a.id, roleId: plain }] }, org.owner.headers))
        .statusCode,
    ).toBe(409)
    await api.setPassword(zoe.token, 'Welkom-Zoe1')
    // Now Zoë is an active owner: the first owner may step down.
    expect(
      (await api.update(org.id, org.owner.id, { access: [{ salonId: a.id, roleId: plain }] }, org.owner.headers))
        .statusCode,
    ).toBe(200)
  })

  it('the last employee with every organisation permission stays (LAST_OWNER), also through the roles API', async () => {
    const org = await seedOrganisation(app)
    const a = org.salons[0]
    // Someone else manages permissions, so only rule (b) is at stake.
    const admin = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['managePermissions', 'manageEmployees', 'readEmployees'],
    })
    const lesser = await api.role(org.id, ['readCustomers'], org.owner.headers)
    const res = await api.update(org.id, org.owner.id, { access: [{ salonId: a.id, roleId: lesser }] }, admin.headers)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'LAST_OWNER',
      message: 'At least one active employee must keep every organisation permission.',
    })
    expect((await api.update(org.id, org.owner.id, { active: false }, admin.headers)).json().code).toBe('LAST_OWNER')
    // The roles API: taking ownOrganisation out of the owner role.
    const roleRes = await app.inject({
      method: 'PUT',
      url: apiUrl(API.roles.update, { org: org.id, id: org.ownerRoleId }),
      headers: admin.headers,
      payload: { permissions: ['managePermissions', 'readCustomers'] },
    })
    expect(roleRes.statusCode).toBe(409)
    expect(roleRes.json().code).toBe('LAST_OWNER')
    // Taking managePermissions away from both roles that hold it: LAST_PERMISSIONS_MANAGER.
    const adminRole = (
      await app.inject({
        url: apiUrl(API.employees.effectivePermissions, { org: org.id, id: admin.id }),
        headers: org.owner.headers,
      })
    ).json().branches[0].roles[0].id
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.roles.update, { org: org.id, id: adminRole }),
      headers: org.owner.headers,
      payload: { permissions: ['manageEmployees', 'readEmployees'] },
    })
    const last = await app.inject({
      method: 'PUT',
      url: apiUrl(API.roles.update, { org: org.id, id: org.ownerRoleId }),
      headers: org.owner.headers,
      payload: { permissions: ['ownOrganisation'] },
    })
    expect(last.json().code).toBe('LAST_PERMISSIONS_MANAGER')
  })

  it('concurrent demotions of two owners cannot together leave nobody in charge', async () => {
    const org = await seedOrganisation(app)
    const a = org.salons[0]
    const second = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], roleId: org.ownerRoleId })
    const plain = await api.role(org.id, ['readCustomers'], org.owner.headers)
    const admin = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['managePermissions', 'manageEmployees', 'readEmployees'],
    })
    const access = { access: [{ salonId: a.id, roleId: plain }] }
    const [x, y] = await Promise.all([
      api.update(org.id, org.owner.id, access, admin.headers),
      api.update(org.id, second.id, access, admin.headers),
    ])
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409])
    expect([x.json().code, y.json().code]).toContain('LAST_OWNER')
  })
})
