import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API, ENDPOINTS, type EndpointSpec, endpointName } from '../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { auditEvents, organisations } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { customerSession } from '../helpers/customers'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { seedGlobalAdmin } from '../helpers/global-admin'
import { apiUrl } from '../helpers/url'
import { fillUrl } from './route-table'
import { paidOrganisation, trialOrganisation } from './subscriptions/fixtures'

// Issue 23: the global administrators' organisations (research §7 E1, E7).
const app = await buildTestApp()
const admin = await seedGlobalAdmin(app)

const get = (url: string, headers: Record<string, string> = admin.headers) => app.inject({ url, headers })
const list = (query: Record<string, string | number>) => get(apiUrl(API.globalOrganisations.list, query))
const detail = (id: string) => get(apiUrl(API.globalOrganisations.get, { id }))

describe('global organisations: who may call', () => {
  const platform = ENDPOINTS.filter((e) => e.action === 'platform.manage')
  /** A request the schema takes, so what answers is who calls. */
  const requestTo = (e: EndpointSpec, orgId: string) => {
    const url = `/api${fillUrl(e.path, { id: orgId, invoiceId: orgId })}`
    const body: Record<string, unknown> | undefined =
      e === API.globalOrganisations.update
        ? { id: orgId, city: 'Utrecht' }
        : e === API.globalOrganisations.suspend
          ? { reason: 'Not allowed anyway' }
          : e === API.auth.impersonate
            ? { employeeId: orgId, reason: 'Not allowed for them anyway', code: '123456' }
            : 'body' in e && e.body
              ? { code: '123456' }
              : undefined
    const query = e === API.globalOrganisations.remove ? '?confirm=x' : ''
    return { method: e.method, url: `${url}${query}`, ...(body ? { payload: body } : {}) }
  }

  it('every platform call: an employee (even the owner) and a customer get 403, no session 401; nothing changes', async () => {
    expect(platform.map(endpointName)).toEqual(expect.arrayContaining(['globalOrganisations.list', 'globalAudit.list']))
    const org = await seedOrganisation(app)
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const { headers: customerHeaders } = await customerSession(app, { id: customer.id, organisationId: org.id })
    const wrong: string[] = []
    for (const e of platform) {
      const r = requestTo(e, org.id)
      for (const [who, headers, status] of [
        ['owner', org.owner.headers, 403],
        ['customer', customerHeaders, 403],
        ['nobody', {}, 401],
      ] as const) {
        const res = await app.inject({ ...r, headers })
        if (res.statusCode !== status) wrong.push(`${endpointName(e)} as ${who}: ${res.statusCode} ${res.body}`)
      }
    }
    expect(wrong).toEqual([])
    const [row] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
    expect(row).toMatchObject({ suspendedAt: null, deletedAt: null, city: 'Amsterdam' })
  })
})

describe('global organisations: the list', () => {
  it('finds an organisation by name, web address and an employee’s e-mail, with its plan, usage and last activity', async () => {
    const org = await trialOrganisation(app)
    const [row] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
    await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.organisations.update, { org: org.id }),
      headers: org.owner.headers,
      payload: { city: 'Leiden' },
    })
    for (const q of [row.companyName.toUpperCase(), org.slug, org.owner.email]) {
      const res = await list({ q })
      expect(res.statusCode, q).toBe(200)
      expect(res.json().total, q).toBe(1)
      expect(res.json().items[0], q).toMatchObject({
        id: org.id,
        slug: org.slug,
        ownerEmail: org.owner.email,
        status: 'trial',
        plan: { code: 'salon' },
        usage: { customers: 1, employees: 1, salons: 1 },
        limits: { customers: 2500, employees: 10, salons: 3 },
      })
      expect(res.json().items[0].validTo).toBeTruthy()
      expect(res.json().items[0].lastActivityAt).toBeTruthy()
    }
    // Wildcards are taken literally.
    expect((await list({ q: '%' })).json().total).toBe(0)
  })

  it('filters by status and pages', async () => {
    const tag = unique('paging-')
    const made: string[] = []
    for (let i = 0; i < 5; i++) {
      const org = await seedOrganisation(app)
      await app.db
        .update(organisations)
        .set({ legalName: `${tag} ${i}` })
        .where(eq(organisations.id, org.id))
      made.push(org.id)
    }
    await app.db
      .update(organisations)
      .set({ suspendedAt: new Date(), suspendedReason: 'test' })
      .where(eq(organisations.id, made[0]))
    const first = (await list({ q: tag, pageSize: 2 })).json()
    const third = (await list({ q: tag, pageSize: 2, page: 3 })).json()
    expect(first.total).toBe(5)
    expect(first.items).toHaveLength(2)
    expect(third.items).toHaveLength(1)
    // Newest first.
    expect(first.items[0].id).toBe(made[4])
    const suspended = (await list({ q: tag, status: 'suspended' })).json()
    expect(suspended.items.map((o: { id: string }) => o.id)).toEqual([made[0]])
    expect((await list({ q: tag, status: 'active' })).json().total).toBe(4)
    expect((await list({ status: 'nonsense' })).statusCode).toBe(400)
  })

  it('tells expired and paid organisations apart', async () => {
    const paid = await paidOrganisation(app, { code: 'start' })
    const expired = await paidOrganisation(app, { code: 'start', validTo: new Date(Date.now() - 86_400_000) })
    expect((await list({ q: paid.slug })).json().items[0]).toMatchObject({ status: 'active', plan: { code: 'start' } })
    expect((await list({ q: expired.slug })).json().items[0]).toMatchObject({ status: 'expired' })
  })
})

