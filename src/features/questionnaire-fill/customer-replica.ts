import { useEffect, useMemo, useState } from 'react'
import type { CustomerSession } from '../../../contract/auth'
import { API, call } from '../../api/client'
import { openReplica, type ReplicaDb } from '../../local-db/db'
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

/** The customer's branch (a customer acts in a branch they belong to), remembered for offline use. */
export async function customerSalonId(r: CustomerReplica, token: string): Promise<string | null> {
  try {
    const me = await call(API.customers.me, { params: { org: r.orgId }, token })
    const salonId = me.salonIds[0] ?? null
    if (salonId) await r.db.setMeta('customerSalonId', salonId)
    return salonId
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
  const [salonId, setSalonId] = useState<string | null>(null)
  useEffect(() => {
    setSalonId(null)
    if (!replica || !token) return
    let live = true
    void replica.db.getMeta<string>('customerSalonId').then((known) => live && known && setSalonId(known))
    void customerSalonId(replica, token).then((id) => live && id && setSalonId(id))
    return () => {
      live = false
    }
  }, [replica, token])
  const target = useMemo(
    () => (replica && salonId ? { db: replica.db, orgId: replica.orgId, salonId, pull: false } : null),
    [replica, salonId],
  )
  useSyncWorker(target, token)
  return replica && token ? { ...replica, token, salonId } : null
}
