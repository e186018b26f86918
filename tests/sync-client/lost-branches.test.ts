import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EmployeeMe } from '../../contract/auth'
import { employeeSalonRoles } from '../../server/db/schema'
import { SyncEngine } from '../../src-worker/sync/engine'
import { openReplica, replicaName } from '../../src/local-db/db'
import { createCustomer } from '../../src/local-db/mutations'
import { dismissLostBranchNotice, dropLostReplicas, lostBranchNotices } from '../../src/features/sync/lost-branches'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerInput, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 9: the role in a branch taken away — that branch's replica leaves the device, and the
// unsent changes it held are listed to the employee, never dropped silently. The browser's
// IndexedDB is fake-indexeddb here (it lists databases like Chromium does); the server is real.
const app = await buildTestApp()
const apiBase = await listen(app)

/** localStorage for Node: the notices and the chosen branch live there in the browser. */
const store = new Map<string, string>()
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size
  },
} as Storage
beforeEach(() => store.clear())

async function setup() {
  const org = await seedOrganisation(app, { salons: 2 })
  const [a, b] = org.salons
  const desk = await seedEmployee(app, {
    organisationId: org.id,
    salonIds: [a.id, b.id],
    permissions: ['readCustomers', 'manageCustomers'],
  })
  const net = network()
  const replica = (salonId: string) => {
    const db = openReplica(replicaName(org.id, salonId, desk.id))
    const engine = new SyncEngine({ db, orgId: org.id, salonId, apiBase, fetch: net.fetch, pullIntervalMs: 0 })
    engine.setToken(desk.token)
    return { db, engine }
  }
  const me = async () =>
    (await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: desk.headers })).json() as EmployeeMe
  return { org, a, b, desk, net, replica, me }
}

describe('lost branches: the replica goes, the unsent work is listed', () => {
  it('drops the replica of the branch no longer held, keeps the others, and says what could not be sent', async () => {
    const { org, a, b, desk, net, replica, me } = await setup()
    const inA = replica(a.id)
    const inB = replica(b.id)
    expect(await inA.engine.syncOnce()).toBe('idle')
    expect(await inB.engine.syncOnce()).toBe('idle')
    localStorage.setItem(`currentSalon:${desk.id}`, b.id)
    const before = await me()
    const names = new Map(before.salons.map((s) => [s.salonId, s.salonName]))

    // Work made in B that has not reached the server yet.
    net.up = false
    await createCustomer(inB.db, customerInput(b.id, { firstName: 'Nog', lastName: 'Niet Verstuurd' }))
    net.up = true
    await app.db
      .delete(employeeSalonRoles)
      .where(and(eq(employeeSalonRoles.employeeId, desk.id), eq(employeeSalonRoles.salonId, b.id)))
    expect(await inB.engine.syncOnce()).toBe('error')
    expect(await inB.db.getMeta('accessLost')).toBeTruthy()

    const after = await me()
    expect(after.salons.map((s) => s.salonId)).toEqual([a.id])
    await dropLostReplicas(after, names)

    expect(await Dexie.exists(replicaName(org.id, b.id, desk.id))).toBe(false)
    expect(await Dexie.exists(replicaName(org.id, a.id, desk.id))).toBe(true)
    // The branch last worked in is forgotten: the app lands in one still held.
    expect(localStorage.getItem(`currentSalon:${desk.id}`)).toBeNull()
    const [notice] = lostBranchNotices(desk.id)
    expect(notice).toMatchObject({
      salonId: b.id,
      salonName: b.name,
      unsentCount: 1,
      unsent: [{ name: 'customer.create', about: 'Nog Niet Verstuurd' }],
    })

    // Asked again (another tab, the next refresh): nothing more to drop, no second notice.
    await dropLostReplicas(after, names)
    expect(lostBranchNotices(desk.id)).toHaveLength(1)
    dismissLostBranchNotice(desk.id, b.id)
    expect(lostBranchNotices(desk.id)).toEqual([])
    expect(store.has(`lostBranchNotices:${desk.id}`)).toBe(false)
  })

  it('a replica of a branch still held is never touched', async () => {
    const { a, desk, replica, me } = await setup()
    const inA = replica(a.id)
    expect(await inA.engine.syncOnce()).toBe('idle')
    await dropLostReplicas(await me(), new Map())
    expect(await Dexie.exists(inA.db.name)).toBe(true)
    expect(await inA.db.salons.count()).toBeGreaterThan(0)
    expect(lostBranchNotices(desk.id)).toEqual([])
  })
})
