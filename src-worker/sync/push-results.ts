import type { EntityName, MutationResult } from '../../contract/sync'
import type { ReplicaDb } from '../../src/local-db/db'
import { CLIENT_ENTITIES, clientMutation, entityOf, outboxTables } from '../../src/local-db/registry'
import type { OutboxEntry } from '../../src/local-db/types'

/**
 * Settles a pushed batch in one transaction: acknowledged entries leave the outbox and their
 * result becomes the new server copy (each mutation's `settle` in the client registry); refused
 * ones stay, marked for staff to fix or discard (and the mutation's `refused` says what else that
 * means). Then every touched row is rebuilt. Returns how many entries got a result.
 */
export async function applyPushResults(db: ReplicaDb, batch: OutboxEntry[], results: MutationResult[]) {
  const byId = new Map(batch.map((e) => [e.id, e]))
  let settled = 0
  const tables = outboxTables(db)
  await db.transaction('rw', tables, async () => {
    const touched = new Map<EntityName, Set<string>>()
    const touch = (entity: EntityName | undefined, id: string) => {
      if (!entity) return
      const set = touched.get(entity) ?? new Set<string>()
      set.add(id)
      touched.set(entity, set)
    }
    for (const r of results) {
      const e = byId.get(r.id)
      if (!e || e.seq === undefined) continue
      // The entry may have been discarded or replaced while the batch was in flight.
      const current = await db.outbox.get(e.seq)
      if (!current || current.id !== e.id) continue
      settled++
      const entity = entityOf(e)
      touch(entity, e.entityId)
      if (r.status === 'applied' || r.status === 'duplicate') {
        await db.outbox.delete(e.seq)
        await clientMutation(e).settle(db, e, r.result, (id) => touch(entity, id))
      } else {
        await db.outbox.update(e.seq, {
          status: 'needsAttention',
          error: { code: r.code, message: r.message, details: 'details' in r ? r.details : undefined },
        })
        await clientMutation(current).refused?.(db, current)
      }
    }
    for (const [entity, ids] of touched) await CLIENT_ENTITIES[entity].rebuild(db, [...ids])
  })
  return settled
}
