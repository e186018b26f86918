import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { ReplicaDb } from '../../src/local-db/db'
import { dropReplica } from '../../src/local-db/drop-replica'
import { createCustomer } from '../../src/local-db/mutations'
import { customerInput } from './harness'

// Sign-out deletes the replica (staff and customer area alike), and it stays deleted.
const tablet = () => {
  const indexedDB = new IDBFactory()
  const name = `drop-${uuidv7()}`
  const connect = () => new ReplicaDb(name, { indexedDB, IDBKeyRange })
  const exists = async () => (await indexedDB.databases()).some((d) => d.name === name)
  return { connect, exists }
}
const unsent = (db: ReplicaDb) => db.outbox.count()

describe('dropReplica', () => {
  it('keeps a replica with unsent changes, deletes one without', async () => {
    const t = tablet()
    const db = t.connect()
    await createCustomer(db, customerInput(uuidv7()))
    expect(await dropReplica(db, unsent)).toBe(false)
    expect(await t.exists()).toBe(true)
    await db.outbox.clear()
    expect(await dropReplica(db, unsent)).toBe(true)
    expect(await t.exists()).toBe(false)
  })

  it('deletes again what a late-starting sync worker opened anew after the first deletion', async () => {
    const t = tablet()
    const page = t.connect()
    await page.open()
    expect(await dropReplica(page, unsent)).toBe(true)
    // The worker's first open comes after the deletion: the database is made anew, empty.
    const worker = t.connect()
    await worker.meta.put({ key: 'customerSalonId', value: uuidv7() })
    expect(await t.exists()).toBe(true)
    // The second call (after the worker is stopped; here while it still has it open): the page's
    // connection is closed, which counts as nothing unsent, and the worker's is told to close.
    expect(await dropReplica(page, unsent)).toBe(true)
    expect(await t.exists()).toBe(false)
    // The worker's connection does not open it a third time.
    await expect(worker.meta.count()).rejects.toBeInstanceOf(Dexie.DatabaseClosedError)
    expect(await t.exists()).toBe(false)
  })
})
