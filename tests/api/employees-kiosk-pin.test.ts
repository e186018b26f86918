import { pbkdf2Sync } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords'
import { createSession } from '../../server/auth/sessions'
import { globalAdmins } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { bearer, seedEmployee, seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

const putPin = (org: string, headers: Record<string, string>, payload: object, remoteAddress = freshIp()) =>
  app.inject({ method: 'PUT', url: apiUrl(API.employees.setKioskPin, { org }), headers, payload, remoteAddress })
const me = async (org: string, headers: Record<string, string>) =>
  (await app.inject({ url: apiUrl(API.employees.me, { org }), headers })).json()

/** What the tablet does offline: derive with the served salt and iterations, compare. */
const matches = (v: { salt: string; iterations: number; hash: string }, pin: string) =>
  pbkdf2Sync(pin, Buffer.from(v.salt, 'base64'), v.iterations, 32, 'sha256').toString('base64') === v.hash

describe('PUT /employees/me/pin', () => {
  it('sets, changes and removes the PIN; me carries a verifier only the right PIN matches', async () => {
    const org = await seedOrganisation(app)
    expect((await me(org.id, org.owner.headers)).kioskPin).toBeNull()

    const set = await putPin(org.id, org.owner.headers, { pin: '2468', currentPassword: TEST_PASSWORD })
    expect(set.statusCode).toBe(200)
    const v1 = set.json().kioskPin
    expect(v1).toMatchObject({ algorithm: 'PBKDF2-SHA256' })
    expect(v1.iterations).toBeGreaterThanOrEqual(100_000)
    expect(matches(v1, '2468')).toBe(true)
    expect(matches(v1, '2469')).toBe(false)
    expect((await me(org.id, org.owner.headers)).kioskPin).toEqual(v1)

    const change = await putPin(org.id, org.owner.headers, { pin: '13572468', currentPassword: TEST_PASSWORD })
    const v2 = change.json().kioskPin
    expect(v2.salt).not.toBe(v1.salt)
    expect(matches(v2, '13572468')).toBe(true)
    expect(matches(v2, '2468')).toBe(false)

    const remove = await putPin(org.id, org.owner.headers, { pin: null, currentPassword: TEST_PASSWORD })
    expect(remove.statusCode).toBe(200)
    expect((await me(org.id, org.owner.headers)).kioskPin).toBeNull()
  })

  it('a wrong current password is refused and changes nothing', async () => {
    const org = await seedOrganisation(app)
    await putPin(org.id, org.owner.headers, { pin: '2468', currentPassword: TEST_PASSWORD })
    const before = (await me(org.id, org.owner.headers)).kioskPin
    for (const pin of ['9999', null]) {
      const res = await putPin(org.id, org.owner.headers, { pin, currentPassword: 'Wrong-pass1' })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'WRONG_PASSWORD',
        message: 'The current password is not correct.',
        details: {
          fields: [{ path: 'currentPassword', code: 'custom', message: 'The current password is not correct.' }],
        },
      })
    }
    expect((await me(org.id, org.owner.headers)).kioskPin).toEqual(before)
  })

  it('validation: the PIN must be 4 to 8 digits; the current password is required', async () => {
    const org = await seedOrganisation(app)
    for (const pin of ['123', '123456789', '12a4', '', '12 34']) {
      const res = await putPin(org.id, org.owner.headers, { pin, currentPassword: TEST_PASSWORD })
      expect(res.statusCode, pin).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
      expect(res.json().details.fields).toEqual([
        { path: 'pin', code: 'kioskPin', params: {}, message: 'The PIN must be 4 to 8 digits.' },
      ])
    }
    const noPassword = await putPin(org.id, org.owner.headers, { pin: '1234', currentPassword: '' })
    expect(noPassword.json().details.fields).toEqual([
      {
        path: 'currentPassword',
        code: 'currentPassword',
        params: {},
        message: 'Current password is required.',
      },
    ])
    expect((await me(org.id, org.owner.headers)).kioskPin).toBeNull()
  })

  it('the verifier is the own one only: colleagues and an impersonating admin never see it', async () => {
    const org = await seedOrganisation(app)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    // No permission is needed to set one's own PIN.
    expect((await putPin(org.id, clerk.headers, { pin: '1234', currentPassword: TEST_PASSWORD })).statusCode).toBe(200)
    expect((await me(org.id, clerk.headers)).kioskPin).not.toBeNull()
    expect((await me(org.id, org.owner.headers)).kioskPin).toBeNull()

    const adminId = uuidv7()
    await app.db.insert(globalAdmins).values({
      id: adminId,
      email: `${unique('ga-')}@example.test`,
      name: 'Gerda',
      passwordHash: await hashPassword('Global-Admin1'),
    })
    const { token } = await createSession(app.db, {
      kind: 'employee',
      subjectId: clerk.id,
      organisationId: org.id,
      impersonatedBy: adminId,
      ttlHours: 1,
    })
    expect((await me(org.id, bearer(token))).kioskPin).toBeNull()
    // Issue 23: a credential of the employee's own is never set while impersonating.
    const res = await putPin(org.id, bearer(token), { pin: '9999', currentPassword: TEST_PASSWORD })
    expect(res.json().code).toBe('IMPERSONATION_FORBIDDEN')
  })

  it('cross-tenant: another organisation’s path is 404; no session 401', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await putPin(a.id, b.owner.headers, { pin: '1234', currentPassword: TEST_PASSWORD })
    expect(res.statusCode).toBe(404)
    expect((await me(b.id, b.owner.headers)).kioskPin).toBeNull()
    expect((await putPin(a.id, {}, { pin: '1234', currentPassword: TEST_PASSWORD })).statusCode).toBe(401)
  })

  it('rate limited like a login: 10 tries per employee from any IP, then 429', async () => {
    const org = await seedOrganisation(app)
    for (let i = 0; i < 10; i++)
      expect(
        (await putPin(org.id, org.owner.headers, { pin: '1234', currentPassword: 'Wrong-pass1' })).statusCode,
      ).toBe(400)
    const res = await putPin(org.id, org.owner.headers, { pin: '1234', currentPassword: TEST_PASSWORD })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('TOO_MANY_REQUESTS')
    expect((await me(org.id, org.owner.headers)).kioskPin).toBeNull()
  })
})
