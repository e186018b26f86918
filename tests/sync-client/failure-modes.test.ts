import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { ReplicaDb } from '../../src/local-db/db'
import { createCustomer } from '../../src/local-db/mutations'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'

// Issue 21 #6: failure modes a tablet meets in the field, each with its own test. Covered
// elsewhere: a cursor older than tombstone retention (engine.test.ts, "a reset rebuilds…"); an
// old build's mutation shapes (entity-cursors.test.ts, "…refused explicitly, never dropped",
// and tests/api/sync-push.test.ts for the server's upgrade/refusal); a paginated pull racing
// concurrent commits (tests/api/sync-pull-race.test.ts); storage quota exceeded while saving
// (storage-full.test.ts).
const app = await buildTestApp()
const apiBase = await listen(app)

describe('sync failure modes', () => {
  it('sync: the same mutation id arriving with another payload is a conflict for staff, and the queue moves on', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const net = network()
    const at = { apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch }
    const first = device(at)
    await createCustomer(first.db, customerInput(salonId))
    const [sent] = await first.db.outbox.toArray()
    expect(await first.engine.syncOnce()).toBe('idle')

    // Another tablet holds an entry reusing that id with other args, then one more change.
    const second = device(at)
    await createCustomer(second.db, customerInput(salonId, { firstName: 'Reused' }))
    const nextId = await createCustomer(second.db, customerInput(salonId, { firstName: 'After' }))
    const [reused] = await second.db.outbox.orderBy('seq').toArray()
    await second.db.outbox.update(reused.seq!, { id: sent.id })

    expect(await second.engine.syncOnce()).toBe('idle')
    const left = await second.db.outbox.toArray()
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ id: sent.id, status: 'needsAttention' })
    expect(left[0].error?.code).toBe('MUTATION_CONFLICT')
    expect((await second.db.customers.get(nextId))?._pending).toBe(0)
  })

  it('replica: a write whose outbox entry cannot be stored (the app closed mid-way) leaves neither', async () => {
    const db = new ReplicaDb(`unit-${uuidv7()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    // The outbox write fails inside the transaction, as a tab closing before it commits would.
    db.outbox.hook('creating', () => {
      throw new Error('closed before the queue entry was written')
    })
    await expect(createCustomer(db, customerInput(uuidv7()))).rejects.toThrow()
    expect(await db.customers.count()).toBe(0)
    expect(await db.serverCustomers.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})
