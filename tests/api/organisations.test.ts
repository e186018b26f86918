import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { auditEvents, employeeSalonRoles, roles, salons } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { freshIp, signupInput } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl, type Query } from '../helpers/url'

const app = await buildTestApp()

const signup = (payload: unknown, remoteAddress = freshIp()) =>
  app.inject({ method: 'POST', url: apiUrl(API.organisations.create), payload: payload as object, remoteAddress })

describe('POST /organisations', () => {
  it('creates the organisation, its first branch, an owner role with every permission and signs the admin in', async () => {
    const input = signupInput()
    const res = await signup(input)
    expect(res.statusCode).toBe(201)
    const { organisation, session } = res.json()
    expect(organisation).toMatchObject({ slug: input.slug, companyName: input.companyName, city: 'Amsterdam' })
    expect(session.employee).toMatchObject({
      email: input.admin.email,
      organisationId: organisation.id,
      organisationSlug: input.slug,
      language: 'nl',
    })
    expect(session.employee.permissions).toContain('ownOrganisation')
    expect(session.employee.permissions).toContain('manageCustomers')
    expect(session.employee.salons).toHaveLength(1)
    expect(session.employee.salons[0].salonName).toBe('Centrum')

    // The preset roles (server/services/roles/presets.ts) in the admin's language; she is Eigenaar.
    const presets = await app.db.select().from(roles).where(eq(roles.organisationId, organisation.id))
    expect(presets.map((r) => r.name).sort()).toEqual(['Eigenaar', 'Manager', 'Receptie', 'Specialist'])
    expect(presets.every((r) => r.version > 0)).toBe(true)
    const owner = presets.find((r) => r.name === 'Eigenaar')!
    expect(owner.permissions).toHaveLength(16)
    const [salon] = await app.db.select().from(salons).where(eq(salons.organisationId, organisation.id))
    expect(salon.version).toBeGreaterThan(0)
    const grants = await app.db
      .select()
      .from(employeeSalonRoles)
      .where(eq(employeeSalonRoles.organisationId, organisation.id))
    expect(grants).toHaveLength(1)
    expect(grants[0].roleId).toBe(owner.id)

    const me = await app.inject({
      method: 'GET',
      url: apiUrl(API.employees.me, { org: organisation.id }),
      headers: { authorization: `Bearer ${session.token}` },
    })
    expect(me.statusCode).toBe(200)
  })

  it('names the owner role in English for an English admin', async () => {
    const input = signupInput()
    input.admin.language = 'en'
    const res = await signup(input)
    const names = await app.db.select().from(roles).where(eq(roles.organisationId, res.json().organisation.id))
    expect(names.map((r) => r.name).sort()).toEqual(['Manager', 'Owner', 'Receptionist', 'Specialist'])
  })

  it('rejects missing fields and a weak password with field errors, and creates nothing', async () => {
    const input = signupInput({ vatNumber: '', city: '' })
    input.admin.password = 'short'
    const res = await signup(input)
    expect(res.statusCode).toBe(400)
    const fields = res.json().details.fields.map((f: { path: string }) => f.path)
    expect(fields).toEqual(expect.arrayContaining(['vatNumber', 'city', 'admin.password']))
    const check = await app.inject({ method: 'GET', url: apiUrl(API.organisations.findPublic, { slug: input.slug }) })
    expect(check.statusCode).toBe(404)
  })

  it('refuses reserved and taken slugs, taken company names (any case) and taken admin e-mails', async () => {
    expect((await signup(signupInput({ slug: 'admin' }))).json().code).toBe('SLUG_TAKEN')
    expect((await signup(signupInput({ slug: 'api' }))).statusCode).toBe(409)
    const first = signupInput()
    expect((await signup(first)).statusCode).toBe(201)
    expect((await signup(signupInput({ slug: first.slug }))).json().code).toBe('SLUG_TAKEN')
    expect((await signup(signupInput({ companyName: first.companyName.toUpperCase() }))).json().code).toBe(
      'COMPANY_NAME_TAKEN',
    )
    const sameAdmin = signupInput()
    sameAdmin.admin.email = first.admin.email
    expect((await signup(sameAdmin)).json().code).toBe('EMPLOYEE_EMAIL_TAKEN')
  })

  it('two simultaneous sign-ups with one slug: one wins, the other gets SLUG_TAKEN (nothing half-created)', async () => {
    const a = signupInput()
    const b = signupInput({ slug: a.slug })
    const codes = (await Promise.all([signup(a), signup(b)])).map((r) => r.statusCode).sort()
    expect(codes).toEqual([201, 409])
    const loser = (await Promise.all([signup(signupInput({ slug: a.slug }))]))[0]
    expect(loser.json().code).toBe('SLUG_TAKEN')
  })

  it('is rate-limited per IP: the 11th sign-up within an hour is 429', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) expect((await signup({}, ip)).statusCode).toBe(400)
    const res = await signup(signupInput(), ip)
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('TOO_MANY_REQUESTS')
  })
})

