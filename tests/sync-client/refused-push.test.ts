import { describe, expect, it } from 'vitest'
import type { Customer } from '../../contract/customers'
import { createCustomer } from '../../src/local-db/mutations'
import type { MutationName } from '../../contract/sync'
import type { OutboxEntry } from '../../src/local-db/types'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// A push the server cannot even read (it answers 400 for the whole body) must not block the
// tablet's queue forever: the unreadable entry is refused on its own, the rest is sent.
const app = await buildTestApp()
const apiBase = await listen(app)

describe('sync engine: a push refused as a whole', () => {
  it('sync: an entry the server cannot read is marked for staff and the entries around it are sent', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: network().fetch })
    const before = await createCustomer(db, customerInput(salonId, { firstName: 'Before' }))
    // What an app update could leave behind: a mutation name this server does not know.
    await db.outbox.add({
      id: crypto.randomUUID(),
      name: 'customer.renamedLongAgo' as MutationName,
      args: { id: before },
      entityId: before,
      status: 'queued',
      error: null,
      createdAt: new Date().toISOString(),
    } as unknown as OutboxEntry)
    const after = await createCustomer(db, customerInput(salonId, { firstName: 'After' }))

    expect(await engine.syncOnce()).toBe('idle')
    const left = await db.outbox.toArray()
    expect(left.map((e) => [e.name, e.status])).toEqual([['customer.renamedLongAgo', 'needsAttention']])
    expect(left[0].error?.code).toBe('VALIDATION_FAILED')

    const res = await app.inject({
      url: apiUrl(API.customers.list, { org: org.id }),
      query: { pageSize: '200' },
      headers: { authorization: `Bearer ${org.owner.token}` },
    })
    const ids = (res.json().items as Customer[]).map((c) => c.id)
    expect(ids).toEqual(expect.arrayContaining([before, after]))
    // Nothing is sent twice and nothing stays queued: a second cycle has nothing to do.
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(1)
  })
})
