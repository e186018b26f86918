import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, customers } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl, type Query } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const url = (org = orgA.id) => apiUrl(API.customers.list, { org })
const owner = orgA.owner.headers
const desk = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const nobody = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readEmployees'] })

const tag = unique('Zz')
const made = [
  await postCustomer(app, orgA.id, owner, customerBody([a1.id], { firstName: 'Carla', lastName: `${tag} Bakker` })),
  await postCustomer(app, orgA.id, owner, customerBody([a1.id], { firstName: 'Anna', lastName: `${tag} Bakker` })),
  await postCustomer(
    app,
    orgA.id,
    owner,
    customerBody([a2.id], { firstName: 'Dirk', lastName: `${tag} Albers`, phoneNumber: '+31699988877' }),
  ),
  await postCustomer(
    app,
    orgA.id,
    owner,
    customerBody([a1.id, a2.id], { firstName: 'Eva', lastName: `${tag} Visser` }),
  ),
]
await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([orgB.salons[0].id], { lastName: `${tag} Other` }))

describe('GET /customers', () => {
  it('customers: lists the readable branches, ordered by last name then first name', async () => {
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { search: tag }),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    const names = res.json().items.map((c: { fullName: string }) => c.fullName)
    expect(names).toEqual([`Dirk ${tag} Albers`, `Anna ${tag} Bakker`, `Carla ${tag} Bakker`, `Eva ${tag} Visser`])
    expect(res.json().total).toBe(4)
  })

  it('customers: order ignores case (a "de" prefix sorts under d), like the replica', async () => {
    const t = unique('Yy')
    for (const lastName of [`${t} visser`, `${t} de Groot`, `${t} Bakker`, `${t} Dekker`])
      await postCustomer(app, orgA.id, owner, customerBody([a1.id], { lastName }))
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { search: t }),
      headers: owner,
    })
    expect(res.json().items.map((c: { lastName: string }) => c.lastName.slice(t.length + 1))).toEqual([
      'Bakker',
      'de Groot',
      'Dekker',
      'visser',
    ])
  })

  it('customers: filters on a branch and only shows branches the employee may read', async () => {
    const r1 = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { salonId: a2.id, search: tag }),
      headers: owner,
    })
    expect(r1.json().items.map((c: { firstName: string }) => c.firstName)).toEqual(['Dirk', 'Eva'])
    const r2 = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { search: tag }),
      headers: desk.headers,
    })
    expect(r2.json().items.map((c: { firstName: string }) => c.firstName)).toEqual(['Anna', 'Carla', 'Eva'])
    const r3 = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { salonId: a2.id }),
      headers: desk.headers,
    })
    expect(r3.statusCode).toBe(403)
  })

  it('customers: pages', async () => {
    const p1 = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { search: tag, page: '1', pageSize: '3' }),
      headers: owner,
    })
    const p2 = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { search: tag, page: '2', pageSize: '3' }),
      headers: owner,
    })
    expect(p1.json()).toMatchObject({ total: 4, page: 1, pageSize: 3 })
    expect(p1.json().items).toHaveLength(3)
    expect(p2.json()).toMatchObject({ total: 4, page: 2 })
    expect(p2.json().items.map((c: { firstName: string }) => c.firstName)).toEqual(['Eva'])
    // Past the end: no rows, the total still told.
    const p9 = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { search: tag, page: '9', pageSize: '3' }),
      headers: owner,
    })
    expect(p9.json()).toMatchObject({ total: 4, page: 9, items: [] })
  })

  it('customers: searches case-insensitively on names, full name, e-mail and phone', async () => {
    const q = async (search: string) => {
      const res = await app.inject({
        method: 'GET',
        url: apiUrl(API.customers.list, { org: orgA.id }, { search }),
        headers: owner,
      })
      return res.json().items.map((c: { id: string }) => c.id)
    }
    expect(await q(`anna ${tag.toLowerCase()}`)).toEqual([made[1].id])
    expect(await q('DIRK')).toContain(made[2].id)
    expect(await q(made[3].email.toUpperCase())).toEqual([made[3].id])
    expect(await q('99988877')).toEqual([made[2].id])
    expect(await q('%')).toEqual([])
  })

  it('customers: soft-deleted customers only show with includeDeleted=true', async () => {
    const gone = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { lastName: `${tag} Weg` }))
    await app.db.update(customers).set({ deleted: true }).where(eq(customers.id, gone.id))
    const ids = async (query: Query = {}) =>
      (
        await app.inject({
          method: 'GET',
          url: apiUrl(API.customers.list, { org: orgA.id }, { search: tag, ...query }),
          headers: owner,
        })
      )
        .json()
        .items.map((c: { id: string }) => c.id)
    expect(await ids()).not.toContain(gone.id)
    expect(await ids({ includeDeleted: false })).not.toContain(gone.id)
    expect(await ids({ includeDeleted: true })).toContain(gone.id)
    await app.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, gone.id))
    expect(await ids({ includeDeleted: true })).not.toContain(gone.id)
  })

  it('customers: invalid paging is a 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgA.id }, { page: '0', pageSize: '1000' }),
      headers: owner,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })

  it('customers: without readCustomers the list is 403', async () => {
    const res = await app.inject({ method: 'GET', url: url(), headers: nobody.headers })
    expect(res.statusCode).toBe(403)
  })

  it('customers: another organisation gets 404 and never sees our customers', async () => {
    const res = await app.inject({ method: 'GET', url: url(), headers: orgB.owner.headers })
    expect(res.statusCode).toBe(404)
    const own = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.list, { org: orgB.id }, { search: tag }),
      headers: orgB.owner.headers,
    })
    expect(own.json().items.map((c: { lastName: string }) => c.lastName)).toEqual([`${tag} Other`])
  })
})

