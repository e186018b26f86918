import { useLiveQuery } from 'dexie-react-hooks'
import { type CustomerPage, queryCustomers } from '../../local-db/queries'
import type { LocalCustomer, LocalCustomerConflict, OutboxEntry } from '../../local-db/types'
import { useReplica } from '../sync/sync-provider'
import { useLiveList, useLiveRow } from '../sync/use-live-row'

/** A page of the current branch's customers, read from the replica; undefined while loading. */
export function useCustomers(opts: {
  search?: string
  page?: number
  includeDeleted?: boolean
}): CustomerPage | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica ? queryCustomers(replica.db, { salonId: replica.salonId, ...opts }) : undefined),
    [replica, opts.search, opts.page, opts.includeDeleted],
  )
}

/**
 * One customer (null when not in the replica, undefined while loading). Never the row of the
 * previously asked id (useLiveRow): forms are filled from it.
 */
export function useCustomer(id: string | null): LocalCustomer | null | undefined {
  const replica = useReplica()
  return useLiveRow(id, async (key) => (replica ? replica.db.customers.get(key) : undefined), [replica])
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

/** This device's unsent changes of one customer, in seq order (never another customer's). */
export function useCustomerOutbox(customerId: string | null): OutboxEntry[] {
  const replica = useReplica()
  return (
    useLiveList(
      customerId,
      async (key) => (replica ? replica.db.outbox.where('entityId').equals(key).sortBy('seq') : []),
      [replica],
    ) ?? []
  )
}
