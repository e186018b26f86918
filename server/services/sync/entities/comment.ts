import { and, asc, eq, gt, gte, not } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { customerComments, customerDepartures, customers } from '../../../db/schema'
import { inBranch, notDeleted, tenant } from '../../../scope'
import { addComment, deleteComment, editComment, toComment } from '../../comments'
import { type FeedEntity, fresh, type MutationRunner } from '../entity'

/**
 * Comments of this branch's customers (written in any branch), as GET …/customer-comments lists
 * them for a customer of the branch. From 0 live ones only; later a deleted one comes as a
 * tombstone, and so do the comments of a customer who left this branch (at the departure's
 * version; the replica also drops a customer's comments with the customer's own tombstone, so a
 * page cut between two comments of one departure loses nothing).
 */
export const commentFeed: FeedEntity<'customerComment'> = {
  readable: (caller, salonId) => allows(caller, 'customerComments.read', salonId),
  async changed({ db, caller, salonId, since, limit }) {
    const rows = await db
      .select({ c: customerComments })
      .from(customerComments)
      .innerJoin(customers, eq(customers.id, customerComments.customerId))
      .where(
        tenant(
          customerComments,
          caller,
          fresh(since) ? gte(customerComments.version, 0) : gt(customerComments.version, since),
          and(inBranch(customers, salonId), notDeleted(customers, { flagged: true })),
          fresh(since) ? notDeleted(customerComments) : undefined,
        ),
      )
      .orderBy(asc(customerComments.version))
      .limit(limit)
    const changes: ChangeOf<'customerComment'>[] = rows.map(({ c }) =>
      c.deletedAt === null
        ? { entity: 'customerComment', version: c.version, deleted: false, row: toComment(c) }
        : { entity: 'customerComment', version: c.version, deleted: true, id: c.id },
    )
    if (fresh(since)) return changes
    // Customers who left this branch (and are not back): their comments go from the replica.
    const gone = await db
      .select({ id: customerComments.id, version: customerDepartures.version })
      .from(customerDepartures)
      .innerJoin(
        customerComments,
        and(
          eq(customerComments.customerId, customerDepartures.customerId),
          eq(customerComments.organisationId, customerDepartures.organisationId),
        ),
      )
      .innerJoin(customers, eq(customers.id, customerDepartures.customerId))
      .where(
        tenant(
          customerDepartures,
          caller,
          eq(customerDepartures.salonId, salonId),
          gt(customerDepartures.version, since),
          not(and(inBranch(customers, salonId), notDeleted(customers, { flagged: true }))!),
        ),
      )
      .orderBy(asc(customerDepartures.version))
      .limit(limit)
    // Both lists are prefixes in version order: the first `limit` of their merge is one too.
    return [
      ...changes,
      ...gone.map((g) => ({
        entity: 'customerComment' as const,
        version: g.version,
        deleted: true as const,
        id: g.id,
      })),
    ]
      .sort((a, b) => a.version - b.version)
      .slice(0, limit)
  },
}

export const createCommentRunner: MutationRunner<'customerComment.create'> = async ({ caller, db, args }) =>
  (await addComment({ db, caller, input: args })).comment

export const updateCommentRunner: MutationRunner<'customerComment.update'> = ({ caller, db, args }) =>
  editComment({
    db,
    caller,
    id: args.id,
    scope: { customerId: args.customerId, salonId: args.salonId },
    text: args.text,
  })

/** Answers the id (the comment is a tombstone now; the replica drops it). */
export const deleteCommentRunner: MutationRunner<'customerComment.delete'> = async ({ caller, db, args }) => {
  await deleteComment({ db, caller, id: args.id, scope: { customerId: args.customerId, salonId: args.salonId } })
  return { id: args.id, deleted: true }
}
