import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import type { SyncStatus } from '../../local-db/types'
import { useNeedsAttention, useOutboxCount } from './use-outbox-count'
import { useReplica } from './replica-context'

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l)
  window.addEventListener('offline', l)
  return () => {
    window.removeEventListener('online', l)
    window.removeEventListener('offline', l)
  }
}
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine)

export type SyncPill =
  | { kind: 'synced' }
  | { kind: 'offline'; waiting: number }
  | { kind: 'waiting'; waiting: number }
  | { kind: 'sending'; waiting: number }
  | { kind: 'attention'; count: number }
  | { kind: 'needsSignIn'; waiting: number }

/** What the status pill shows, the same in every tab (the engine writes its state to Dexie). */
export function useSyncStatus(): SyncPill & { lastSyncAt: string | null } {
  const replica = useReplica()
  const online = useOnline()
  const status = useLiveQuery(
    async () => (await replica?.db.meta.get('status'))?.value as SyncStatus | undefined,
    [replica],
  )
  const total = useOutboxCount()
  const attention = useNeedsAttention().length
  return {
    ...syncPill({ state: status?.state ?? 'idle', online, total, attention }),
    lastSyncAt: status?.lastSyncAt ?? null,
  }
}

/**
 * The pill from the engine's state and the outbox. "Synced" only with an empty outbox: while any
 * change (queued or refused) exists only on this device, the pill says so.
 */
export function syncPill(p: {
  state: SyncStatus['state']
  online: boolean
  total: number
  attention: number
}): SyncPill {
  const waiting = p.total - p.attention
  if (p.state === 'needsSignIn') return { kind: 'needsSignIn', waiting }
  if (p.attention > 0) return { kind: 'attention', count: p.attention }
  if (!p.online || p.state === 'offline') return { kind: 'offline', waiting }
  if (p.state === 'sending' && waiting > 0) return { kind: 'sending', waiting }
  if (waiting > 0) return { kind: 'waiting', waiting }
  return { kind: 'synced' }
}
