import { useLiveQuery } from 'dexie-react-hooks'
import { type CustomerPage, queryCustomers } from '../../local-db/queries'
import type { LocalCustomer, LocalCustomerConflict, OutboxEntry } from '../../local-db/types'
import { useReplica } from '../sync/sync-provider'

/** A page of the current branch's customers, read from the replica; undefined while loading. */
export function useCustomers(opts: { search?: string; page?: number }): CustomerPage | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica ? queryCustomers(replica.db, { salonId: replica.salonId, ...opts }) : undefined),
    [replica, opts.search, opts.page],
  )
}

/** One customer (null when not in the replica, undefined while loading). */
export function useCustomer(id: string | null): LocalCustomer | null | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica && id ? ((await replica.db.customers.get(id)) ?? null) : null),
    [replica, id],
  )
}

/** Unresolved same-field clashes of a customer (or of all customers when id is null). */
export function useOpenConflicts(customerId: string | null): LocalCustomerConflict[] {
  const replica = useReplica()
  return useLiveQuery(
    async () => {
      if (!replica) return []
      const coll = customerId
        ? replica.db.customerConflicts.where('customerId').equals(customerId)
        : replica.db.customerConflicts.toCollection()
      return coll.filter((c) => !c.resolvedAt).toArray()
    },
    [replica, customerId],
    [],
  )
}

/** This device's unsent changes of one customer, in seq order. */
export function useCustomerOutbox(customerId: string | null): OutboxEntry[] {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica && customerId ? replica.db.outbox.where('entityId').equals(customerId).sortBy('seq') : []),
    [replica, customerId],
    [],
  )
}
