import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback } from 'react'
import type { OutboxEntry } from '../../local-db/types'
import { useReplica } from './replica-context'

/**
 * Local changes not yet acknowledged by the server (0 without a replica); undefined until read —
 * a default 0 would say "nothing waits" before anyone looked (the pill showed "Synced" right
 * after a sign-in with changes still queued).
 */
export function useOutboxCount(): number | undefined {
  const replica = useReplica()
  return useLiveQuery(() => replica?.db.outbox.count() ?? 0, [replica])
}

/**
 * The count read when asked: what a decision to leave (sign out, switch branch) uses. The live
 * count above follows a write a moment later, so a sign-out just after the last change was sent
 * warned about "0 changes" (seen in e2e/offline/sign-out.spec.ts under load).
 */
export function useUnsentNow(): () => Promise<number> {
  const replica = useReplica()
  return useCallback(async () => (replica ? replica.db.outbox.count() : 0), [replica])
}

/** Entries the server refused; staff fix, retry or discard them. Undefined until read. */
export function useNeedsAttention(): OutboxEntry[] | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica ? replica.db.outbox.where('status').equals('needsAttention').sortBy('seq') : []),
    [replica],
  )
}