describe('global organisations: one organisation', () => {
  it('has its branches, employees with their roles and status, and payments; another organisation’s are not in it', async () => {
    const org = await paidOrganisation(app, { code: 'salon' })
    const other = await seedOrganisation(app)
    const clerk = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const res = await detail(org.id)
    expect(res.statusCode).toBe(200)
    const d = res.json()
    expect(d.organisation).toMatchObject({ id: org.id, slug: org.slug })
    expect(d.status).toBe('active')
    expect(d.branches.map((b: { id: string }) => b.id)).toEqual([org.salons[0].id])
    expect(d.employees.map((e: { id: string }) => e.id).sort()).toEqual([org.owner.id, clerk.id].sort())
    expect(d.employees.find((e: { id: string }) => e.id === org.owner.id)).toMatchObject({
      roles: ['Owner'],
      status: 'active',
    })
    expect(d.employees.some((e: { id: string }) => e.id === other.owner.id)).toBe(false)
    expect(d.payments).toHaveLength(1)
    expect(d.usage).toEqual({ customers: 0, employees: 2, salons: 1 })
    expect((await detail('01970000-0000-7000-8000-00000000dead')).json().code).toBe('ORGANISATION_NOT_FOUND')
  })

  it('a global admin corrects the details with the owner’s rules; audited as theirs', async () => {
    const org = await seedOrganisation(app)
    const taken = await seedOrganisation(app)
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: apiUrl(API.globalOrganisations.update), headers: admin.headers, payload })
    const ok = await put({ id: org.id, companyName: `${org.companyName} Spa`, city: 'Utrecht' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().organisation).toMatchObject({ companyName: `${org.companyName} Spa`, city: 'Utrecht' })
    // The contract's rules, not a copy: a bad address, a taken web address.
    expect((await put({ id: org.id, postalCode: '' })).json().code).toBe('VALIDATION_FAILED')
    expect((await put({ id: org.id, slug: taken.slug })).json().code).toBe('SLUG_TAKEN')
    expect((await put({ id: '01970000-0000-7000-8000-00000000dead', city: 'X' })).json().code).toBe(
      'ORGANISATION_NOT_FOUND',
    )
    const [entry] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.event, 'organisationUpdate')))
    expect(entry).toMatchObject({ actorKind: 'globalAdmin', actorId: admin.id })
    expect(entry.data).toMatchObject({ fields: expect.arrayContaining(['companyName', 'city']) })
  })

  it('the invoice PDF of the organisation; another organisation’s invoice is not found', async () => {
    const org = await seedOrganisation(app)
    const res = await get(apiUrl(API.globalOrganisations.downloadInvoice, { id: org.id, invoiceId: org.id }))
    expect(res.json().code).toBe('INVOICE_NOT_FOUND')
  })
})

describe('global organisations: suspend and reactivate', () => {
  const post = (e: EndpointSpec, id: string, payload?: object) =>
    app.inject({ method: 'POST', url: `/api${fillUrl(e.path, { id })}`, headers: admin.headers, payload })

  it('a suspended organisation is read-only for its staff (REST and sync) and says why; reactivating restores it', async () => {
    const org = await trialOrganisation(app)
    const createBranch = () =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.salons.create, { org: org.id }),
        headers: org.owner.headers,
        payload: { name: unique('Branch ') },
      })
    expect((await post(API.globalOrganisations.suspend, org.id, { reason: 'x' })).statusCode).toBe(400)
    const suspended = await post(API.globalOrganisations.suspend, org.id, { reason: 'Unpaid invoices since May' })
    expect(suspended.statusCode).toBe(200)
    expect(suspended.json()).toMatchObject({ status: 'suspended', suspension: { reason: 'Unpaid invoices since May' } })
    expect((await post(API.globalOrganisations.suspend, org.id, { reason: 'Again and again' })).json().code).toBe(
      'ORGANISATION_STATE_UNCHANGED',
    )

    const refused = await createBranch()
    expect(refused.statusCode).toBe(423)
    expect(refused.json().code).toBe('ORGANISATION_SUSPENDED')
    const push = await app.inject({
      method: 'POST',
      url: apiUrl(API.sync.push, { org: org.id, salon: org.salons[0].id }),
      headers: org.owner.headers,
      payload: { clientId: 'suspended-tablet', schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] },
    })
    expect(push.json().code).toBe('ORGANISATION_SUSPENDED')
    // Reads go on; the staff's notice comes from the access answer.
    expect((await get(apiUrl(API.salons.list, { org: org.id }), org.owner.headers)).statusCode).toBe(200)
    const access = await get(apiUrl(API.subscriptions.access, { org: org.id }), org.owner.headers)
    expect(access.json()).toMatchObject({ access: 'readOnly', suspended: true })

    const back = await post(API.globalOrganisations.reactivate, org.id)
    expect(back.json()).toMatchObject({ status: 'trial', suspension: null })
    expect((await createBranch()).statusCode).toBe(201)
    expect((await get(apiUrl(API.subscriptions.access, { org: org.id }), org.owner.headers)).json()).toMatchObject({
      access: 'full',
      suspended: false,
    })
    expect((await post(API.globalOrganisations.reactivate, org.id)).json().code).toBe('ORGANISATION_STATE_UNCHANGED')

    const trail = await app.db
      .select({ event: auditEvents.event, actorKind: auditEvents.actorKind, data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org.id), eq(auditEvents.actorKind, 'globalAdmin')))
    expect(trail.map((t) => t.event).sort()).toEqual(['organisationReactivate', 'organisationSuspend'])
    expect(trail.find((t) => t.event === 'organisationSuspend')?.data).toEqual({ reason: 'Unpaid invoices since May' })
  })
})
