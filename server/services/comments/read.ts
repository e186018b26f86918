import { and, desc, eq, gte } from 'drizzle-orm'
import type { CustomerComment } from '../../../contract/comments'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customerComments } from '../../db/schema'
import { notDeleted, tenant } from '../../scope'
import { type CommentScope, checkCommentScope } from './access'
import { toComment } from './serialize'

/** Spec §9: last 7 days, last 30 days, all. */
const DAYS = { '7d': 7, '30d': 30, all: null } as const

/** One customer's live comments, seen from a branch where the customer is visible, newest first. */
export async function listComments(opts: {
  db: DbOrTx
  caller: TenantCaller
  scope: CommentScope
  period: keyof typeof DAYS
}): Promise<CustomerComment[]> {
  const { db, caller, scope, period } = opts
  await checkCommentScope(db, caller, 'customerComments.read', scope)
  const days = DAYS[period]
  const rows = await db
    .select()
    .from(customerComments)
    .where(
      tenant(
        customerComments,
        caller,
        and(
          eq(customerComments.customerId, scope.customerId),
          days === null ? undefined : gte(customerComments.createdAt, new Date(Date.now() - days * 86_400_000)),
        ),
        notDeleted(customerComments),
      ),
    )
    .orderBy(desc(customerComments.createdAt), desc(customerComments.id))
  return rows.map(toComment)
}
