import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { employeeCallerOf } from '../../server/auth/caller'
import { createSession } from '../../server/auth/sessions'
import type { Db } from '../../server/db/client'
import { pushMutations } from '../../server/services/sync'
import { customers, syncLedger } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { client, newId, pull, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const base = { orgId: orgA.id, salonId: a1.id, headers: owner }
const countCustomers = async () =>
  (await app.db.select().from(customers).where(eq(customers.organisationId, orgA.id))).length

describe('POST /sync/push', () => {
  it('sync: a push whose response was lost is retried and applied once', async () => {
    const c = client()
    const batch = [
      c.m('customer.create', { ...customerBody([a1.id]), id: newId() }),
      c.m('customer.create', { ...customerBody([a1.id]), id: newId() }),
    ]
    const first = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(first.statusCode).toBe(200)
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied'])
    expect(first.json().lastMutationSeq).toBe(1)
    const count = await countCustomers()

    const retry = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(retry.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate'])
    expect(retry.json().results[0].result).toEqual(first.json().results[0].result)
    expect(await countCustomers()).toBe(count)
  })

  it('sync: a resend racing the original (its answer timed out) is answered as duplicates, each applied once', async () => {
    const c = client()
    const batch = Array.from({ length: 20 }, () => c.m('customer.create', { ...customerBody([a1.id]), id: newId() }))
    const count = await countCustomers()
    const [one, two] = await Promise.all([
      push(app, { ...base, clientId: c.clientId, mutations: batch }),
      push(app, { ...base, clientId: c.clientId, mutations: batch }),
    ])
    expect([one.statusCode, two.statusCode]).toEqual([200, 200])
    type Result = { status: string; result: unknown }
    const [a, b] = [one, two].map((r) => r.json().results as Result[])
    // Per mutation, whichever push came first applied it; the other waited and found it done.
    expect(a.map((x, i) => [x.status, b[i].status].sort())).toEqual(batch.map(() => ['applied', 'duplicate']))
    expect(b.map((x) => x.result)).toEqual(a.map((x) => x.result))
    expect(await countCustomers()).toBe(count + 20)
  })

  it('sync: the same mutation id with another payload is a conflict', async () => {
    const c = client()
    const m = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    await push(app, { ...base, clientId: c.clientId, mutations: [m] })
    const other = { ...m, args: { ...(m.args as object), firstName: 'Changed' } }
    const res = await push(app, { ...base, clientId: c.clientId, mutations: [other] })
    expect(res.json().results[0]).toMatchObject({ status: 'conflict', code: 'MUTATION_CONFLICT' })
  })

  it('sync: an invalid mutation is rejected, the rest of the batch still applies, and a retry answers the same', async () => {
    const c = client()
    const good = { ...customerBody([a1.id]), id: newId() }
    const batch = [
      c.m('customer.create', { ...customerBody([a1.id]), email: 'broken', id: newId() }),
      c.m('customer.create', good),
      c.m('customer.update', { id: newId(), changes: { city: 'Nowhere' } }),
    ]
    const res = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    const [bad, ok, missing] = res.json().results
    expect(bad).toMatchObject({ status: 'rejected', code: 'VALIDATION_FAILED' })
    expect(bad.details.fields[0]).toEqual({
      path: 'email',
      code: 'email',
      params: {},
      message: 'Valid email address is required.',
    })
    expect(ok).toMatchObject({ status: 'applied', result: { id: good.id, email: good.email } })
    expect(missing).toMatchObject({ status: 'rejected', code: 'CUSTOMER_NOT_FOUND' })
    expect(res.json().lastMutationSeq).toBe(2)

    const retry = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(retry.json().results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'duplicate', 'rejected'])
  })

  it('sync: two clients editing different fields of one customer both survive', async () => {
    const cust = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const tablet1 = client()
    const tablet2 = client()
    await push(app, {
      ...base,
      clientId: tablet1.clientId,
      mutations: [tablet1.m('customer.update', { id: cust.id, changes: { city: 'Delft' }, base: { city: null } })],
    })
    const res = await push(app, {
      ...base,
      clientId: tablet2.clientId,
      mutations: [
        tablet2.m('customer.update', { id: cust.id, changes: { notes: 'Sensitive skin' }, base: { notes: null } }),
      ],
    })
    expect(res.json().results[0]).toMatchObject({
      status: 'applied',
      result: { customer: { city: 'Delft', notes: 'Sensitive skin' }, conflicts: [] },
    })
  })

  it('sync: the same field edited on two clients records a conflict, visible in the feed and the API', async () => {
    const cust = await postCustomer(app, orgA.id, owner, customerBody([a1.id], { city: 'Gouda' }))
    const tablet1 = client()
    const tablet2 = client()
    const edit = (t: ReturnType<typeof client>, city: string) =>
      push(app, {
        ...base,
        clientId: t.clientId,
        mutations: [t.m('customer.update', { id: cust.id, changes: { city }, base: { city: 'Gouda' } })],
      })
    const before = (await pull(app, { ...base })).json().cursor
    await edit(tablet1, 'Delft')
    const res = await edit(tablet2, 'Leiden')
    expect(res.json().results[0]).toMatchObject({
      status: 'applied',
      result: { customer: { city: 'Delft' }, conflicts: ['city'] },
    })

    const feed = (await pull(app, { ...base, since: before })).json()
    const conflict = feed.changes.find((c: { entity: string }) => c.entity === 'customerConflict')
    expect(conflict.row).toMatchObject({
      customerId: cust.id,
      field: 'city',
      keptValue: 'Delft',
      rejectedValue: 'Leiden',
      clientId: tablet2.clientId,
    })
    const api = await app.inject({
      method: 'GET',
      url: apiUrl(API.customers.conflicts, { org: orgA.id, id: cust.id }),
      headers: owner,
    })
    expect(api.json().map((c: { id: string }) => c.id)).toEqual([conflict.row.id])

    const t3 = client()
    const resolved = await push(app, {
      ...base,
      clientId: t3.clientId,
      mutations: [t3.m('customerConflict.resolve', { id: conflict.row.id })],
    })
    expect(resolved.json().results[0].result.resolvedAt).not.toBeNull()
  })

  it('sync: an expired or invalid token is 401 and nothing is written', async () => {
    const { token } = await createSession(app.db, {
      kind: 'employee',
      subjectId: orgA.owner.id,
      organisationId: orgA.id,
      ttlHours: -1,
    })
    const c = client()
    const m = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const count = await countCustomers()
    for (const headers of [bearer(token), bearer('garbage'), {}]) {
      const res = await push(app, { ...base, headers, clientId: c.clientId, mutations: [m] })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('UNAUTHENTICATED')
    }
    expect(await countCustomers()).toBe(count)
    expect(await app.db.select().from(syncLedger).where(eq(syncLedger.mutationId, m.id))).toHaveLength(0)
    // Signed in again, the same queued mutation goes through.
    const res = await push(app, { ...base, clientId: c.clientId, mutations: [m] })
    expect(res.json().results[0].status).toBe('applied')
  })

  it('sync: an unsupported schema version refuses the whole batch', async () => {
    const c = client()
    const m = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const res = await push(app, { ...base, clientId: c.clientId, mutations: [m] }, 999)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('SCHEMA_VERSION_UNSUPPORTED')
    expect(await app.db.select().from(syncLedger).where(eq(syncLedger.mutationId, m.id))).toHaveLength(0)
  })

  it('sync: a malformed batch is a 400', async () => {
    const res = await push(app, {
      ...base,
      clientId: 'x',
      mutations: [{ id: 'nope', seq: -1, name: 'customer.drop', args: {} }],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })

  it('sync: permissions are those of the REST call; without access to the branch it is 403', async () => {
    const reader = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [a1.id],
      permissions: ['readCustomers'],
    })
    const c = client()
    const res = await push(app, {
      ...base,
      headers: reader.headers,
      clientId: c.clientId,
      mutations: [c.m('customer.create', { ...customerBody([a1.id]), id: newId() })],
    })
    expect(res.json().results[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' })
    const other = await push(app, {
      ...base,
      salonId: a2.id,
      headers: reader.headers,
      clientId: c.clientId,
      mutations: [],
    })
    expect(other.statusCode).toBe(403)
  })

  it('sync: another organisation cannot push into ours', async () => {
    const c = client()
    const m = c.m('customer.create', { ...customerBody([a1.id]), id: newId() })
    const res = await push(app, { ...base, headers: orgB.owner.headers, clientId: c.clientId, mutations: [m] })
    expect(res.statusCode).toBe(404)
    const viaOwn = await push(app, {
      orgId: orgB.id,
      salonId: a1.id,
      headers: orgB.owner.headers,
      clientId: c.clientId,
      mutations: [m],
    })
    expect(viaOwn.statusCode).toBe(404)
    expect(await app.db.select().from(syncLedger).where(eq(syncLedger.mutationId, m.id))).toHaveLength(0)
  })

  it('sync: a server failure stops the batch (500 to the client); what was applied stays in the ledger', async () => {
    const c = client()
    const batch = [
      c.m('customer.create', { ...customerBody([a1.id]), id: newId() }),
      c.m('customer.create', { ...customerBody([a1.id]), id: newId() }),
      c.m('customer.create', { ...customerBody([a1.id]), id: newId() }),
    ]
    // The database "goes down" at the second mutation's transaction.
    let calls = 0
    const flaky = new Proxy(app.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (...args: Parameters<Db['transaction']>) => {
            if (++calls === 2) return Promise.reject(new Error('connection terminated'))
            return target.transaction(...args)
          }
        return Reflect.get(target, prop, receiver)
      },
    })
    const caller = await employeeCallerOf(app.db, orgA.id, orgA.owner.id)
    const request = { clientId: c.clientId, schemaVersion: 1, mutations: batch as never }
    // One mutation per transaction, so the second one's is the one that fails.
    const chunk = { mutations: 1, ms: 1000 }
    await expect(pushMutations({ caller, db: flaky, salonId: a1.id, request, chunk })).rejects.toThrow(
      'connection terminated',
    )
    const ledger = await app.db.select().from(syncLedger).where(eq(syncLedger.clientId, c.clientId))
    expect(ledger.map((l) => l.seq)).toEqual([0])
    // The client retries the whole batch: the first is a duplicate, the rest apply.
    const retry = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(retry.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'applied', 'applied'])
  })

  it('sync: a failure inside a transaction of several mutations undoes them all; the retry applies each once', async () => {
    const c = client()
    const bodies = [0, 1, 2].map(() => ({ ...customerBody([a1.id]), id: newId() }))
    const batch = bodies.map((b) => c.m('customer.create', b))
    const before = await countCustomers()
    // The database "goes down" at the third mutation, inside the transaction the first two share.
    let savepoints = 0
    const failing = (tx: Db): Db =>
      new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop === 'transaction')
            return (...args: Parameters<Db['transaction']>) =>
              ++savepoints === 3 ? Promise.reject(new Error('connection terminated')) : target.transaction(...args)
          return Reflect.get(target, prop, receiver)
        },
      })
    const db = new Proxy(app.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (run: (tx: Db) => Promise<unknown>) => target.transaction((tx) => run(failing(tx as unknown as Db)))
        return Reflect.get(target, prop, receiver)
      },
    })
    const caller = await employeeCallerOf(app.db, orgA.id, orgA.owner.id)
    const request = { clientId: c.clientId, schemaVersion: 1, mutations: batch as never }
    const chunk = { mutations: 3, ms: 60_000 }
    await expect(pushMutations({ caller, db, salonId: a1.id, request, chunk })).rejects.toThrow('connection terminated')
    // Nothing of that transaction stays: no customer, no ledger row, no last seq.
    expect(await countCustomers()).toBe(before)
    expect(await app.db.select().from(syncLedger).where(eq(syncLedger.clientId, c.clientId))).toEqual([])
    const retry = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(retry.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied'])
    expect(retry.json().lastMutationSeq).toBe(2)
    expect(await countCustomers()).toBe(before + 3)
    const again = await push(app, { ...base, clientId: c.clientId, mutations: batch })
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ])
    expect(await countCustomers()).toBe(before + 3)
  })
})
