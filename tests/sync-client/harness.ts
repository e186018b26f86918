import type { AddressInfo } from 'node:net'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v7 as uuidv7 } from 'uuid'
import { type CustomerFields, ZCustomerFields } from '../../contract/customers'
import type { App } from '../../server/app'
import { SyncEngine, type SyncEngineOptions } from '../../src-worker/sync/engine'
import type { FetchFn } from '../../src-worker/sync/transport'
import { ReplicaDb } from '../../src/local-db/db'
import { API } from '../../contract/endpoints'
import { bearer, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'

/** The real server app listening on a loopback port, for engines that talk real HTTP. */
export async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return `http://127.0.0.1:${port}/api`
}

/**
 * A network the test controls: `up = false` is a cable pulled (fetch throws, like the browser
 * offline); `loseNextPushResponses` lets the server process a push and then drops its answer.
 */
export function network() {
  const net = {
    up: true,
    loseNextPushResponses: 0,
    /** The server stores the photo, then the answer is lost (the engine must upload again). */
    loseNextUploadResponses: 0,
    uploads: 0,
    requests: 0,
    /** Every call of fetch, answered or not (an offline device must make none). */
    attempts: 0,
    fetch: (async (url, init) => {
      net.attempts++
      if (!net.up) throw new TypeError('fetch failed')
      net.requests++
      const res = await fetch(url, init)
      if (url.endsWith('/upload/images')) {
        net.uploads++
        if (net.loseNextUploadResponses > 0) {
          net.loseNextUploadResponses--
          await res.text()
          throw new TypeError('connection reset')
        }
      }
      if (net.loseNextPushResponses > 0 && url.endsWith('/sync/push')) {
        net.loseNextPushResponses--
        await res.text()
        throw new TypeError('connection reset')
      }
      return res
    }) as FetchFn,
  }
  return net
}

/** One device: its own IndexedDB (fake-indexeddb), replica and engine. */
export function device(opts: {
  apiBase: string
  orgId: string
  salonId: string
  token: string
  fetch: FetchFn
  /** false: push only, like the customer area's outbox. */
  pull?: boolean
  /** More engine options (network signal, push time-out). */
  more?: Partial<SyncEngineOptions>
}) {
  const db = new ReplicaDb(`test-${uuidv7()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  const engine = new SyncEngine({
    db,
    orgId: opts.orgId,
    salonId: opts.salonId,
    apiBase: opts.apiBase,
    fetch: opts.fetch,
    pullIntervalMs: 0,
    backoff: { baseMs: 20, maxMs: 100 },
    pull: opts.pull,
    ...opts.more,
  })
  engine.setToken(opts.token)
  return { db, engine }
}

export function customerInput(salonId: string, overrides: Partial<CustomerFields> = {}): CustomerFields {
  const u = uuidv7().slice(-8)
  return ZCustomerFields.parse({
    email: `klant-${u}@example.test`,
    firstName: 'Anna',
    lastName: `de Boer ${u}`,
    salonIds: [salonId],
    ...overrides,
  })
}

export async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await fn()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A fresh organisation on the server with one customer in its first branch, made by the owner. */
export async function organisationWithCustomer(app: App) {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const created = await app.inject({
    method: 'POST',
    url: apiUrl(API.customers.create, { org: org.id }),
    headers: bearer(org.owner.token),
    payload: customerInput(salonId),
  })
  return { org, salonId, created, customerId: created.json().id as string }
}
