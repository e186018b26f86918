import Dexie, { type DBCore, type Middleware } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, it } from 'vitest'
import { ReplicaDb } from '../../src/local-db/db'
import { MEDIA_CACHES_IN_EVICTION_ORDER } from '../../src/local-db/media-caches'
import { createCustomer } from '../../src/local-db/mutations'
import { isQuotaError, StorageFullError, withStorageRoom } from '../../src/local-db/storage-room'
import { customerInput } from './harness'

// Issue 21 #6: storage quota exceeded while saving. The browser's own quota is exercised in
// e2e/offline/storage-full.spec.ts; here the retry and the all-or-nothing write are pinned down.

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

/**
 * Cache Storage as the browser keeps it (Node has none): names that exist, each with one entry,
 * and what was deleted. A cache deleted while it still holds entries is recorded as such: in
 * Chromium its space stays used while any page or worker still holds the cache (seen with
 * DevTools' usage figures), so the eviction empties it first.
 */
function cacheStorage(names: string[]) {
  const held = new Map(names.map((n) => [n, ['/storage/photo.jpg']]))
  const deleted: string[] = []
  const storage = {
    has: async (n: string) => held.has(n),
    open: async (n: string) => {
      if (!held.has(n)) held.set(n, [])
      const entries = held.get(n)!
      return {
        keys: async () => [...entries],
        delete: async (key: string) => entries.splice(entries.indexOf(key), 1).length > 0,
      }
    },
    delete: async (n: string) => {
      const entries = held.get(n)
      if (!entries) return false
      held.delete(n)
      deleted.push(entries.length ? `${n} (still holding entries)` : n)
      return true
    },
  }
  ;(globalThis as { caches?: unknown }).caches = storage
  return { deleted, held }
}
afterEach(() => {
  delete (globalThis as { caches?: unknown }).caches
})

/** IndexedDB that refuses every outbox write while `full()` says the device is full. */
function fullWhile(full: () => boolean): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'device-full',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name)
        return {
          ...table,
          mutate: (req) => (name === 'outbox' && full() ? Promise.reject(quotaError()) : table.mutate(req)),
        }
      },
    }),
  }
}

const replica = (full: () => boolean) => {
  const db = new ReplicaDb(`storage-full-${uuidv7()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  db.use(fullWhile(full))
  return db
}

describe('storage quota exceeded while saving', () => {
  it('recognises the quota error however Dexie wraps it, and nothing else', () => {
    expect(isQuotaError(quotaError())).toBe(true)
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true)
    expect(isQuotaError(new Dexie.AbortError('aborted', quotaError()))).toBe(true)
    expect(isQuotaError(new StorageFullError())).toBe(true)
    expect(isQuotaError(new Dexie.AbortError('aborted'))).toBe(false)
    expect(isQuotaError(new Error('CUSTOMER_NOT_FOUND'))).toBe(false)
    expect(isQuotaError(null)).toBe(false)
  })

  it('gives up media caches one at a time, quickest to fetch again first, until the write fits', async () => {
    const { deleted } = cacheStorage([...MEDIA_CACHES_IN_EVICTION_ORDER])
    let tries = 0
    const result = await withStorageRoom(async () => {
      tries++
      if (deleted.length < 2) throw quotaError()
      return 'saved'
    })
    expect(result).toBe('saved')
    expect(tries).toBe(3)
    expect(deleted).toEqual(MEDIA_CACHES_IN_EVICTION_ORDER.slice(0, 2))
  })

  it('skips caches the device does not hold and fails as StorageFullError when none is left', async () => {
    const { deleted } = cacheStorage([MEDIA_CACHES_IN_EVICTION_ORDER[2]])
    let tries = 0
    const failed = await withStorageRoom(async () => {
      tries++
      throw quotaError()
    }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(StorageFullError)
    expect(tries).toBe(2)
    expect(deleted).toEqual([MEDIA_CACHES_IN_EVICTION_ORDER[2]])
  })

  it('passes any other error through without touching the media', async () => {
    const { deleted } = cacheStorage([...MEDIA_CACHES_IN_EVICTION_ORDER])
    await expect(withStorageRoom(async () => Promise.reject(new Error('CUSTOMER_NOT_FOUND')))).rejects.toThrow(
      'CUSTOMER_NOT_FOUND',
    )
    expect(deleted).toEqual([])
  })

  it('a local save makes room from the media and is written once, row and queue entry together', async () => {
    const { deleted } = cacheStorage([MEDIA_CACHES_IN_EVICTION_ORDER[0]])
    const db = replica(() => deleted.length === 0)
    const salonId = uuidv7()
    const id = await createCustomer(db, customerInput(salonId, { firstName: 'Room' }))
    expect(deleted).toEqual([MEDIA_CACHES_IN_EVICTION_ORDER[0]])
    expect(await db.outbox.count()).toBe(1)
    expect((await db.customers.get(id))?.firstName).toBe('Room')
  })

  it('with nothing left to give up, the save fails as StorageFullError and leaves the queue and rows as they were', async () => {
    cacheStorage([])
    let full = false
    const db = replica(() => full)
    const salonId = uuidv7()
    const kept = await createCustomer(db, customerInput(salonId, { firstName: 'Kept' }))
    full = true
    const failed = await createCustomer(db, customerInput(salonId, { firstName: 'Lost' })).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(StorageFullError)
    expect((await db.outbox.toArray()).map((e) => e.entityId)).toEqual([kept])
    expect((await db.customers.toArray()).map((c) => c.firstName)).toEqual(['Kept'])
    expect((await db.customerSearchLog.toArray()).flatMap((b) => b.entries)).toHaveLength(1)
  })
})
