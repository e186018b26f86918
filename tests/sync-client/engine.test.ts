import { describe, expect, it } from 'vitest'
import type { Customer } from '../../contract/customers'
import { createCustomer, resolveConflict, retryEntry, updateCustomer } from '../../src/local-db/mutations'
import type { SyncStatus } from '../../src/local-db/types'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network, until } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// The sync engine against the real server app over HTTP, with IndexedDB from fake-indexeddb.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setup() {
  const org = await seedOrganisation(app)
  const net = network()
  const salonId = org.salons[0].id
  const make = () => device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
  return { org, net, salonId, make }
}

async function serverCustomers(orgId: string, token: string, search?: string) {
  const res = await app.inject({
    url: apiUrl(API.customers.list, { org: orgId }),
    query: { pageSize: '200', ...(search ? { search } : {}) },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.statusCode).toBe(200)
  return res.json().items as Customer[]
}

describe('sync engine', () => {
  it('sync: a customer created offline is pending, then applied once when the server is reachable', async () => {
    const { org, net, salonId, make } = await setup()
    const { db, engine } = make()
    net.up = false
    const id = await createCustomer(db, customerInput(salonId, { firstName: 'Offline' }))
    expect(await engine.syncOnce()).toBe('offline')
    expect((await db.customers.get(id))?._pending).toBe(1)
    expect(await db.outbox.count()).toBe(1)

    net.up = true
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    const row = await db.customers.get(id)
    expect(row?._pending).toBe(0)
    expect(row?.version).toBeGreaterThan(0)
    const onServer = (await serverCustomers(org.id, org.owner.token)).filter((c) => c.id === id)
    expect(onServer).toHaveLength(1)
    expect((await db.getMeta<SyncStatus>('status'))?.state).toBe('idle')
  })

  it('sync: a push whose response is lost is retried and the customer exists once', async () => {
    const { org, net, salonId, make } = await setup()
    const { db, engine } = make()
    const input = customerInput(salonId)
    const id = await createCustomer(db, input)
    net.loseNextPushResponses = 1
    expect(await engine.syncOnce()).toBe('offline')
    expect(await db.outbox.count()).toBe(1)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    const found = await serverCustomers(org.id, org.owner.token, input.email)
    expect(found.map((c) => c.id)).toEqual([id])
  })

  it('sync: a 401 pauses the queue without losing anything and setToken resumes it', async () => {
    const { org, salonId, make } = await setup()
    const { db, engine } = make()
    engine.setToken('expired-token-that-the-server-does-not-know')
    const id = await createCustomer(db, customerInput(salonId))
    engine.start()
    await until(
      async () => (await db.getMeta<SyncStatus>('status'))?.state,
      (s) => s === 'needsSignIn',
    )
    expect(await db.outbox.count()).toBe(1)
    engine.setToken(org.owner.token)
    await until(
      () => db.outbox.count(),
      (n) => n === 0,
    )
    engine.stop()
    expect((await serverCustomers(org.id, org.owner.token)).some((c) => c.id === id)).toBe(true)
  })

  it('sync: a rejected mutation is marked needs attention while the rest of the batch goes through', async () => {
    const { org, salonId, make } = await setup()
    const { db, engine } = make()
    const taken = customerInput(salonId)
    const existing = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: { authorization: `Bearer ${org.owner.token}` },
      payload: taken,
    })
    expect(existing.statusCode).toBe(201)

    const bad = await createCustomer(db, customerInput(salonId, { email: taken.email }))
    const good = await createCustomer(db, customerInput(salonId))
    expect(await engine.syncOnce()).toBe('idle')
    const [entry] = await db.outbox.toArray()
    expect(entry.entityId).toBe(bad)
    expect(entry.status).toBe('needsAttention')
    expect(entry.error?.code).toBe('CUSTOMER_EMAIL_TAKEN')
    expect((await db.customers.get(bad))?._error).toBe('CUSTOMER_EMAIL_TAKEN')
    expect((await db.customers.get(good))?._pending).toBe(0)

    // Staff fix the e-mail in the drawer: the create is re-sent under a new mutation id.
    const row = (await db.customers.get(bad))!
    await updateCustomer(db, bad, { ...row, email: `fixed-${taken.email}` })
    expect((await db.outbox.toArray())[0].status).toBe('queued')
    await engine.syncOnce()
    expect(await db.outbox.count()).toBe(0)
    expect((await db.customers.get(bad))?.email).toBe(`fixed-${taken.email}`)
  })

  it('sync: a customer existing in another branch is joined with assignExisting', async () => {
    const org = await seedOrganisation(app, { salons: 2 })
    const net = network()
    const [a, b] = org.salons
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: { authorization: `Bearer ${org.owner.token}` },
      payload: customerInput(b.id),
    })
    const other = res.json() as Customer
    const { db, engine } = device({ apiBase, orgId: org.id, salonId: a.id, token: org.owner.token, fetch: net.fetch })
    const local = await createCustomer(db, customerInput(a.id, { email: other.email }))
    await engine.syncOnce()
    const [entry] = await db.outbox.toArray()
    expect(entry.error?.code).toBe('CUSTOMER_EXISTS_IN_OTHER_BRANCH')
    await retryEntry(db, entry.seq!, { assignExisting: true })
    await engine.syncOnce()
    expect(await db.outbox.count()).toBe(0)
    expect(await db.customers.get(local)).toBeUndefined()
    expect((await db.customers.get(other.id))?.salonIds.sort()).toEqual([a.id, b.id].sort())
  })

  it('sync: two devices editing different fields both survive; the same field records a conflict', async () => {
    const { salonId, make } = await setup()
    const one = make()
    const two = make()
    const id = await createCustomer(one.db, customerInput(salonId, { city: 'Utrecht' }))
    await one.engine.syncOnce()
    await two.engine.syncOnce()
    const seen = (await two.db.customers.get(id))!
    expect(seen.city).toBe('Utrecht')

    // Both edit offline from the same version.
    await updateCustomer(one.db, id, { ...seen, firstName: 'Bea', notes: 'first device' })
    await updateCustomer(two.db, id, { ...seen, city: 'Haarlem', notes: 'second device' })
    await one.engine.syncOnce()
    await two.engine.syncOnce()
    await one.engine.syncOnce()

    for (const d of [one, two]) {
      const row = (await d.db.customers.get(id))!
      expect(row.firstName).toBe('Bea')
      expect(row.city).toBe('Haarlem')
      // The first committed value of the clashing field is kept.
      expect(row.notes).toBe('first device')
      expect(row._pending).toBe(0)
    }
    const conflicts = await one.db.customerConflicts.where('customerId').equals(id).toArray()
    expect(conflicts).toHaveLength(1)
    expect(conflicts[0]).toMatchObject({ field: 'notes', keptValue: 'first device', rejectedValue: 'second device' })

    await resolveConflict(one.db, conflicts[0].id)
    await one.engine.syncOnce()
    expect(await one.db.outbox.count()).toBe(0)
    expect((await one.db.customerConflicts.get(conflicts[0].id))?.resolvedAt).toBeTruthy()
  })

  it('sync: unsent edits stay visible when newer server data is pulled', async () => {
    const { net, salonId, make } = await setup()
    const one = make()
    const two = make()
    const id = await createCustomer(one.db, customerInput(salonId))
    await one.engine.syncOnce()
    await two.engine.syncOnce()
    const seen = (await two.db.customers.get(id))!
    await updateCustomer(one.db, id, { ...seen, city: 'Leiden' })
    await one.engine.syncOnce()

    // Device two edits another field; its push fails, but the pull still brings Leiden in.
    await updateCustomer(two.db, id, { ...seen, zipCode: '1234 AB' })
    net.loseNextPushResponses = 0
    await two.engine.pullAll()
    const row = (await two.db.customers.get(id))!
    expect(row.city).toBe('Leiden')
    expect(row.zipCode).toBe('1234 AB')
    expect(row._pending).toBe(1)
  })

  it('sync: two offline edits of one field on one device are not a conflict', async () => {
    const { net, salonId, make } = await setup()
    const { db, engine } = make()
    const id = await createCustomer(db, customerInput(salonId))
    await engine.syncOnce()
    net.up = false
    const row = (await db.customers.get(id))!
    await updateCustomer(db, id, { ...row, notes: 'one' })
    await updateCustomer(db, id, { ...(await db.customers.get(id))!, notes: 'two' })
    net.up = true
    await engine.syncOnce()
    expect((await db.customers.get(id))?.notes).toBe('two')
    expect(await db.customerConflicts.count()).toBe(0)
  })

  it('sync: a reset rebuilds the replica from 0 and keeps the outbox', async () => {
    const { org, salonId } = await setup()
    const net = network()
    let forceReset = false
    const resetting = (async (url: string, init?: RequestInit) => {
      if (forceReset && url.includes('/sync/changes') && !url.includes('since=0&')) {
        forceReset = false
        const body = {
          changes: [],
          cursor: 0,
          cursors: {},
          withheld: [],
          hasMore: false,
          reset: true,
          lastMutationSeq: -1,
        }
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
      }
      return net.fetch(url, init)
    }) as typeof net.fetch
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: resetting })
    const synced = await createCustomer(db, customerInput(salonId))
    await engine.syncOnce()
    net.up = false
    const unsent = await createCustomer(db, customerInput(salonId))
    await engine.pullAll().catch(() => undefined)
    net.up = true
    forceReset = true
    await engine.pullAll()
    expect(await db.customers.get(synced)).toBeTruthy()
    expect((await db.customers.get(unsent))?._pending).toBe(1)
    expect(await db.outbox.count()).toBe(1)
  })
})
