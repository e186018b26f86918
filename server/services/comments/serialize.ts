import type { CustomerComment } from '../../../contract/comments'
import type { customerComments } from '../../db/schema'

export type CommentRow = typeof customerComments.$inferSelect

/** Database row → the API/replica shape (contract CustomerComment). */
export function toComment(r: CommentRow): CustomerComment {
  return {
    id: r.id,
    customerId: r.customerId,
    salonId: r.salonId,
    employeeId: r.employeeId,
    authorName: r.authorName,
    text: r.text,
    editedAt: r.editedAt ? r.editedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    receivedAt: r.receivedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}
