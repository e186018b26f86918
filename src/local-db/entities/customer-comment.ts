import type { CustomerComment } from '../../../contract/comments'
import type { MutationArgs } from '../../../contract/sync'
import { customerRows } from '../customer-rows'
import type { ClientMutationsOf } from '../entity'
import type { ReplicaDb } from '../db'
import type { OutboxEntry } from '../types'

/*
 * Comments follow the customers' pattern: the server's acknowledged copy + this device's unsent
 * entries replayed on top, so a pull never hides a comment that has not reached the server yet.
 * Written offline (comments.ts) they are kept, marked pending, and sent once: the create carries
 * the comment's own client UUID, which the server is idempotent on.
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

/** A comment written or edited: the server's answer is the new server copy. */
const settleComment = async (db: ReplicaDb, _e: OutboxEntry, result: unknown) => {
  const c = result as CustomerComment | null
  if (c?.id && typeof c.version === 'number') await putServerComments(db, [c])
}

const mutations: ClientMutationsOf<'customerComment'> = {
  'customerComment.create': {
    createsRow: true,
    overlay: (row, e) => row ?? commentFromCreate(e.args, e.createdAt),
    settle: settleComment,
  },
  // A refused edit or delete keeps showing the comment with the change marked "needs attention".
  'customerComment.update': {
    overlay: (row, e) => (row ? { ...row, text: e.args.text, editedAt: row.editedAt ?? e.createdAt } : row),
    settle: settleComment,
  },
  'customerComment.delete': {
    overlay: (row, e) => (e.status === 'needsAttention' ? row : undefined),
    async settle(db, e) {
      await putServerComments(db, [], [e.entityId])
    },
  },
}

const rows = customerRows<CustomerComment, 'customerComment'>({
  mutations,
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

export const customerComment = rows.entity
