import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useReducer } from 'react'
import type { SyncStatus } from '../../local-db/types'
import { useOnline } from '../app/use-online'
import { useNeedsAttention, useOutboxCount } from './use-outbox-count'
import { useReplica } from './replica-context'

export type SyncPill =
  | { kind: 'synced' }
  | { kind: 'offline'; waiting: number }
  | { kind: 'waiting'; waiting: number }
  | { kind: 'sending'; waiting: number }
  | { kind: 'attention'; count: number }
  | { kind: 'needsSignIn'; waiting: number }
  /** Issue 21 #3: the session ended while offline; work goes on, sign-in once the network is back. */
  | { kind: 'signInWhenOnline'; waiting: number }
  /** Issue 22: the subscription has expired; changes wait on this device until it is renewed. */
  | { kind: 'readOnly'; waiting: number }
  /** Issue 21 #5: no successful sync for more than a day (whole days since, at least 1). */
  | { kind: 'stale'; count: number }

/** After this long without a successful sync the pill says so (issue 21 #5: "older than a day"). */
export const STALE_AFTER_MS = 24 * 3600_000

/** Until the replica's state and outbox have been read, the pill claims nothing. */
export type SyncPillState = SyncPill | { kind: 'unknown' }

/** What the status pill shows, the same in every tab (the engine writes its state to Dexie). */
export function useSyncStatus(): SyncPillState & { lastSyncAt: string | null } {
  const replica = useReplica()
  const online = useOnline()
  // Wrapped: a replica without a status row yet reads as `{ status: undefined }`, not as "not read".
  const read = useLiveQuery(
    async () => ({ status: (await replica?.db.meta.get('status'))?.value as SyncStatus | undefined }),
    [replica],
  )
  const total = useOutboxCount()
  const attention = useNeedsAttention()?.length
  const now = useMinuteClock()
  const lastSyncAt = read?.status?.lastSyncAt ?? null
  if (read === undefined || total === undefined || attention === undefined) return { kind: 'unknown', lastSyncAt }
  const state = read.status?.state ?? 'idle'
  return { ...syncPill({ state, online, total, attention, lastSyncAt, now }), lastSyncAt }
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
  lastSyncAt?: string | null
  now?: number
}): SyncPill {
  const waiting = p.total - p.attention
  // Offline a sign-in cannot be done: say it will be needed, and offer it only once online.
  if (p.state === 'needsSignIn')
    return p.online ? { kind: 'needsSignIn', waiting } : { kind: 'signInWhenOnline', waiting }
  if (p.attention > 0) return { kind: 'attention', count: p.attention }
  if (p.state === 'readOnly' && p.online && waiting > 0) return { kind: 'readOnly', waiting }
  const since = p.lastSyncAt ? (p.now ?? Date.now()) - Date.parse(p.lastSyncAt) : 0
  if (since > STALE_AFTER_MS) return { kind: 'stale', count: Math.floor(since / STALE_AFTER_MS) }
  if (!p.online || p.state === 'offline') return { kind: 'offline', waiting }
  if (p.state === 'sending' && waiting > 0) return { kind: 'sending', waiting }
  if (waiting > 0) return { kind: 'waiting', waiting }
  return { kind: 'synced' }
}

/** Now, renewed every minute: enough for "more than a day ago". */
function useMinuteClock(): number {
  const [now, tick] = useReducer(() => Date.now(), Date.now())
  useEffect(() => {
    const timer = setInterval(tick, 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
