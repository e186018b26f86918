import { MEDIA_CACHES_IN_EVICTION_ORDER } from './media-caches'

/*
 * Issue 21 #6: a device that runs out of storage while saving. IndexedDB aborts the whole
 * transaction (the row and its outbox entry go together, so the queue stays as it was); the
 * service worker's media copies are then given up one cache at a time and the write tried again.
 * Only when nothing is left to give up does the save fail, with a message that says why.
 */

/** A local save that did not fit on the device even without its media copies. */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL'
  constructor(readonly cause?: unknown) {
    super('STORAGE_FULL')
    this.name = 'StorageFullError'
  }
}

/** Whether `err` (a DOMException, or Dexie's wrapper of one, however deep) is the quota's. */
export function isQuotaError(err: unknown): boolean {
  const seen = new Set<unknown>()
  let e = err as { name?: unknown; inner?: unknown; cause?: unknown } | null | undefined
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e)
    if (e.name === 'QuotaExceededError' || e instanceof StorageFullError) return true
    e = (e.inner ?? e.cause) as typeof e
  }
  return false
}

const hasCaches = () => typeof caches !== 'undefined'

/**
 * Gives up one media cache; false when there was none. Its entries go first: Chromium frees a
 * deleted cache's space only once every page and worker holding it has let go (the service
 * worker may hold it for a long time), while a deleted entry's space is free at once.
 */
async function dropCache(name: string): Promise<boolean> {
  if (!(await caches.has(name))) return false
  const cache = await caches.open(name)
  for (const request of await cache.keys()) await cache.delete(request)
  await caches.delete(name)
  return true
}

/**
 * Runs `write`; when the device is full, drops the next media cache and runs it again. `write`
 * must be all-or-nothing (one Dexie transaction), so a failed try leaves nothing behind.
 */
export async function withStorageRoom<T>(write: () => Promise<T>): Promise<T> {
  const evictable = hasCaches() ? [...MEDIA_CACHES_IN_EVICTION_ORDER] : []
  for (;;) {
    try {
      return await write()
    } catch (err) {
      if (!isQuotaError(err)) throw err
      let dropped = false
      while (!dropped && evictable.length) dropped = await dropCache(evictable.shift()!).catch(() => false)
      if (!dropped) throw err instanceof StorageFullError ? err : new StorageFullError(err)
    }
  }
}
