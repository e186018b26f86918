import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords'
import { globalAdmins } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { bearer, seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

const ADMIN_PASSWORD = 'Global-Admin1'
async function seedGlobalAdmin() {
  const email = `${unique('ga-')}@example.test`
  await app.db
    .insert(globalAdmins)
    .values({ id: uuidv7(), email, name: 'Gerda', passwordHash: await hashPassword(ADMIN_PASSWORD) })
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.auth.globalLogin),
    payload: { email, password: ADMIN_PASSWORD },
    remoteAddress: freshIp(),
  })
  return { email, session: res.json() }
}

describe('global authentication', () => {
  it('a global admin signs in', async () => {
    const { email, session } = await seedGlobalAdmin()
    expect(session.admin).toMatchObject({ email, name: 'Gerda' })
    expect(session.token).toBeTruthy()
  })

  it('wrong password or unknown admin is 401; bad input is 400', async () => {
    const { email } = await seedGlobalAdmin()
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: apiUrl(API.auth.globalLogin), payload, remoteAddress: freshIp() })
    expect((await post({ email, password: 'Nope-nope1' })).statusCode).toBe(401)
    expect((await post({ email: 'x@example.test', password: 'Nope-nope1' })).statusCode).toBe(401)
    expect((await post({ email: 'x' })).statusCode).toBe(400)
  })

  it('employee credentials do not open the global area', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.globalLogin),
      payload: { email: org.owner.email, password: 'Password1' },
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('impersonate', () => {
  it('gives the global admin an employee session that records who impersonates', async () => {
    const org = await seedOrganisation(app)
    const { session } = await seedGlobalAdmin()
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: bearer(session.token),
      payload: { employeeId: org.owner.id },
    })
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s.employee).toMatchObject({ id: org.owner.id, organisationId: org.id, impersonatedBy: session.admin.id })
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: bearer(s.token) })
    expect(me.json().impersonatedBy).toBe(session.admin.id)
  })

  it('an employee (even an owner) may not impersonate: 403; no session: 401', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: org.owner.headers,
      payload: { employeeId: org.owner.id },
    })
    expect(res.statusCode).toBe(403)
    const anon = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      payload: { employeeId: org.owner.id },
    })
    expect(anon.statusCode).toBe(401)
  })

  it('unknown employee is 404; a malformed id is 400', async () => {
    const { session } = await seedGlobalAdmin()
    const post = (employeeId: string) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.auth.impersonate),
        headers: bearer(session.token),
        payload: { employeeId },
      })
    expect((await post(uuidv7())).statusCode).toBe(404)
    expect((await post('abc')).statusCode).toBe(400)
  })
})
