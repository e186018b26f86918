import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalSalon } from '../../local-db/types'
import { useReplica } from '../sync/sync-provider'

/**
 * The organisation's branches from the replica (the changes feed carries all of them, with
 * customer and employee counts), by name; undefined while loading or without a replica.
 */
export function useSalons(): LocalSalon[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => (replica ? replica.db.salons.orderBy('name').toArray() : undefined), [replica])
}
