import { v7 as uuidv7 } from 'uuid'
import type { CustomerComment } from '../../contract/comments'
import type { ReplicaDb } from './db'
import { rebuildComments } from './entities/customer-comment'
import { entry, pingSync } from './outbox'
import type { OutboxEntry } from './types'

/*
 * Comments written on this device: the row and its outbox entry in one transaction, shown at once
 * and marked pending (the entity, its overlays and feed: entities/customer-comment.ts).
 */

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
