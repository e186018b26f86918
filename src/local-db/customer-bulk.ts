import type { Customer } from '../../contract/customers'
import type { ReplicaDb } from './db'
import { entry, pingSync } from './outbox'
import { rebuildCustomers } from './entities/customer'

/*
 * Soft delete, restore and "add to a branch" of one or many customers (issue 10). Each customer
 * gets its own `customer.update` entry (field merge, conflicts and refusals per customer, as for
 * any edit), written with its row in one Dexie transaction: works offline, sent once by the sync.
 */

/** What a bulk action did: `done` were queued, `skipped` needed nothing (already so) or are gone. */
export type BulkResult = { done: string[]; skipped: string[] }

async function bulkChange(
  db: ReplicaDb,
  ids: string[],
  change: (row: Customer) => { changes: Record<string, unknown>; base: Record<string, unknown> } | null,
): Promise<BulkResult> {
  const result: BulkResult = { done: [], skipped: [] }
  await db.transaction('rw', [db.customers, db.serverCustomers, db.outbox], async () => {
    const rows = await db.customers.bulkGet(ids)
    for (const [i, row] of rows.entries()) {
      const c = row ? change(row) : null
      if (!row || !c) {
        result.skipped.push(ids[i])
        continue
      }
      await db.outbox.add(entry('customer.update', row.id, { id: row.id, changes: c.changes, base: c.base }))
      result.done.push(row.id)
    }
    await rebuildCustomers(db, result.done)
  })
  if (result.done.length) pingSync(db)
  return result
}

/** Soft delete (`deleted: true`) or restore (`false`): hidden from lists, shown by the filter. */
export const setCustomersDeleted = (db: ReplicaDb, ids: string[], deleted: boolean) =>
  bulkChange(db, ids, (row) =>
    row.deleted === deleted ? null : { changes: { deleted }, base: { deleted: row.deleted } },
  )

/** Adds a branch to each customer's branches (the field merge keeps other devices' changes). */
export const addCustomersToBranch = (db: ReplicaDb, ids: string[], salonId: string) =>
  bulkChange(db, ids, (row) =>
    row.salonIds.includes(salonId)
      ? null
      : { changes: { salonIds: [...row.salonIds, salonId] }, base: { salonIds: row.salonIds } },
  )
