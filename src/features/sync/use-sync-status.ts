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
  const waiting = total - attention
  const lastSyncAt = status?.lastSyncAt ?? null
  const state = status?.state ?? 'idle'
  if (state === 'needsSignIn') return { kind: 'needsSignIn', waiting, lastSyncAt }
  if (attention > 0) return { kind: 'attention', count: attention, lastSyncAt }
  if (!online || state === 'offline') return { kind: 'offline', waiting, lastSyncAt }
  if (state === 'sending' && waiting > 0) return { kind: 'sending', waiting, lastSyncAt }
  if (waiting > 0) return { kind: 'waiting', waiting, lastSyncAt }
  return { kind: 'synced', lastSyncAt }
}
