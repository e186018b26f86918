import { and, count, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { ERRORS } from '../../contract/errors'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { customers, employees, salons } from '../../server/db/schema'
import { buildTestApp, unique } from '../helpers/app'
import { seedCustomer } from '../helpers/customers'
import { seedEmployee, seedOrganisation, type SeededOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { seedPlan, subscribe } from './billing-limits-fixtures'
import { customerBody } from './customers-fixtures'

/*
 * Issue 22: the plan's limits at write time. A create of a customer, employee or branch over the
 * limit answers the spec's "Limit reached for …: update your subscription" (402) and writes
 * nothing; a downgrade below the usage deletes nothing and only blocks what would add to it;
 * two creates racing at limit − 1 let exactly one through; an organisation without a
 * subscription is unlimited as before.
 */

const app = await buildTestApp()

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> })
const createCustomer = (org: SeededOrganisation, over: Record<string, unknown> = {}) =>
  post(apiUrl(API.customers.create, { org: org.id }), org.owner.headers, customerBody([org.salons[0].id], over))
const createSalon = (org: SeededOrganisation) =>
  post(apiUrl(API.salons.create, { org: org.id }), org.owner.headers, { name: unique('Vestiging ') })
const createEmployee = (org: SeededOrganisation) =>
  post(apiUrl(API.employees.create, { org: org.id }), org.owner.headers, {
    firstName: 'Mila',
    lastName: unique('Bakker '),
    email: `${unique('emp-')}@example.test`,
    language: 'nl',
    access: [{ salonId: org.salons[0].id, roleId: org.ownerRoleId }],
  })

const countRows = async (table: typeof customers | typeof employees | typeof salons, orgId: string) =>
  (await app.db.select({ n: count() }).from(table).where(eq(table.organisationId, orgId)))[0].n

const expectLimit = (res: { statusCode: number; json: () => { code: string; message: string } }, code: string) => {
  expect(res.statusCode).toBe(402)
  expect(res.json().code).toBe(code)
  expect(res.json().message).toBe(ERRORS[code as keyof typeof ERRORS].message)
}

describe('limits: creating over the plan’s limit', () => {
  it('customers: at limit − 1 a create passes; at the limit it answers the spec text and writes nothing', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { customers: 2 }))
    await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    expect((await createCustomer(org)).statusCode).toBe(201)
    const before = await countRows(customers, org.id)
    const refused = await createCustomer(org)
    expectLimit(refused, 'CUSTOMERS_LIMIT_REACHED')
    expect(refused.json().message).toBe('Limit reached for customers: update your subscription.')
    expect(refused.json().details).toMatchObject({ limit: 2, used: 2, adding: 1 })
    expect(await countRows(customers, org.id)).toBe(before)
  })

  it('customers: adding an existing customer of another branch is not a new customer (no limit)', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    await subscribe(app, org.id, await seedPlan(app, { customers: 1 }))
    const existing = await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const res = await post(
      apiUrl(API.customers.create, { org: org.id }),
      org.owner.headers,
      customerBody([org.salons[1].id], { email: existing.email, assignExisting: true }),
    )
    expect(res.statusCode).toBe(200)
  })

  it('employees: the owner counts; at the limit an invitation is refused and nobody is written', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { employees: 2 }))
    expect((await createEmployee(org)).statusCode).toBe(201)
    const before = await countRows(employees, org.id)
    expectLimit(await createEmployee(org), 'EMPLOYEES_LIMIT_REACHED')
    expect(await countRows(employees, org.id)).toBe(before)
  })

  it('branches: at the limit a new branch is refused with "Limit reached for branches"', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { salons: 2 }))
    expect((await createSalon(org)).statusCode).toBe(201)
    const refused = await createSalon(org)
    expectLimit(refused, 'SALONS_LIMIT_REACHED')
    expect(refused.json().message).toBe('Limit reached for branches: update your subscription.')
    expect(await countRows(salons, org.id)).toBe(2)
  })

  it('limits: an organisation without a subscription is unlimited, as before billing', async () => {
    const org = await seedOrganisation(app)
    for (let i = 0; i < 4; i++) expect((await createSalon(org)).statusCode).toBe(201)
    for (let i = 0; i < 3; i++) expect((await createEmployee(org)).statusCode).toBe(201)
  })

  it('limits: two creates at limit − 1 at once: exactly one passes', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { customers: 3, salons: 2 }))
    await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const answers = await Promise.all([createCustomer(org), createCustomer(org), createCustomer(org)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 402, 402])
    expect(await countRows(customers, org.id)).toBe(3)
    const branches = await Promise.all([createSalon(org), createSalon(org)])
    expect(branches.map((r) => r.statusCode).sort()).toEqual([201, 402])
    expect(await countRows(salons, org.id)).toBe(2)
  })
})

