import { allows } from '../../../../contract/policy'
import { customerComments } from '../../../db/schema'
import { addComment, deleteComment, editComment, toComment } from '../../comments'
import { followerChanges } from '../../customers/followers'
import type { SyncEntity } from '../entity'

/**
 * Comments of this branch's customers (written in any branch), as GET …/customer-comments lists
 * them for a customer of the branch. From 0 live ones only; later a deleted one comes as a
 * tombstone, and so do the comments of a customer who left this branch (at the departure's
 * version; the replica also drops a customer's comments with the customer's own tombstone, so a
 * page cut between two comments of one departure loses nothing).
 */
export const customerComment: SyncEntity<'customerComment'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'customerComments.read', salonId),
    changed: (q) => followerChanges('customerComment', customerComments, q, (live) => live.map(toComment)),
  },
  runners: {
    'customerComment.create': async ({ caller, db, args }) => (await addComment({ db, caller, input: args })).comment,
    'customerComment.update': ({ caller, db, args }) =>
      editComment({
        db,
        caller,
        id: args.id,
        scope: { customerId: args.customerId, salonId: args.salonId },
        text: args.text,
      }),
    /** Answers the id (the comment is a tombstone now; the replica drops it). */
    'customerComment.delete': async ({ caller, db, args }) => {
      await deleteComment({ db, caller, id: args.id, scope: { customerId: args.customerId, salonId: args.salonId } })
      return { id: args.id, deleted: true }
    },
  },
}
