import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { type CustomerPage, queryCustomers } from '../../local-db/queries'
import { warmCustomerSearch } from '../../local-db/search-cache'
import type { LocalCustomer, LocalCustomerConflict, OutboxEntry } from '../../local-db/types'
import { useReplica } from '../sync/sync-provider'
import { useLiveList, useLiveRow } from '../sync/use-live-row'

/**
 * A page of the current branch's customers, read from the replica; undefined while loading.
 * Typing fast starts a search per keystroke (issue 21 #7): one that a newer keystroke replaced
 * stops at its next step instead of running to the end, and until the newest answers, the list
 * keeps what it shows (never an older search's answer after a newer one).
 */
export function useCustomers(opts: {
  search?: string
  page?: number
  includeDeleted?: boolean
}): CustomerPage | undefined {
  const replica = useReplica()
  const key = JSON.stringify([opts.search ?? '', opts.page ?? 1, !!opts.includeDeleted])
  // The search on screen, updated when React commits it (a search is stale once it is not).
  const current = useRef(key)
  useLayoutEffect(() => {
    current.current = key
  })
  const result = useLiveQuery(
    async () =>
      replica
        ? queryCustomers(replica.db, { salonId: replica.salonId, ...opts, isStale: () => current.current !== key })
        : undefined,
    [replica, opts.search, opts.page, opts.includeDeleted],
  )
  // The search index is built when the browser is idle after the list opens, not at the first keystroke.
  // Only once the first page shows (issue 25): reading every customer while the first page is still
  // on its way took the tablet's idle moments between the page's reads and delayed the first row.
  const listed = result != null
  useEffect(() => {
    if (!replica || !listed) return
    const warm = () => void warmCustomerSearch(replica.db).catch(() => undefined)
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(warm, { timeout: 2000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(warm, 0)
    return () => clearTimeout(id)
  }, [replica, listed])
  const shown = useRef<CustomerPage | undefined>(undefined)
  if (result !== null) shown.current = result
  return shown.current
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
