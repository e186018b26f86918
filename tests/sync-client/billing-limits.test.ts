import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { createCustomer, retryEntry } from '../../src/local-db/mutations'
import { storePhoto } from '../../src/local-db/photos'
import { saveSkinAnalysis } from '../../src/local-db/skin-analyses'
import type { SyncStatus } from '../../src/local-db/types'
import { syncPill } from '../../src/features/sync/use-sync-status'
import { seedPlan, renew, subscribe } from '../api/billing-limits-fixtures'
import { buildTestApp } from '../helpers/app'
import { seedCustomer } from '../helpers/customers'
import { seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { customerInput, device, listen, network } from './harness'

/*
 * Issue 22 on the tablet, against the real server: a customer created offline over the plan's
 * limit is refused visibly (needs attention, the spec's text) and kept, and goes once the plan
 * allows it; while the subscription has expired the queue is kept whole, the replica is still
 * pulled, and the pill says why — then everything is sent after the renewal.
 */

const app = await buildTestApp()
const apiBase = await listen(app)

const serverCustomerIds = async (org: { id: string; owner: { headers: Record<string, string> } }) => {
  const res = await app.inject({
    url: apiUrl(API.customers.list, { org: org.id }, { pageSize: '200' }),
    headers: org.owner.headers,
  })
  return (res.json().items as { id: string }[]).map((c) => c.id)
}

describe('sync engine: the plan’s limits and an expired subscription', () => {
  it('a queued create over the limit needs attention with the spec text, stays, and goes after an upgrade', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    await subscribe(app, org.id, await seedPlan(app, { customers: 1 }))
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: network().fetch })
    const first = await createCustomer(db, customerInput(salonId))
    const second = await createCustomer(db, customerInput(salonId))

    expect(await engine.syncOnce()).toBe('idle')
    const [refused, ...rest] = await db.outbox.toArray()
    expect(rest).toEqual([])
    expect(refused).toMatchObject({
      entityId: second,
      status: 'needsAttention',
      error: { code: 'CUSTOMERS_LIMIT_REACHED', message: 'Limit reached for customers: update your subscription.' },
    })
    // The row stays on the tablet, marked; the pill asks for attention.
    expect((await db.customers.get(second))?._error).toBe('CUSTOMERS_LIMIT_REACHED')
    expect(syncPill({ state: 'idle', online: true, total: 1, attention: 1 })).toEqual({ kind: 'attention', count: 1 })
    expect(await serverCustomerIds(org)).toEqual([first])

    // The owner upgrades; staff send it again (a new mutation id): it is applied.
    await subscribe(app, org.id, await seedPlan(app, { customers: 10 }))
    await retryEntry(db, refused.seq!)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect((await serverCustomerIds(org)).sort()).toEqual([first, second].sort())
  })

  it('expired: the queue is kept whole, the replica still pulls, the pill says why; a renewal sends it', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    await subscribe(app, org.id, await seedPlan(app))
    const net = network()
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
    expect(await engine.syncOnce()).toBe('idle')

    await subscribe(app, org.id, await seedPlan(app), { expired: true })
    const offline = [await createCustomer(db, customerInput(salonId)), await createCustomer(db, customerInput(salonId))]
    // A skin analysis with a photo taken offline: its upload is refused too (402) and it waits
    // with the rest, not marked for attention.
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const photo = await storePhoto(db, new Blob([PNG], { type: 'image/png' }))
    const analysis = await saveSkinAnalysis(db, {
      customerId: offline[0],
      salonId,
      analysedOn: '2026-03-01',
      skinType: 'combination',
      fitzpatrick: 'III',
      findings: [],
      notes: '',
      photos: [{ path: photo, takenOn: '2026-03-01', caption: '' }],
    })
    // Made elsewhere (before the expiry, say): the tablet still receives it.
    const elsewhere = await seedCustomer(app, { organisationId: org.id, salonIds: [salonId] })

    expect(await engine.syncOnce()).toBe('readOnly')
    const status = (await db.getMeta<SyncStatus>('status'))!
    expect(status.state).toBe('readOnly')
    expect(status.message).toBe('Your subscription has expired: purchase a new subscription to make changes again.')
    const queue = await db.outbox.toArray()
    expect(queue.map((e) => [e.entityId, e.status])).toEqual([
      ...offline.map((id) => [id, 'queued']),
      [analysis, 'queued'],
    ])
    expect(await db.photos.count()).toBe(1)
    expect(await db.customers.get(elsewhere.id)).toBeDefined()
    expect(syncPill({ state: 'readOnly', online: true, total: 3, attention: 0 })).toEqual({
      kind: 'readOnly',
      waiting: 3,
    })
    // Asking again changes nothing and loses nothing.
    expect(await engine.syncOnce()).toBe('readOnly')
    expect(await db.outbox.count()).toBe(3)

    await renew(app, org.id)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.photos.count()).toBe(0)
    expect(await serverCustomerIds(org)).toEqual(expect.arrayContaining([...offline, elsewhere.id]))
  })
})
