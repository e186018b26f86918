import { v7 as uuidv7 } from 'uuid'
import { CUSTOMER_FIELD_NAMES, type Customer, type CustomerFields } from '../../contract/customers'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { foldIntoCreate, rebuildCustomers } from './entities/customer'
import { entry, pingSync } from './outbox'
import { localPhotoId, photoRefs } from './photos'
import { CLIENT_ENTITIES, clientMutation, entityOf, outboxTables } from './registry'
import type { OutboxEntry, OutboxEntryOf } from './types'

export { entry, pingSync } from './outbox'

/*
 * Local writes. Each one writes the visible row and its outbox entry in ONE Dexie transaction, so
 * a crash or a closed tab can never leave a change on screen that will not be sent (or the
 * reverse). The same path is used online and offline: the sync worker pushes at once when it can.
 */

/** Recomputes the visible row an entry is about (nothing for a kind this version does not know). */
async function rebuildRow(db: ReplicaDb, e: OutboxEntry) {
  const entity = entityOf(e)
  if (entity) await CLIENT_ENTITIES[entity].rebuild(db, [e.entityId])
}

const tables = (db: ReplicaDb) => [db.customers, db.serverCustomers, db.outbox] as const

/** Creates a customer locally (client id UUID v7, so a retried create is never doubled). */
export async function createCustomer(db: ReplicaDb, fields: CustomerFields, opts: { assignExisting?: boolean } = {}) {
  const id = uuidv7()
  const args: MutationArgs<'customer.create'> = { ...fields, id }
  if (opts.assignExisting) args.assignExisting = true
  await db.transaction('rw', tables(db), async () => {
    await db.outbox.add(entry('customer.create', id, args))
    await rebuildCustomers(db, [id])
  })
  pingSync(db)
  return id
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The fields whose value differs from the row as the user saw it. */
export function changedFields(before: Customer, after: CustomerFields): Partial<CustomerFields> {
  const changes: Record<string, unknown> = {}
  for (const f of CUSTOMER_FIELD_NAMES) if (!same(before[f], after[f])) changes[f] = after[f]
  return changes as Partial<CustomerFields>
}

/**
 * Edits a customer: records only the changed fields and the values they were based on.
 *
 * `shown` is the row as the form was filled from it (server copy + earlier unsent edits): the
 * changes are what the user changed on screen, and their base is what they saw. Comparing with
 * the row as it is now instead would send back, as an "edit", a field another device changed
 * while the form was open. With two offline edits of one field, the second is based on the first.
 *
 * A change the server refused (needsAttention) is REPLACED by this edit, not queued behind it:
 * the form shows the refused values, so what it holds now is what the user wants. Every field of
 * the refused change that still differs from the row without it is sent again (the whole edit's
 * other fields go with the corrected one), based on what the user saw before the refused change,
 * so the server never sees a clash with a value that only ever existed on this device.
 * Returns the row as it is after the edit (the next edit's `shown`).
 */
export async function updateCustomer(db: ReplicaDb, id: string, fields: CustomerFields, shown?: Customer) {
  const after = await db.transaction('rw', tables(db), async () => {
    const row = await db.customers.get(id)
    if (!row) throw new Error('CUSTOMER_NOT_FOUND')
    const reference = shown ?? row
    const entries = await db.outbox.where('entityId').equals(id).sortBy('seq')
    const refusedHere = entries.filter((e) => e.status === 'needsAttention' && entityOf(e) === 'customer')
    // A customer's entries are its create (the one that makes the row) and its updates.
    const stuckCreate = refusedHere.find((e) => clientMutation(e).createsRow) as
      | OutboxEntryOf<'customer.create'>
      | undefined
    if (stuckCreate) {
      // The server refused the create (e.g. e-mail taken): fold everything into one new create
      // with a new mutation id, so fixing the form is the retry.
      const changes = changedFields(reference, fields)
      await foldIntoCreate(db, id, { ...row, ...changes }, stuckCreate.args.assignExisting === true)
      return db.customers.get(id)
    }
    const refused = refusedHere.filter((e) => !clientMutation(e).createsRow) as OutboxEntryOf<'customer.update'>[]
    const refusedBase: Record<string, unknown> = {}
    for (const e of refused) {
      const base = (e.args.base ?? {}) as Record<string, unknown>
      for (const f of Object.keys((e.args.changes ?? {}) as object)) if (!(f in refusedBase)) refusedBase[f] = base[f]
    }
    let without: Customer = row
    if (refused.length) {
      await db.outbox.bulkDelete(refused.map((e) => e.seq!))
      await rebuildCustomers(db, [id])
      without = (await db.customers.get(id)) ?? row
    }
    const changes: Record<string, unknown> = {}
    const base: Record<string, unknown> = {}
    for (const f of CUSTOMER_FIELD_NAMES) {
      if (f in refusedBase) {
        if (same(without[f], fields[f])) continue
        changes[f] = fields[f]
        base[f] = refusedBase[f] ?? null
      } else if (!same(reference[f], fields[f])) {
        changes[f] = fields[f]
        base[f] = reference[f] ?? null
      }
    }
    if (Object.keys(changes).length) {
      await db.outbox.add(entry('customer.update', id, { id, changes: changes as CustomerFields, base }))
      await rebuildCustomers(db, [id])
    }
    return db.customers.get(id)
  })
  pingSync(db)
  return after
}

/**
 * Sends a needs-attention entry again under a new mutation id (the old id's result is recorded
 * on the server). For CUSTOMER_EXISTS_IN_OTHER_BRANCH, `assignExisting` adds the branches to the
 * existing customer instead.
 */
export async function retryEntry(db: ReplicaDb, seq: number, opts: { assignExisting?: boolean } = {}) {
  await db.transaction('rw', outboxTables(db), async () => {
    const e = await db.outbox.get(seq)
    if (!e) return
    if (await clientMutation(e).retry?.(db, e, opts)) return
    await db.outbox.delete(seq)
    const { seq: _old, ...again } = e
    // Same args in the shape they were written in (`v` kept), under a new mutation id.
    await db.outbox.add({ ...again, id: uuidv7(), status: 'queued', error: null })
    await rebuildRow(db, e)
  })
  pingSync(db)
}

/**
 * Drops an unsent change; the row falls back to the server's copy (or disappears if new). Photos
 * only it referred to go too, unless `keepPhotos` (its answers go back into a draft).
 */
export async function discardEntry(db: ReplicaDb, seq: number, opts: { keepPhotos?: boolean } = {}) {
  await db.transaction('rw', outboxTables(db), async () => {
    const e = await db.outbox.get(seq)
    if (!e) return
    await db.outbox.delete(seq)
    if (!opts.keepPhotos) await db.photos.bulkDelete(photoRefs(e.args).map(localPhotoId))
    await clientMutation(e).discarded?.(db, e)
    await rebuildRow(db, e)
  })
}

/** Marks a recorded same-field clash as seen and settled by staff. */
export async function resolveConflict(db: ReplicaDb, conflictId: string) {
  await db.transaction('rw', [db.outbox, db.customerConflicts], async () => {
    const c = await db.customerConflicts.get(conflictId)
    if (!c || c.resolvedAt) return
    const e = entry('customerConflict.resolve', conflictId, { id: conflictId })
    await db.outbox.add(e)
    await db.customerConflicts.put({ ...c, resolvedAt: e.createdAt })
  })
  pingSync(db)
}
