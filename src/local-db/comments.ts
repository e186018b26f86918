import { v7 as uuidv7 } from 'uuid'
import type { CustomerComment } from '../../contract/comments'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { entry, pingSync } from './mutations'
import { customerRows } from './customer-rows'
import type { OutboxEntry } from './types'

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

const rows = customerRows<CustomerComment>({
  entity: 'customerComment',
  shown: (db) => db.customerComments,
  server: (db) => db.serverCustomerComments,
})

export const commentToLocal = rows.toLocal
/** Recomputes the visible comments of `ids`. Call inside a rw transaction over both comment tables and outbox. */
export const rebuildComments = rows.rebuild
/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export const putServerComments = rows.putServer
/** Customers left the replica: their comments go with them (unsent ones stay visible from the outbox). */
export const dropCommentsOf = rows.dropOf

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