describe('the page statement, prepared once per shape (issue 25)', () => {
  it('gives each organisation, employee and branch only their own rows, whoever asked the same shape before', async () => {
    const asks = [
      { who: owner, org: orgA.id, query: { search: tag } },
      { who: desk.headers, org: orgA.id, query: { search: tag } },
      { who: orgB.owner.headers, org: orgB.id, query: { search: tag } },
      { who: owner, org: orgA.id, query: { search: tag, salonId: a2.id } },
      { who: owner, org: orgA.id, query: { search: '0699988877' } },
      { who: orgB.owner.headers, org: orgB.id, query: { search: '0699988877' } },
      { who: owner, org: orgA.id, query: { search: tag, includeDeleted: 'true' } },
      { who: orgB.owner.headers, org: orgB.id, query: { search: tag, includeDeleted: 'true' } },
    ]
    const names = async (a: (typeof asks)[number]) => {
      const res = await app.inject({
        method: 'GET',
        url: apiUrl(API.customers.list, { org: a.org }, a.query),
        headers: a.who,
      })
      expect(res.statusCode).toBe(200)
      return res.json().items.map((c: { lastName: string; firstName: string }) => `${c.firstName} ${c.lastName}`)
    }
    const first = []
    for (const a of asks) first.push(await names(a))
    expect(first).toEqual([
      [`Dirk ${tag} Albers`, `Anna ${tag} Bakker`, `Carla ${tag} Bakker`, `Eva ${tag} Visser`],
      [`Anna ${tag} Bakker`, `Carla ${tag} Bakker`, `Eva ${tag} Visser`],
      [`Anna ${tag} Other`],
      [`Dirk ${tag} Albers`, `Eva ${tag} Visser`],
      [`Dirk ${tag} Albers`],
      [],
      [`Dirk ${tag} Albers`, `Anna ${tag} Bakker`, `Carla ${tag} Bakker`, `Eva ${tag} Visser`],
      [`Anna ${tag} Other`],
    ])
    // The same shapes again, in the reverse order: the same answers.
    for (const [i, a] of [...asks.entries()].reverse()) expect(await names(a), `ask ${i}`).toEqual(first[i])
  })
})

