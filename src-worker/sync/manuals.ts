import { API, call } from '../../src/api/client'
import type { ReplicaDb } from '../../src/local-db/db'
import { heldManualsVersion, storeManuals } from '../../src/local-db/user-manuals'
import { isTransient, type SyncHttp } from './transport'

/** How often the worker asks whether the user manuals changed (they change rarely). */
export const MANUALS_CHECK_MS = 10 * 60 * 1000

/**
 * Refreshes the device's user manuals (src/local-db/user-manuals.ts) after a pull: sends the
 * version held, stores a changed answer. A failure leaves the copy as it is and never fails the
 * sync (the organisation's data matters more; the next check tries again).
 */
export async function refreshManuals(db: ReplicaDb, http: SyncHttp): Promise<boolean> {
  try {
    const version = await heldManualsVersion(db)
    await storeManuals(db, await call(API.userManuals.offline, { ...http, query: version ? { version } : {} }))
    return true
  } catch (e) {
    if (!isTransient(e)) console.warn('user manuals not refreshed', e)
    return false
  }
}
