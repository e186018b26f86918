import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { GLOBAL_ADMIN_PASSWORD, seedGlobalAdmin } from '../helpers/global-admin'
import { bearer, seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

const ADMIN_PASSWORD = GLOBAL_ADMIN_PASSWORD
describe('global authentication', () => {
  it('a global admin signs in: password, then the code, then the session', async () => {
    const admin = await seedGlobalAdmin(app, { name: 'Gerda' })
    const step = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.globalLogin),
      payload: { email: admin.email, password: ADMIN_PASSWORD },
      remoteAddress: freshIp(),
    })
    expect(step.json()).toMatchObject({ step: 'code' })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.globalLoginCode),
      headers: bearer(step.json().token),
      payload: { code: await admin.code() },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().admin).toMatchObject({ email: admin.email, name: 'Gerda' })
  })

  it('wrong password or unknown admin is 401; bad input is 400', async () => {
    const { email } = await seedGlobalAdmin(app)
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
    const admin = await seedGlobalAdmin(app)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: admin.headers,
      payload: { employeeId: org.owner.id, reason: 'Support ticket 42: the customer list', code: await admin.code() },
    })
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s.employee).toMatchObject({ id: org.owner.id, organisationId: org.id, impersonatedBy: admin.id })
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: bearer(s.token) })
    expect(me.json().impersonatedBy).toBe(admin.id)
  })

  it('an employee (even an owner) may not impersonate: 403; no session: 401', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.impersonate),
      headers: org.owner.headers,
      payload: { employeeId: org.owner.id, reason: 'Support ticket 42: the customer list', code: '123456' },
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
    const admin = await seedGlobalAdmin(app)
    const post = async (employeeId: string) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.auth.impersonate),
        headers: admin.headers,
        payload: { employeeId, reason: 'Support ticket 42: the customer list', code: await admin.code() },
      })
    expect((await post(uuidv7())).statusCode).toBe(404)
    expect((await post('abc')).statusCode).toBe(400)
  })
})