describe('GET /organisations/challenge and /public', () => {
  it('answers availability for slug and company name; null when not asked', async () => {
    const org = await seedOrganisation(app)
    const url = (query: Query) => apiUrl(API.organisations.challenge, query)
    expect((await app.inject({ url: url({ slug: org.slug }) })).json()).toEqual({
      slugAvailable: false,
      companyNameAvailable: null,
    })
    expect((await app.inject({ url: url({ slug: 'start' }) })).json().slugAvailable).toBe(false)
    expect((await app.inject({ url: url({ slug: 'Bad_Slug!' }) })).json().slugAvailable).toBe(false)
    expect((await app.inject({ url: url({ slug: 'brand-new-salon-x1' }) })).json().slugAvailable).toBe(true)
    const name = org.companyName.toLowerCase()
    expect((await app.inject({ url: url({ companyName: name }) })).json()).toEqual({
      slugAvailable: null,
      companyNameAvailable: false,
    })
  })

  it('public lookup by slug; unknown slug is 404 ORGANISATION_NOT_FOUND', async () => {
    const org = await seedOrganisation(app)
    const res = await app.inject({ url: apiUrl(API.organisations.findPublic, { slug: org.slug }) })
    expect(res.json()).toEqual({ id: org.id, slug: org.slug, companyName: org.companyName, logoUrl: null })
    const missing = await app.inject({ url: apiUrl(API.organisations.findPublic, { slug: 'no-such-salon' }) })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('ORGANISATION_NOT_FOUND')
    expect((await app.inject({ url: apiUrl(API.organisations.findPublic) })).statusCode).toBe(400)
  })

  it('customer-settings needs a session of the organisation: staff and customers; none is 401, another organisation 404', async () => {
    const org = await seedOrganisation(app)
    const other = await seedOrganisation(app)
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const session = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: org.id,
      ttlHours: 1,
    })
    const url = apiUrl(API.organisations.customerSettings, { org: org.id })
    const expected = {
      id: org.id,
      companyName: org.companyName,
      slug: org.slug,
      logoUrl: null,
      languages: ['nl', 'en'],
      defaultLanguage: 'nl',
    }
    expect((await app.inject({ url, headers: org.owner.headers })).json()).toEqual(expected)
    expect((await app.inject({ url, headers: bearer(session.token) })).json()).toEqual(expected)
    const anonymous = await app.inject({ url })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().code).toBe('UNAUTHENTICATED')
    expect((await app.inject({ url, headers: other.owner.headers })).statusCode).toBe(404)
    // The slug is no way around it: `{org}` must be the session's organisation.
    const bySlug = await app.inject({
      url: apiUrl(API.organisations.customerSettings, { org: org.slug }),
      headers: org.owner.headers,
    })
    expect(bySlug.statusCode).toBe(404)
  })
})

describe('GET and PUT /organisations/{org}', () => {
  it('the owner reads and updates the organisation; the update is audited', async () => {
    const org = await seedOrganisation(app)
    const get = await app.inject({ url: apiUrl(API.organisations.get, { org: org.id }), headers: org.owner.headers })
    expect(get.statusCode).toBe(200)
    expect(get.json().slug).toBe(org.slug)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.update, { org: org.id }),
      headers: org.owner.headers,
      payload: { city: 'Utrecht', invoiceLanguage: 'en' },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({ city: 'Utrecht', invoiceLanguage: 'en', slug: org.slug })
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, org.id))
    expect(events.map((e) => e.event)).toContain('organisationUpdate')
  })

  it('validation: empty required field, reserved slug, another organisation’s company name', async () => {
    const org = await seedOrganisation(app)
    const other = await seedOrganisation(app)
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.organisations.update, { org: org.id }),
        headers: org.owner.headers,
        payload,
      })
    expect((await put({ city: '' })).statusCode).toBe(400)
    expect((await put({ slug: 'global-admin' })).json().code).toBe('SLUG_TAKEN')
    expect((await put({ slug: other.slug })).json().code).toBe('SLUG_TAKEN')
    expect((await put({ companyName: other.companyName })).json().code).toBe('COMPANY_NAME_TAKEN')
    // Keeping its own slug and name is fine.
    expect((await put({ slug: org.slug, companyName: org.companyName })).statusCode).toBe(200)
  })

  it('cross-tenant: another organisation is 404 for reading and updating', async () => {
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    expect(
      (await app.inject({ url: apiUrl(API.organisations.get, { org: a.id }), headers: b.owner.headers })).statusCode,
    ).toBe(404)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.update, { org: a.id }),
      headers: b.owner.headers,
      payload: { city: 'Hacked' },
    })
    expect(put.statusCode).toBe(404)
  })

  it('permission: an employee without ownOrganisation gets 403; no session gets 401', async () => {
    const org = await seedOrganisation(app)
    const clerk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [org.salons[0].id],
      permissions: ['readCustomers', 'manageSalons'],
    })
    expect(
      (await app.inject({ url: apiUrl(API.organisations.get, { org: org.id }), headers: clerk.headers })).statusCode,
    ).toBe(403)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.update, { org: org.id }),
      headers: clerk.headers,
      payload: { city: 'X' },
    })
    expect(put.statusCode).toBe(403)
    expect((await app.inject({ url: apiUrl(API.organisations.get, { org: org.id }) })).statusCode).toBe(401)
  })
})
