import { describe, expect, it } from 'vitest'
import { PUSH_MAX_MUTATIONS } from '../../contract/sync'
import { createCustomer } from '../../src/local-db/mutations'
import type { FetchFn } from '../../src-worker/sync/transport'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 7 #9: a push carries at most PUSH_MAX_MUTATIONS; a longer outbox goes in chunks, one
 * after the other, and still arrives exactly once (the ledger answers a chunk sent twice).
 */
const app = await buildTestApp()
const apiBase = await listen(app)

describe('sync engine pushes a long outbox in chunks', () => {
  it('210 offline customers: pushes of at most 100, a lost answer retried, each customer once', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const net = network()
    const sizes: number[] = []
    const fetchFn: FetchFn = (async (url: string, init?: RequestInit) => {
      if (url.endsWith('/sync/push')) sizes.push(JSON.parse(String(init?.body)).mutations.length)
      return net.fetch(url, init)
    }) as FetchFn
    const { db, engine } = device({
      apiBase,
      orgId: org.id,
      salonId,
      token: org.owner.token,
      fetch: fetchFn,
      pull: false,
    })
    const ids: string[] = []
    for (let i = 0; i < 210; i++) ids.push(await createCustomer(db, customerInput(salonId, { firstName: `Chunk${i}` })))

    net.loseNextPushResponses = 1 // the first chunk is applied, its answer lost
    expect(await engine.syncOnce()).toBe('offline')
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PUSH_MAX_MUTATIONS)
    // The first chunk twice (its answer was lost), then the rest.
    expect(sizes).toEqual([100, 100, 100, 10])

    const res = await app.inject({
      url: apiUrl(API.customers.list, { org: org.id }),
      query: { pageSize: '200', search: 'Chunk' },
      headers: org.owner.headers,
    })
    const page1 = res.json()
    expect(page1.total).toBe(210)
    expect(new Set(ids).size).toBe(210)
  }, 120_000)
})
