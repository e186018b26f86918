import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { insertCustomer } from '../helpers/auth'
import { buildTestApp } from '../helpers/app'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

describe('GET /employees/me', () => {
  it('returns the employee with permissions per branch and their union', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const [a, b] = org.salons
    const clerk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [a.id],
      permissions: ['readCustomers', 'manageCustomers'],
    })
    const res = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: clerk.headers })
    expect(res.statusCode).toBe(200)
    const me = res.json()
    expect(me).toMatchObject({
      id: clerk.id,
      email: clerk.email,
      organisationId: org.id,
      organisationSlug: org.slug,
      organisationName: org.companyName,
      permissions: ['readCustomers', 'manageCustomers'],
      impersonatedBy: null,
    })
    expect(me.salons).toEqual([{ salonId: a.id, salonName: a.name, permissions: ['readCustomers', 'manageCustomers'] }])
    const owner = (
      await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })
    ).json()
    expect(owner.salons.map((s: { salonId: string }) => s.salonId).sort()).toEqual([a.id, b.id].sort())
  })

  it('cross-tenant: another organisation’s path is 404; no session 401', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    expect(
      (await app.inject({ url: apiUrl(API.employees.me, { org: a.id }), headers: b.owner.headers })).statusCode,
    ).toBe(404)
    expect((await app.inject({ url: apiUrl(API.employees.me, { org: a.id }) })).statusCode).toBe(401)
  })
})

describe('PUT /employees/me/language', () => {
  it('stores the language and returns the fresh employee', async () => {
    const org = await seedOrganisation(app)
    const put = (language: string) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.employees.setLanguage, { org: org.id }),
        headers: org.owner.headers,
        payload: { language },
      })
    expect((await put('nl')).json().language).toBe('nl')
    const me = await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: org.owner.headers })
    expect(me.json().language).toBe('nl')
    const bad = await put('de')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('VALIDATION_FAILED')
  })

  it('needs no permission (an employee without any permission may set their own language)', async () => {
    const org = await seedOrganisation(app)
    const nobody = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.setLanguage, { org: org.id }),
      headers: nobody.headers,
      payload: { language: 'nl' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('cross-tenant: 404 through another organisation; a customer session is 403', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.setLanguage, { org: a.id }),
      headers: b.owner.headers,
      payload: { language: 'en' },
    })
    expect(res.statusCode).toBe(404)
    const customer = await insertCustomer(app, { organisationId: a.id, salonIds: [a.salons[0].id] })
    const { token } = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: a.id,
      ttlHours: 1,
    })
    const asCustomer = await app.inject({
      method: 'PUT',
      url: apiUrl(API.employees.setLanguage, { org: a.id }),
      headers: bearer(token),
      payload: { language: 'en' },
    })
    expect(asCustomer.statusCode).toBe(403)
  })
})
