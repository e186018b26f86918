import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Change } from '../../contract/sync'
import { organisations } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { client, pull, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const base = { orgId: orgA.id, salonId: a1.id, headers: owner }

const inA1 = [] as { id: string }[]
for (let i = 0; i < 7; i++) inA1.push(await postCustomer(app, orgA.id, owner, customerBody([a1.id])))
const inA2 = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([orgB.salons[0].id]))

/** Pages through the feed like a replica does. */
async function pullAll(o: { since?: number; limit: number; salonId?: string }) {
  let cursor = o.since ?? 0
  const changes: Change[] = []
  let pages = 0
  for (;;) {
    const res = await pull(app, { ...base, salonId: o.salonId ?? a1.id, since: cursor, limit: o.limit })
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page.changes.length).toBeLessThanOrEqual(o.limit)
    expect(page.cursor).toBeGreaterThanOrEqual(cursor)
    changes.push(...page.changes)
    cursor = page.cursor
    pages++
    if (!page.hasMore) return { changes, cursor, pages }
  }
}

describe('GET /sync/changes', () => {
  it('sync: a fresh replica gets its branch customers and all branches, in version order', async () => {
    const { changes } = await pullAll({ limit: 1000 })
    const customerIds = changes.filter((c) => c.entity === 'customer').map((c) => (c.deleted ? c.id : c.row.id))
    expect(customerIds.sort()).toEqual(inA1.map((c) => c.id).sort())
    const salons = changes.filter((c) => c.entity === 'salon' && !c.deleted)
    expect(salons.map((c) => (c.deleted ? '' : c.row.id)).sort()).toEqual([a1.id, a2.id].sort())
    const s1 = salons.find((c) => !c.deleted && c.row.id === a1.id)
    expect(s1?.deleted === false && s1.row).toMatchObject({ name: a1.name, customersCount: 7, employeesCount: 1 })
    const versions = changes.map((c) => c.version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
  })

  it('sync: paging with a small limit builds exactly the same replica as one big page', async () => {
    // A replica applies rows and tombstones in order; tombstones of rows it never had are no-ops.
    const replica = (changes: Change[]) => {
      const rows = new Map<string, unknown>()
      for (const c of changes) {
        const key = `${c.entity}:${c.deleted ? c.id : c.row.id}`
        if (c.deleted) rows.delete(key)
        else rows.set(key, c.row)
      }
      return Object.fromEntries([...rows].sort(([a], [b]) => a.localeCompare(b)))
    }
    const big = await pullAll({ limit: 1000 })
    for (const limit of [1, 2, 3]) {
      const small = await pullAll({ limit })
      expect(replica(small.changes)).toEqual(replica(big.changes))
      expect(small.cursor).toBe(big.cursor)
      expect(small.pages).toBeGreaterThan(2)
      const versions = small.changes.map((c) => c.version)
      expect(new Set(versions).size).toBe(versions.length)
    }
  })

  it('sync: a customer that leaves the branch comes as a tombstone; the other branch gets the row', async () => {
    const start = (await pullAll({ limit: 1000 })).cursor
    const startA2 = (await pullAll({ limit: 1000, salonId: a2.id })).cursor
    const moved = inA1[0]
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: moved.id }),
      headers: owner,
      payload: { changes: { salonIds: [a2.id] } },
    })
    expect(res.statusCode).toBe(200)
    const { changes } = await pullAll({ since: start, limit: 1000 })
    expect(changes.find((c) => c.entity === 'customer')).toMatchObject({
      entity: 'customer',
      deleted: true,
      id: moved.id,
    })
    // Both branches' counts changed: their rows are in the feed again.
    const counts = Object.fromEntries(
      changes
        .filter((c) => c.entity === 'salon' && !c.deleted)
        .map((c) => (c.deleted ? [] : [c.row.id, c.row.customersCount])),
    )
    expect(counts).toEqual({ [a1.id]: 6, [a2.id]: 2 })
    const other = await pullAll({ since: startA2, limit: 1000, salonId: a2.id })
    expect(other.changes.find((c) => c.entity === 'customer')).toMatchObject({ deleted: false, row: { id: moved.id } })
  })

  it('sync: an edit shows up after the cursor; nothing is repeated before it', async () => {
    const { cursor } = await pullAll({ limit: 1000 })
    const empty = (await pull(app, { ...base, since: cursor })).json()
    expect(empty).toMatchObject({ changes: [], cursor, hasMore: false, reset: false })
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: inA1[1].id }),
      headers: owner,
      payload: { changes: { city: 'Zwolle' } },
    })
    const next = (await pull(app, { ...base, since: cursor })).json()
    expect(next.changes).toHaveLength(1)
    expect(next.changes[0]).toMatchObject({
      entity: 'customer',
      deleted: false,
      row: { id: inA1[1].id, city: 'Zwolle' },
    })
    expect(next.cursor).toBe(next.changes[0].version)
  })

  it('sync: a cursor older than the sync floor asks for a reset and serves from the start', async () => {
    const { cursor } = await pullAll({ limit: 1000 })
    await app.db.update(organisations).set({ syncFloor: cursor }).where(eq(organisations.id, orgA.id))
    const res = (await pull(app, { ...base, since: cursor - 1 })).json()
    expect(res.reset).toBe(true)
    expect(res.changes.some((c: Change) => c.entity === 'customer')).toBe(true)
    expect((await pull(app, { ...base, since: cursor })).json().reset).toBe(false)
    await app.db.update(organisations).set({ syncFloor: 0 }).where(eq(organisations.id, orgA.id))
  })

  it('sync: the feed tells a client its last acknowledged mutation (-1 if none)', async () => {
    const c = client()
    expect((await pull(app, { ...base, clientId: c.clientId })).json().lastMutationSeq).toBe(-1)
    await push(app, {
      ...base,
      clientId: c.clientId,
      mutations: [
        c.m('customer.update', { id: inA1[2].id, changes: { notes: 'x' } }),
        c.m('customer.update', { id: inA1[2].id, changes: { notes: 'y' } }),
      ],
    })
    expect((await pull(app, { ...base, clientId: c.clientId })).json().lastMutationSeq).toBe(1)
    // Another organisation's employee using the same client id learns nothing.
    const b = await pull(app, {
      orgId: orgB.id,
      salonId: orgB.salons[0].id,
      headers: orgB.owner.headers,
      clientId: c.clientId,
    })
    expect(b.json().lastMutationSeq).toBe(-1)
  })

  it('sync: validation, permission and tenant checks', async () => {
    expect((await pull(app, { ...base, limit: 0 })).statusCode).toBe(400)
    const noRead = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [a1.id],
      permissions: ['readEmployees'],
    })
    // A role in the branch opens its replica; what it may not read is withheld (issue 9).
    const staffOnly = await pull(app, { ...base, headers: noRead.headers })
    expect(staffOnly.statusCode).toBe(200)
    expect(staffOnly.json().withheld).toEqual(expect.arrayContaining(['customer', 'customerConflict']))
    // They read employees, so the team comes (and branches); nothing of customers.
    const customerRows = (c: Change) => c.entity === 'customer' || c.entity === 'customerConflict'
    expect(staffOnly.json().changes.filter(customerRows)).toEqual([])
    expect(staffOnly.json().changes.some((c: Change) => c.entity === 'employee')).toBe(true)
    const onlyA2 = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [a2.id],
      permissions: ['readCustomers'],
    })
    expect((await pull(app, { ...base, headers: onlyA2.headers })).statusCode).toBe(403)
    expect((await pull(app, { ...base, headers: orgB.owner.headers })).statusCode).toBe(404)
    const viaOwnOrg = await pull(app, { orgId: orgB.id, salonId: a1.id, headers: orgB.owner.headers })
    expect(viaOwnOrg.statusCode).toBe(404)
    const bFeed = await pull(app, { orgId: orgB.id, salonId: orgB.salons[0].id, headers: orgB.owner.headers })
    const ids = bFeed.json().changes.map((c: Change) => (c.deleted ? c.id : c.row.id))
    for (const own of [...inA1, inA2, { id: a1.id }]) expect(ids).not.toContain(own.id)
  })
})
