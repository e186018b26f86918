import { type ReactNode, useEffect, useMemo } from 'react'
import { openReplica, replicaName } from '../../local-db/db'
import { dropReplica } from '../../local-db/drop-replica'
import { getSession, useEmployeeSession } from '../auth/session'
import { UpdatePrompt } from '../pwa/update-prompt'
import { useCurrentSalonId } from '../shell/current-salon'
import { AccessNotice } from './access-notice'
import { type Replica, ReplicaContext } from './replica-context'
import { useFollowGrants } from './use-follow-grants'
import { useSyncToken } from './use-sync-token'
import { useSyncWorker } from './use-sync-worker'

export { type Replica, useReplica } from './replica-context'

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
  const replica = useMemo<Replica | null>(() => {
    if (!orgId || !salonId || !employeeId) return null
    return { db: openReplica(replicaName(orgId, salonId, employeeId)), orgId, salonId, employeeId }
  }, [orgId, salonId, employeeId])

  useSyncWorker(replica, useSyncToken(replica, session))
  useDropReplicaOnSignOut(replica)
  useFollowGrants(replica, session)

  return (
    <ReplicaContext.Provider value={replica}>
      {children}
      {/* Here, not in the shell: the prompt needs the outbox count of this replica. */}
      <UpdatePrompt />
      <AccessNotice replica={replica} employee={session?.employee} />
    </ReplicaContext.Provider>
  )
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
      // After useSyncWorker's cleanup (declared first): the worker is stopped (dropReplica says why).
      dropReplica(replica.db, (db) => db.outbox.count()).catch((e) => console.warn('could not delete the replica', e))
    }
  }, [replica])
}
