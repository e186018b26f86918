import { eq } from 'drizzle-orm'
import type { CreateComment, CustomerComment } from '../../../contract/comments'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customerComments } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { auditEmployee } from '../audit'
import { happenedFor } from '../when'
import { assertOwnRepeat, createOnce } from '../create-once'
import { authorOf } from '../employees/author'
import { assertMayChange, type CommentScope, checkCommentScope, loadComment } from './access'
import { type CommentRow, toComment } from './serialize'

/**
 * The same comment sent again (a retried POST, a second outbox entry): answer the stored one.
 * The same id for anything else — another organisation's row, another customer or author, other
 * text on a comment never edited since — is refused as `id_taken` (never says by whom). A
 * comment deleted meanwhile is gone: NOT_FOUND.
 */
function replayOf(row: CommentRow, caller: TenantCaller, input: CreateComment): CustomerComment {
  assertOwnRepeat(row, caller, input.customerId, 'COMMENT_NOT_FOUND', row.text === input.text || row.editedAt !== null)
  return toComment(row)
}

/**
 * Adds a comment (append-only, idempotent on the client's UUID), dated when it was written
 * (services/when.ts: on a tablet offline, its clock corrected); the branch it was written in is kept. Audit customerCommentAdd (ids only, never the text).
 */
export async function addComment(opts: {
  db: DbOrTx
  caller: TenantCaller
  input: CreateComment
}): Promise<{ comment: CustomerComment; created: boolean }> {
  const { db, caller, input } = opts
  await checkCommentScope(db, caller, 'customerComments.write', input)
  return createOnce(
    db,
    customerComments,
    input.id,
    (row) => ({ comment: replayOf(row, caller, input), created: false }),
    async () => {
      const author = await authorOf(db, caller)
      if (!author) throw new AppError('FORBIDDEN')
      const happened = happenedFor(caller)
      return db.transaction(async (tx) => {
        const version = await nextVersion(tx, caller.organisationId)
        const [row] = await tx.transaction((sp) =>
          sp
            .insert(customerComments)
            .values({
              id: input.id,
              organisationId: caller.organisationId,
              customerId: input.customerId,
              salonId: input.salonId,
              employeeId: author.employeeId,
              authorName: author.name,
              text: input.text,
              createdAt: happened.occurredAt,
              receivedAt: happened.receivedAt,
              version,
            })
            .returning(),
        )
        await auditEmployee(tx, caller, {
          event: 'customerCommentAdd',
          salonId: input.salonId,
          customerId: input.customerId,
          data: { commentId: row.id },
        })
        return { comment: toComment(row), created: true }
      })
    },
  )
}

/**
 * Changes a comment's text (its author, or someone who manages customers in the branch); sets
 * `editedAt` ("edited" on the card). The same text again changes nothing. Audit customerCommentUpdate.
 */
export async function editComment(opts: {
  db: DbOrTx
  caller: TenantCaller
  id: string
  scope: CommentScope
  text: string
}): Promise<CustomerComment> {
  const { db, caller, id, scope, text } = opts
  await checkCommentScope(db, caller, 'customerComments.write', scope)
  return db.transaction(async (tx) => {
    const row = await loadComment(tx, caller, id, scope.customerId)
    assertMayChange(caller, row, scope.salonId)
    if (row.text === text) return toComment(row)
    const version = await nextVersion(tx, caller.organisationId)
    // "Edited" when it was changed on the device (offline too), not when it synced.
    const happened = happenedFor(caller)
    const [updated] = await tx
      .update(customerComments)
      .set({ text, editedAt: happened.occurredAt, receivedAt: happened.receivedAt, updatedAt: new Date(), version })
      .where(eq(customerComments.id, row.id))
      .returning()
    await auditEmployee(tx, caller, {
      event: 'customerCommentUpdate',
      salonId: scope.salonId,
      customerId: scope.customerId,
      data: { commentId: row.id },
    })
    return toComment(updated)
  })
}

/**
 * Deletes a comment (same rule as editing): a tombstone (`deleted_at`, a new version), so every
 * replica drops it at its next sync. Deleting one already gone is NOT_FOUND. Audit customerCommentDelete.
 */
export async function deleteComment(opts: {
  db: DbOrTx
  caller: TenantCaller
  id: string
  scope: CommentScope
}): Promise<void> {
  const { db, caller, id, scope } = opts
  await checkCommentScope(db, caller, 'customerComments.write', scope)
  await db.transaction(async (tx) => {
    const row = await loadComment(tx, caller, id, scope.customerId)
    assertMayChange(caller, row, scope.salonId)
    const version = await nextVersion(tx, caller.organisationId)
    const now = new Date()
    await tx
      .update(customerComments)
      .set({ deletedAt: now, updatedAt: now, version })
      .where(eq(customerComments.id, row.id))
    await auditEmployee(tx, caller, {
      event: 'customerCommentDelete',
      salonId: scope.salonId,
      customerId: scope.customerId,
      data: { commentId: row.id },
    })
  })
}
