import type { ReplicaDb } from '../../local-db/db'

export type Settled = 'synced' | 'attention' | 'timeout'

/**
 * After a save while online: wait (briefly) until the sync worker has the server's answer for
 * this customer, so the drawer can show "e-mail taken" instead of closing on a change that will
 * be refused. Offline or slow, the change simply stays pending. Plain polling on purpose: the
 * worker writes from another thread, and a plain read always sees its committed state.
 */
export async function waitForSync(db: ReplicaDb, entityId: string, timeoutMs = 8000): Promise<Settled> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const entries = await db.outbox.where('entityId').equals(entityId).toArray()
    if (entries.length === 0) return 'synced'
    if (entries.some((e) => e.status === 'needsAttention')) return 'attention'
    await new Promise((r) => setTimeout(r, 120))
  }
  return 'timeout'
}
