import * as Comlink from 'comlink'
import Dexie from 'dexie'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import type { SyncWorkerApi } from '../../../src-worker/sync/worker'
import { API_BASE } from '../../api/client'
import { closeReplica, openReplica, replicaName } from '../../local-db/db'
import { getSession, useEmployeeSession } from '../auth/session'
import { UpdatePrompt } from '../pwa/update-prompt'
import { useCurrentSalonId } from '../shell/current-salon'
import { type Replica, ReplicaContext } from './replica-context'

export { type Replica, useReplica } from './replica-context'

let persistAsked = false
/** Ask once that the browser never evicts the replica: unsent work lives there. */
function requestPersistentStorage() {
  if (persistAsked) return
  persistAsked = true
  void navigator.storage?.persist?.().catch(() => undefined)
}

/**
 * Opens the Dexie replica for employee + organisation + branch and runs the sync worker beside
 * it. Switching branch or user opens another replica (and another worker); the outbox of the
 * previous one stays and is sent the next time that replica is open.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const session = useEmployeeSession()
  const salonId = useCurrentSalonId()
  const orgId = session?.employee.organisationId
  const employeeId = session?.employee.id
  const token = session?.token ?? null

  const replica = useMemo<Replica | null>(() => {
    if (!orgId || !salonId || !employeeId) return null
    return { db: openReplica(replicaName(orgId, salonId, employeeId)), orgId, salonId, employeeId }
  }, [orgId, salonId, employeeId])

  const worker = useSyncWorker(replica)
  useDropReplicaOnSignOut(replica)
  useEffect(() => {
    void worker?.setToken(token)
  }, [worker, token])

  return (
    <ReplicaContext.Provider value={replica}>
      {children}
      {/* Here, not in the shell: the prompt needs the outbox count of this replica. */}
      <UpdatePrompt />
    </ReplicaContext.Provider>
  )
}

function useSyncWorker(replica: Replica | null) {
  const [remote, setRemote] = useState<Comlink.Remote<SyncWorkerApi> | null>(null)

  // The worker is made inside the effect (not in a memo) so StrictMode's mount-unmount-mount in
  // development gets a live worker, not the one the first cleanup terminated.
  useEffect(() => {
    if (!replica || typeof Worker === 'undefined') return
    requestPersistentStorage()
    const w = new Worker(new URL('../../../src-worker/sync/worker.ts', import.meta.url), { type: 'module' })
    const api = Comlink.wrap<SyncWorkerApi>(w)
    void api.init({
      dbName: replica.db.name,
      orgId: replica.orgId,
      salonId: replica.salonId,
      apiBase: new URL(API_BASE, location.origin).toString().replace(/\/$/, ''),
      token: null,
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
  }, [replica])

  return remote
}

/**
 * Signing out leaves no customer data on a shared tablet: the replica is deleted — unless it
 * still holds unsent changes (sign-out warned about those; they are sent at the next sign-in).
 * A branch switch keeps the replica, so switching back is instant.
 */
function useDropReplicaOnSignOut(replica: Replica | null) {
  useEffect(() => {
    if (!replica) return
    // Runs when the replica changes and when the provider unmounts (signing out renders the
    // sign-in page instead); only a missing session means "signed out".
    return () => {
      if (getSession('employee')) return
      void (async () => {
        if ((await replica.db.outbox.count()) > 0) return
        const name = replica.db.name
        closeReplica(name)
        await Dexie.delete(name)
      })().catch((e) => console.warn('could not delete the replica', e))
    }
  }, [replica])
}
