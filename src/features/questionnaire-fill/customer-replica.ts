import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo } from 'react'
import type { CustomerSession } from '../../../contract/auth'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'
import { apiCall } from '../../api/transport'
import { openReplica, type ReplicaDb } from '../../local-db/db'
import { dropReplica } from '../../local-db/drop-replica'
import { getSession } from '../auth/session'
import { useSyncWorker } from '../sync/use-sync-worker'

/*
 * The customer area's local database: the same Dexie replica class and outbox as staff, one per
 * organisation + customer, holding the questionnaires the customer opened (so filling continues
 * offline) and their submissions waiting for the server. The sync worker pushes it (push only:
 * the changes feed is staff's). Removed on sign-out (customer-sign-out.ts).
 */
export const customerReplicaName = (orgId: string, customerId: string) => `customer:${orgId}:${customerId}`

export type CustomerReplica = { db: ReplicaDb; orgId: string; customerId: string }
/** The replica, the session token, and the customer's branch once known (null until then). */
export type CustomerSync = CustomerReplica & { token: string; salonId: string | null }

/** Keeps the customer's branch from their profile (a customer acts in a branch they belong to). */
async function keepSalonId(r: CustomerReplica, me: { salonIds: string[] }): Promise<string | null> {
  const salonId = me.salonIds[0] ?? null
  if (salonId) await r.db.setMeta('customerSalonId', salonId)
  return salonId
}

/** The customer's branch, asked now, else the one remembered for offline use. */
export async function customerSalonId(r: CustomerReplica): Promise<string | null> {
  try {
    return await keepSalonId(r, await apiCall(API.customers.me, { params: { org: r.orgId }, as: 'customer' }))
  } catch {
    return (await r.db.getMeta<string>('customerSalonId')) ?? null
  }
}

/** Opens the signed-in customer's local database and runs the sync worker for its outbox. */
export function useCustomerReplica(session: CustomerSession | null): CustomerSync | null {
  const orgId = session?.customer.organisationId
  const customerId = session?.customer.id
  const token = session?.token ?? null
  const replica = useMemo<CustomerReplica | null>(
    () => (orgId && customerId ? { db: openReplica(customerReplicaName(orgId, customerId)), orgId, customerId } : null),
    [orgId, customerId],
  )
  // The branch as remembered (offline) and as the profile says now (which is then remembered).
  const known = useLiveQuery(
    async () => (replica ? await replica.db.getMeta<string>('customerSalonId') : null),
    [replica],
  )
  const me = useApiQuery(
    API.customers.me,
    replica && token ? { params: { org: replica.orgId }, as: 'customer' } : null,
    {
      onData: (me) => (replica ? keepSalonId(replica, me) : undefined),
    },
  )
  const salonId = (token && (me.data?.salonIds[0] ?? known)) || null
  const target = useMemo(
    () => (replica && salonId ? { db: replica.db, orgId: replica.orgId, salonId, pull: false } : null),
    [replica, salonId],
  )
  useSyncWorker(target, token)
  useDropOnSignOut(replica)
  return replica && token ? { ...replica, token, salonId } : null
}

/** The customer's submissions waiting to be sent (sign-out warns about them and keeps them). */
export const unsentSubmissions = (db: ReplicaDb) => db.outbox.where('status').equals('queued').count()

/**
 * Once signed out and the sync worker stopped (useSyncWorker, declared before this hook): the
 * replica is deleted again — a worker still starting at the click may have opened it anew after
 * the sign-out deleted it (customer-sign-out.tsx, dropReplica).
 */
function useDropOnSignOut(replica: CustomerReplica | null) {
  useEffect(() => {
    if (!replica) return
    return () => {
      if (getSession('customer')) return
      dropReplica(replica.db, unsentSubmissions).catch((e) => console.warn('could not delete the replica', e))
    }
  }, [replica])
}
