import { v7 as uuidv7 } from 'uuid'
import type { CustomerComment } from '../../contract/comments'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { entry, pingSync } from './mutations'
import { groupByEntity } from './overlay'
import { replay } from './registry'
import type { LocalCustomerComment, OutboxEntry } from './types'

/*
 * Comments follow the customers' pattern: the server's acknowledged copy + this device's unsent
 * entries replayed on top (registry overlays), so a pull never hides a comment that has not
 * reached the server yet. Written offline they are kept, marked pending, and sent once: the
 * create carries the comment's own client UUID, which the server is idempotent on.
 */

/** A comment made from a `customerComment.create` entry, before the server has it. */
export function commentFromCreate(args: MutationArgs<'customerComment.create'>, createdAt: string): CustomerComment {
  return {
    id: args.id,
    customerId: args.customerId,
    salonId: args.salonId,
    // The server names the author on arrival; until then the card names the signed-in employee.
    employeeId: null,
    authorName: '',
    text: args.text,
    editedAt: null,
    createdAt,
    updatedAt: createdAt,
    version: 0,
  }
}

const strip = ({ _pending, _error, ...c }: CustomerComment & Partial<LocalCustomerComment>): CustomerComment => c

export const commentToLocal = (c: CustomerComment, pending = false, error: string | null = null) => ({
  ...strip(c),
  _pending: pending ? (1 as const) : (0 as const),
  _error: error,
})

/** Recomputes the visible comments of `ids`. Call inside a rw transaction over both comment tables and outbox. */
export async function rebuildComments(db: ReplicaDb, ids: Iterable<string>) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const [servers, entries] = await Promise.all([
    db.serverCustomerComments.bulkGet(unique),
    db.outbox.where('entityId').anyOf(unique).toArray(),
  ])
  const byEntity = groupByEntity(entries)
  const puts: LocalCustomerComment[] = []
  const deletes: string[] = []
  unique.forEach((id, i) => {
    const server = servers[i]
    const { row, pending, error } = replay<CustomerComment>(
      'customerComment',
      server ? strip(server) : undefined,
      byEntity.get(id) ?? [],
    )
    if (row) puts.push(commentToLocal(row, pending, error))
    else deletes.push(id)
  })
  if (puts.length) await db.customerComments.bulkPut(puts)
  if (deletes.length) await db.customerComments.bulkDelete(deletes)
}

/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export async function putServerComments(db: ReplicaDb, rows: CustomerComment[], tombstones: string[] = []) {
  const fresh: LocalCustomerComment[] = []
  for (const c of rows) {
    const known = await db.serverCustomerComments.get(c.id)
    if (!known || known.version <= c.version) fresh.push(commentToLocal(c))
  }
  if (fresh.length) await db.serverCustomerComments.bulkPut(fresh)
  if (tombstones.length) await db.serverCustomerComments.bulkDelete(tombstones)
  await rebuildComments(db, [...fresh.map((c) => c.id), ...tombstones])
}

/**
 * Customers left the replica (a tombstone, or soft-deleted): their comments go with them. Unsent
 * ones stay visible from the outbox (the server decides them; a refusal waits for staff).
 */
export async function dropCommentsOf(db: ReplicaDb, customerIds: string[]) {
  if (customerIds.length === 0) return
  const server = await db.serverCustomerComments.where('customerId').anyOf(customerIds).primaryKeys()
  const shown = await db.customerComments.where('customerId').anyOf(customerIds).primaryKeys()
  await db.serverCustomerComments.bulkDelete(server)
  await rebuildComments(db, [...server, ...shown])
}

const tables = (db: ReplicaDb) => [db.customerComments, db.serverCustomerComments, db.outbox] as const

async function write(db: ReplicaDb, id: string, e: OutboxEntry) {
  await db.transaction('rw', tables(db), async () => {
    await db.outbox.add(e)
    await rebuildComments(db, [id])
  })
  pingSync(db)
}

/** Writes a comment locally (row + outbox entry in one transaction); the id is the client's UUID. */
export async function addComment(db: ReplicaDb, input: { customerId: string; salonId: string; text: string }) {
  const id = uuidv7()
  await write(db, id, entry('customerComment.create', id, { id, ...input }))
  return id
}

/** Changes a comment's text (shown at once, "edited"; sent when there is a connection). */
export async function editComment(db: ReplicaDb, c: CustomerComment, salonId: string, text: string) {
  await write(db, c.id, entry('customerComment.update', c.id, { id: c.id, customerId: c.customerId, salonId, text }))
}

/** Deletes a comment (gone from the card at once; the server keeps a tombstone). */
export async function deleteComment(db: ReplicaDb, c: CustomerComment, salonId: string) {
  await write(db, c.id, entry('customerComment.delete', c.id, { id: c.id, customerId: c.customerId, salonId }))
}