describe('limits: after a downgrade below the usage', () => {
  it('nothing is deleted; creating and restoring are refused, deleting and editing still work', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    await subscribe(app, org.id, await seedPlan(app))
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await seedCustomer(app, { organisationId: org.id, salonIds: [salonId] })).id)
    const removed = await seedCustomer(app, { organisationId: org.id, salonIds: [salonId], deleted: true })
    // The downgrade: a plan for 2 customers while 3 are in use.
    await subscribe(app, org.id, await seedPlan(app, { customers: 2 }))

    const list = await app.inject({ url: apiUrl(API.customers.list, { org: org.id }), headers: org.owner.headers })
    expect(list.statusCode).toBe(200)
    expect(list.json().total).toBe(3)
    expectLimit(await createCustomer(org), 'CUSTOMERS_LIMIT_REACHED')

    const update = (id: string, changes: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.customers.update, { org: org.id, id }),
        headers: org.owner.headers,
        payload: { changes },
      })
    // Restoring a soft-deleted customer makes them count again: refused over the limit.
    expectLimit(await update(removed.id, { deleted: false }), 'CUSTOMERS_LIMIT_REACHED')
    expect((await update(ids[0], { firstName: 'Nieuw' })).statusCode).toBe(200)
    // Soft-deleting two brings the usage to 1: one restore fits again.
    expect((await update(ids[0], { deleted: true })).statusCode).toBe(200)
    expect((await update(ids[1], { deleted: true })).statusCode).toBe(200)
    expect((await update(removed.id, { deleted: false })).statusCode).toBe(200)
    expect(await countRows(customers, org.id)).toBe(4)
  })

  it('employees: reactivating one over the limit is refused; deactivating works', async () => {
    const org = await seedOrganisation(app)
    const kept = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const other = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const setActive = (id: string, active: boolean) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.employees.update, { org: org.id, id }),
        headers: org.owner.headers,
        payload: { active },
      })
    expect((await setActive(other.id, false)).statusCode).toBe(200)
    await subscribe(app, org.id, await seedPlan(app, { employees: 2 }))
    expectLimit(await setActive(other.id, true), 'EMPLOYEES_LIMIT_REACHED')
    expect((await setActive(kept.id, false)).statusCode).toBe(200)
    expect((await setActive(other.id, true)).statusCode).toBe(200)
  })
})

describe('limits: CSV import', () => {
  const row = (n: number) => ({ row: n, email: `${unique('imp-')}@example.test`, firstName: 'Imke', lastName: `R${n}` })
  const bulk = (org: SeededOrganisation, rows: ReturnType<typeof row>[], importId = uuidv7()) =>
    post(apiUrl(API.customerImports.bulk, { org: org.id }), org.owner.headers, {
      importId,
      chunkId: uuidv7(),
      fileName: 'klanten.csv',
      salonIds: [org.salons[0].id],
      rows,
    })

  it('a chunk that does not fit is refused whole (nothing of it imported); one that fits is imported', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { customers: 4 }))
    await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const importId = uuidv7()
    const refused = await bulk(org, [row(1), row(2), row(3), row(4)], importId)
    expectLimit(refused, 'CUSTOMERS_LIMIT_REACHED')
    expect(refused.json().details).toMatchObject({ limit: 4, used: 1, adding: 4 })
    expect(await countRows(customers, org.id)).toBe(1)
    const fits = await bulk(org, [row(1), row(2), row(3)], importId)
    expect(fits.statusCode).toBe(200)
    expect(fits.json().created).toBe(3)
    expect(await countRows(customers, org.id)).toBe(4)
  })

  it('the dry run says how many more the plan has room for (none said without a limit)', async () => {
    const org = await seedOrganisation(app)
    const check = () =>
      post(apiUrl(API.customerImports.check, { org: org.id }), org.owner.headers, { emails: ['a@example.test'] })
    expect((await check()).json()).toEqual({ existing: [] })
    await subscribe(app, org.id, await seedPlan(app, { customers: 3 }))
    await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    expect((await check()).json()).toEqual({ existing: [], room: 2 })
    // After a downgrade below the usage: no room at all (never negative).
    await subscribe(app, org.id, await seedPlan(app, { customers: 1 }))
    await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    expect((await check()).json()).toEqual({ existing: [], room: 0 })
  })

  it('rows whose e-mail is a customer already are skipped, so they do not count', async () => {
    const org = await seedOrganisation(app)
    await subscribe(app, org.id, await seedPlan(app, { customers: 2 }))
    const existing = await seedCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const res = await bulk(org, [{ ...row(1), email: existing.email }, row(2)])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ created: 1, skippedExisting: [{ row: 1 }] })
  })
})

describe('limits: a tablet’s queued create through the sync push', () => {
  it('over the limit the mutation is refused with the spec text (recorded), the next one is applied', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    await subscribe(app, org.id, await seedPlan(app, { customers: 1 }))
    const first = { ...customerBody([salonId]), id: uuidv7() }
    const second = { ...customerBody([salonId]), id: uuidv7() }
    const res = await post(apiUrl(API.sync.push, { org: org.id, salon: salonId }), org.owner.headers, {
      clientId: uuidv7(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [
        { id: uuidv7(), seq: 1, name: 'customer.create', args: first },
        { id: uuidv7(), seq: 2, name: 'customer.create', args: second },
        { id: uuidv7(), seq: 3, name: 'customer.update', args: { id: first.id, changes: { firstName: 'Eva' } } },
      ],
    })
    expect(res.statusCode).toBe(200)
    const [a, b, c] = res.json().results
    expect(a.status).toBe('applied')
    expect(b).toMatchObject({
      status: 'rejected',
      code: 'CUSTOMERS_LIMIT_REACHED',
      message: 'Limit reached for customers: update your subscription.',
    })
    expect(c.status).toBe('applied')
    const rows = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organisationId, org.id), eq(customers.id, second.id)))
    expect(rows).toEqual([])
  })
})