describe('POST /customers/search', () => {
  it('customers: searches with paging and writes a customersSearch audit event', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.search, { org: orgA.id }),
      headers: owner,
      payload: { search: `${tag} bakker`, page: 1, pageSize: 1 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 })
    expect(res.json().items[0].firstName).toBe('Anna')
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'customersSearch'), eq(auditEvents.organisationId, orgA.id)))
    expect(events.length).toBeGreaterThan(0)
  })

  it('customers: every search leaves exactly one audit row with the total it answered — also when a write changed the total in between', async () => {
    const t = unique('Au')
    const search = async (headers = owner) => {
      const res = await app.inject({
        method: 'POST',
        url: apiUrl(API.customers.search, { org: orgA.id }),
        headers,
        payload: { search: `${t} kok`, page: 1, pageSize: 1 },
      })
      expect(res.statusCode).toBe(200)
      return res.json().total as number
    }
    const rows = async () =>
      (
        await app.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.event, 'customersSearch'), eq(auditEvents.organisationId, orgA.id)))
      )
        .filter((e) => (e.data as { search: string }).search === `${t} kok`)
        .sort((x, y) => x.id.localeCompare(y.id))
    // Nothing found: an empty page, still one row.
    expect(await search()).toBe(0)
    expect((await rows()).map((e) => e.data)).toEqual([{ search: `${t} kok`, salonId: null, results: 0 }])
    await postCustomer(app, orgA.id, owner, customerBody([a1.id], { lastName: `${t} Kok` }))
    // The total kept from the first search is stale now: the page is read again with a fresh
    // count, and the one row written says what the answer said.
    expect(await search()).toBe(1)
    await postCustomer(app, orgA.id, owner, customerBody([a1.id], { firstName: 'Bo', lastName: `${t} Kok` }))
    expect(await search()).toBe(2)
    expect(await search(desk.headers)).toBe(2)
    const written = await rows()
    expect(written.map((e) => (e.data as { results: number }).results)).toEqual([0, 1, 2, 2])
    expect(written.map((e) => e.actorId)).toEqual([orgA.owner.id, orgA.owner.id, orgA.owner.id, desk.id])
    expect(written.every((e) => e.actorKind === 'employee' && e.impersonatedBy === null)).toBe(true)
  })

  it('customers: search validation, permission and tenant', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.search, { org: orgA.id }),
      headers: owner,
      payload: { page: 'x' },
    })
    expect(bad.statusCode).toBe(400)
    const denied = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.search, { org: orgA.id }),
      headers: nobody.headers,
      payload: {},
    })
    expect(denied.statusCode).toBe(403)
    const foreign = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.search, { org: orgA.id }),
      headers: orgB.owner.headers,
      payload: {},
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('GET /customers/all and /customers/email', () => {
  it('customers: all lists id, full name and e-mail of a branch', async () => {
    const res = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.all, { org: orgA.id }, { salonId: a2.id }),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    const rows = res.json()
    expect(rows).toContainEqual({ id: made[2].id, fullName: `Dirk ${tag} Albers`, email: made[2].email })
    expect(rows.some((r: { id: string }) => r.id === made[0].id)).toBe(false)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: apiUrl(API.customers.all, { org: orgA.id }, { salonId: 'x' }),
          headers: owner,
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await app.inject({ method: 'GET', url: apiUrl(API.customers.all, { org: orgA.id }), headers: nobody.headers }))
        .statusCode,
    ).toBe(403)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: apiUrl(API.customers.all, { org: orgA.id }),
          headers: orgB.owner.headers,
        })
      ).statusCode,
    ).toBe(404)
  })

  it('customers: email says whether it exists and whether in my branches', async () => {
    const q = async (email: string, headers = owner) =>
      app.inject({ method: 'GET', url: apiUrl(API.customers.lookupEmail, { org: orgA.id }, { email }), headers })
    expect((await q(made[2].email)).json()).toEqual({ exists: true, inYourBranches: true })
    expect((await q(made[2].email.toUpperCase(), desk.headers)).json()).toEqual({ exists: true, inYourBranches: false })
    expect((await q('nobody@example.test')).json()).toEqual({ exists: false, inYourBranches: false })
    expect((await q('not-an-email')).statusCode).toBe(400)
    expect((await q(made[2].email, nobody.headers)).statusCode).toBe(403)
    expect((await q(made[2].email, orgB.owner.headers)).statusCode).toBe(404)
    // Org B asking about org A's customer in its own organisation learns nothing.
    const foreign = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.lookupEmail, { org: orgB.id }, { email: made[0].email }),
      headers: orgB.owner.headers,
    })
    expect(foreign.json()).toEqual({ exists: false, inYourBranches: false })
  })
})
