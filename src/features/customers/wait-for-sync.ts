import { liveQuery } from 'dexie'
import type { ReplicaDb } from '../../local-db/db'

export type Settled = 'synced' | 'attention' | 'timeout'

/**
 * After a save while online: wait (briefly) until the sync worker has the server's answer for
 * this customer, so the drawer can show "e-mail taken" instead of closing on a change that will
 * be refused. Offline or slow, the change simply stays pending.
 */
export function waitForSync(db: ReplicaDb, entityId: string, timeoutMs = 8000): Promise<Settled> {
  return new Promise((resolve) => {
    let done = false
    const finish = (s: Settled) => {
      if (done) return
      done = true
      clearTimeout(timer)
      queueMicrotask(() => sub.unsubscribe())
      resolve(s)
    }
    const timer = setTimeout(() => finish('timeout'), timeoutMs)
    const sub = liveQuery(() => db.outbox.where('entityId').equals(entityId).toArray()).subscribe({
      next: (entries) => {
        if (entries.length === 0) finish('synced')
        else if (entries.some((e) => e.status === 'needsAttention')) finish('attention')
      },
      error: () => finish('timeout'),
    })
  })
}
