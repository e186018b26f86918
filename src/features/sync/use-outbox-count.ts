import { useLiveQuery } from 'dexie-react-hooks'
import { useReplica } from './replica-context'

/** Local changes not yet acknowledged by the server (0 without a replica). Sign-out warns on > 0. */
export function useOutboxCount(): number {
  const replica = useReplica()
  return useLiveQuery(() => replica?.db.outbox.count() ?? 0, [replica], 0)
}

/** Entries the server refused; staff fix, retry or discard them. */
export function useNeedsAttention() {
  const replica = useReplica()
  return useLiveQuery(
    () => replica?.db.outbox.where('status').equals('needsAttention').sortBy('seq') ?? [],
    [replica],
    [],
  )
}
