import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalCustomField } from '../../local-db/types'
import { useReplica } from '../sync/replica-context'

/*
 * The organisation's custom fields from the replica (issue 10): the drawer, the list's columns
 * and the custom fields screen read them here, offline too. Changes are made online (REST) and
 * arrive through the next sync; the screen also puts its own answer in at once.
 */

/** Order of every screen: position, then creation (uuid v7 ids sort by time), as the server. */
export const byPosition = (a: LocalCustomField, b: LocalCustomField) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The live custom fields in order; undefined while loading or without a replica. */
export function useCustomFields(): LocalCustomField[] | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica ? (await replica.db.customFields.toArray()).sort(byPosition) : undefined),
    [replica],
  )
}
