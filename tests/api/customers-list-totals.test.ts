import { asc, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { customers } from '../../server/db/schema'
import { takeVersions } from '../../server/db/versions'
import { buildTestApp, unique } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { customerBody, postCustomer } from './customers-fixtures'

const app = await buildTestApp()
const org = await seedOrganisation(app)
const salon = org.salons[0].id
const owner = org.owner.headers

/** 1,234 customers written as the bulk import does (one version each), names that repeat. */
const COUNT = 1234
await app.db.transaction(async (tx) => {
  const versions = await takeVersions(tx, org.id, COUNT)
  await tx.insert(customers).values(
    versions.map((version, i) => ({
      id: uuidv7(),
      organisationId: org.id,
      email: `c${i}@${unique('totals')}.test`,
      firstName: ['anna', 'Bram', 'carla'][i % 3],
      lastName: `${['de Vries', 'Jansen', 'bakker'][(i % 7) % 3]} ${i % 50}`,
      salonIds: [salon],
      allowedMessagingTypes: ['email'],
      version,
    })),
  )
})

const list = async (query: Record<string, string | number>) => {
  const res = await app.inject({
    method: 'GET',
    url: apiUrl(API.customers.list, { org: org.id }, query),
    headers: owner,
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { items: { id: string }[]; total: number }
}

describe('customers: list totals and deep pages (issue 25)', () => {
  it('customers: every page, past the kept anchors too, is the plain ORDER BY … OFFSET of the database', async () => {
    const expected = (
      await app.db
        .select({ id: customers.id })
        .from(customers)
        .where(sql`${customers.organisationId} = ${org.id}`)
        .orderBy(sql`lower(${customers.lastName})`, sql`lower(${customers.firstName})`, asc(customers.id))
    ).map((r) => r.id)
    const seen: string[] = []
    for (let page = 1; page <= Math.ceil(COUNT / 200); page++) {
      const body = await list({ salonId: salon, page, pageSize: 200 })
      expect(body.total).toBe(COUNT)
      seen.push(...body.items.map((c) => c.id))
    }
    expect(seen).toEqual(expected)
    // Any page size: a page starting just before, at and after an anchor (every 500th row).
    for (const [page, pageSize] of [
      [20, 25],
      [21, 25],
      [11, 49],
      [50, 25],
    ]) {
      const body = await list({ salonId: salon, page, pageSize })
      expect(body.items.map((c) => c.id)).toEqual(expected.slice((page - 1) * pageSize, page * pageSize))
    }
    expect((await list({ salonId: salon, page: 100, pageSize: 25 })).items).toEqual([])
  })

  it('customers: the kept total changes on the very next request after a write', async () => {
    const before = await list({ salonId: salon })
    await list({ salonId: salon, page: 3 })
    const made = await postCustomer(app, org.id, owner, customerBody([salon], { lastName: unique('Total') }))
    expect((await list({ salonId: salon, page: 3 })).total).toBe(before.total + 1)
    expect((await list({ salonId: salon })).total).toBe(before.total + 1)
    const search = await list({ search: 'jansen 1' })
    const res = await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customers.hardDelete, { org: org.id, id: made.id }),
      headers: owner,
    })
    expect(res.statusCode).toBeLessThan(300)
    expect((await list({ salonId: salon })).total).toBe(before.total)
    expect((await list({ search: 'jansen 1' })).total).toBe(search.total)
  })
})
