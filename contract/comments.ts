import { z } from 'zod'
import { msg } from './messages'
import { ZActivityPeriod } from './questionnaires/activities'

/**
 * A staff comment on a customer (spec "Customer comments"; issue 10). Written in a branch
 * (`salonId`), it follows its customer to every branch the customer belongs to. `editedAt` is set
 * once the text changed after writing (the card shows "edited"). The author's name is kept with
 * the comment, so it still reads right after the author left.
 */
export const ZCustomerComment = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
  employeeId: z.string().uuid().nullable(),
  authorName: z.string(),
  text: z.string(),
  /** When it was written and last edited (ARCHITECTURE "Time": offline, the corrected device time). */
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  /** When the server received its latest write. Optional: replica rows from before it have none. */
  receivedAt: z.string().optional(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type CustomerComment = z.infer<typeof ZCustomerComment>

/** The longest comment text (characters); the card shows it whole, wrapped. */
export const COMMENT_MAX = 5000

/** A comment's text: 1..5000 characters after trimming; empty says the spec's "required". */
export const zCommentText = z.string().trim().min(1, msg('required')).max(COMMENT_MAX)

/** Whose comments and where: the customer, and the branch the caller acts in (spec: "with a query"). */
export const ZCommentScope = z.object({
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
})

/** GET …/customer-comments: one customer's comments as seen in one branch, newest first. */
export const ZCommentListQuery = ZCommentScope.extend({
  /** Spec §9: the comment and activity filter offers last 7 days, last 30 days and all. */
  period: ZActivityPeriod.default('all'),
})

/** POST: `id` is the client's UUID (append-only; a replay answers the stored comment). */
export const ZCreateComment = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
  text: zCommentText,
})
export type CreateComment = z.infer<typeof ZCreateComment>

export const ZUpdateComment = z.object({ text: zCommentText })
