import type { CustomerConflict } from '../../../contract/customers'
import type { ReplicaDb } from '../db'
import { type ClientMutationsOf, type EntityDefinition, groupByEntity, putOrDelete, replay } from '../entity'

/** Same-field clashes the server recorded, for staff to see and resolve (offline too). */

const mutations: ClientMutationsOf<'customerConflict'> = {
  'customerConflict.resolve': {
    // A resolve that waits for the server already shows as resolved.
    overlay: (row, e) => (row && !row.resolvedAt ? { ...row, resolvedAt: e.createdAt } : row),
    async settle(db, _e, result) {
      const c = result as CustomerConflict | null
      if (c?.id) await db.customerConflicts.put(c)
    },
    async discarded(db, e) {
      const c = await db.customerConflicts.get(e.entityId)
      if (c) await db.customerConflicts.put({ ...c, resolvedAt: null })
    },
  },
}

/** Recomputes conflict rows: a resolve that waits for the server already shows as resolved. */
export async function rebuildConflictOverlay(db: ReplicaDb, conflictIds: Iterable<string>) {
  const ids = [...new Set(conflictIds)]
  if (!ids.length) return
  const byEntity = groupByEntity(await db.outbox.where('entityId').anyOf(ids).toArray())
  for (const [id, entries] of byEntity) {
    const c = await db.customerConflicts.get(id)
    if (!c) continue
    const { row } = replay<CustomerConflict>(mutations, c, entries)
    if (row && row !== c) await db.customerConflicts.put(row)
  }
}

export const customerConflict: EntityDefinition<'customerConflict'> = {
  tables: (db) => [db.customerConflicts],
  async apply(db, changes) {
    await putOrDelete(db.customerConflicts, changes)
    await rebuildConflictOverlay(
      db,
      changes.flatMap((c) => (c.deleted ? [] : [c.row.id])),
    )
  },
  rebuild: (db, ids) => rebuildConflictOverlay(db, ids),
  mutations,
}
