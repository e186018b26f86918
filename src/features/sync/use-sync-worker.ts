import * as Comlink from 'comlink'
import { useEffect, useState } from 'react'
import type { SyncWorkerApi } from '../../../shared/sync/worker-api'
import { API_BASE } from '../../api/request'
import type { ReplicaDb } from '../../local-db/db'
import { requestPersistentStorage } from './storage-persistence'

export type SyncTarget = { db: ReplicaDb; orgId: string; salonId: string; pull?: boolean }

/**
 * Runs the sync worker for one local database: the staff replica, or the customer area's
 * push-only outbox (one sync mechanism for both). The token reaches the engine at send time.
 */
export function useSyncWorker(target: SyncTarget | null, token: string | null) {
  const [remote, setRemote] = useState<Comlink.Remote<SyncWorkerApi> | null>(null)

  // The worker is made inside the effect (not in a memo) so StrictMode's mount-unmount-mount in
  // development gets a live worker, not the one the first cleanup terminated.
  useEffect(() => {
    if (!target || typeof Worker === 'undefined') return
    // The browser should never evict the local databases: unsent work lives there.
    void requestPersistentStorage()
    const w = new Worker(new URL('../../../src-worker/sync/worker.ts', import.meta.url), { type: 'module' })
    const api = Comlink.wrap<SyncWorkerApi>(w)
    void api.init({
      dbName: target.db.name,
      orgId: target.orgId,
      salonId: target.salonId,
      apiBase: new URL(API_BASE, location.origin).toString().replace(/\/$/, ''),
      token: null,
      pull: target.pull,
    })
    setRemote(() => api)
    const ping = () => void api.ping()
    const onVisible = () => document.visibilityState === 'visible' && ping()
    window.addEventListener('online', ping)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('online', ping)
      document.removeEventListener('visibilitychange', onVisible)
      setRemote(null)
      // Terminating releases the Web Lock, so another open tab becomes the pusher.
      w.terminate()
    }
  }, [target])

  useEffect(() => {
    void remote?.setToken(token)
  }, [remote, token])
  return remote
}
