import { afterAll, describe, expect, it } from 'vitest'
import { createCustomer } from '../../src/local-db/mutations'
import type { SyncStatus } from '../../src/local-db/types'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { faultProxy } from './fault-proxy'
import { customerInput, device, listen, network, until } from './harness'

// Issue 21 #4: the engine against the real server behind a real proxy that answers 429/503 with
// Retry-After or leaves a push hanging. Nothing here is mocked: the delays are the engine's own.
const app = await buildTestApp()
const proxy = await faultProxy(await listen(app))
afterAll(() => proxy.close())

async function queuedDevice(opts: { pushTimeoutMs?: number } = {}) {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const d = device({ apiBase: proxy.base, orgId: org.id, salonId, token: org.owner.token, fetch, more: opts })
  await createCustomer(d.db, customerInput(salonId))
  return d
}

const gapAfter = (first: number) => proxy.pushesAt[first + 1] - proxy.pushesAt[first]

describe('sync engine: overload and hangs', () => {
  it('sync: a 429 with Retry-After in seconds is honoured before the push is sent again', async () => {
    const { db, engine } = await queuedDevice()
    const first = proxy.pushesAt.length
    proxy.faults.push({ status: 429, retryAfter: '2' })
    engine.start()
    // The harness's backoff is 20–100 ms: only Retry-After explains a gap of two seconds.
    await until(
      () => db.outbox.count(),
      (n) => n === 0,
      10_000,
    )
    engine.stop()
    expect(proxy.pushesAt.length - first).toBe(2)
    expect(gapAfter(first)).toBeGreaterThanOrEqual(2000)
  })

  it('sync: a 503 with Retry-After as an HTTP-date waits until that date', async () => {
    const { db, engine } = await queuedDevice()
    const first = proxy.pushesAt.length
    // HTTP-dates have whole seconds: three seconds ahead is at least two from now.
    const at = new Date(Date.now() + 3000)
    proxy.faults.push({ status: 503, retryAfter: at.toUTCString() })
    engine.start()
    await until(
      () => db.outbox.count(),
      (n) => n === 0,
      10_000,
    )
    engine.stop()
    expect(proxy.pushesAt.length - first).toBe(2)
    expect(proxy.pushesAt[first + 1]).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000)
  })

  it('sync: a push the server never answers is aborted and sent again; the customer exists once', async () => {
    const { db, engine } = await queuedDevice({ pushTimeoutMs: 500 })
    const abandoned = proxy.abandoned
    proxy.faults.push({ hang: true })
    engine.start()
    await until(
      async () => (await db.getMeta<SyncStatus>('status'))?.state,
      (s) => s === 'idle',
      10_000,
    )
    engine.stop()
    expect(await db.outbox.count()).toBe(0)
    expect(proxy.abandoned).toBe(abandoned + 1)
    const [row] = await db.customers.toArray()
    expect(row._pending).toBe(0)
  })

  it('sync: while the device reports no network nothing is sent or scheduled; `online` resumes at once', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const net = network()
    let online = false
    const wake = new Set<() => void>()
    const signal = {
      isOnline: () => online,
      onOnline: (cb: () => void) => {
        wake.add(cb)
        return () => wake.delete(cb)
      },
    }
    const { db, engine } = device({
      apiBase: proxy.base,
      orgId: org.id,
      salonId,
      token: org.owner.token,
      fetch: net.fetch,
      more: { network: signal },
    })
    net.up = false
    await createCustomer(db, customerInput(salonId))
    engine.start()
    // Local writes, the periodic pull and pings all land here while offline: none may reach fetch.
    for (let i = 0; i < 5; i++) await engine.trigger()
    expect(net.attempts).toBe(0)
    expect((await db.getMeta<SyncStatus>('status'))?.state).toBe('offline')
    expect(await db.outbox.count()).toBe(1)

    net.up = true
    online = true
    for (const cb of wake) cb()
    await until(
      async () => (await db.getMeta<SyncStatus>('status'))?.state,
      (s) => s === 'idle',
    )
    engine.stop()
    expect(await db.outbox.count()).toBe(0)
  })
})
