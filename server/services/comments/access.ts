import { and, eq } from 'drizzle-orm'
import type { Action } from '../../../contract/policy'
import { allows } from '../../../contract/policy'
import { authorizeInBranch, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customerComments } from '../../db/schema'
import { AppError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import { loadVisibleCustomer } from '../customers/access'
import type { CommentRow } from './serialize'

/** Where a comment call acts: the customer, seen from the branch the caller works in. */
export type CommentScope = { customerId: string; salonId: string }

/**
 * The caller may do `action` in the branch, and the customer is visible there: a branch that is
 * not the organisation's is SALON_NOT_FOUND, no right there FORBIDDEN, a customer of another
 * organisation or not in this branch CUSTOMER_NOT_FOUND (never leaked as 403).
 */
export async function checkCommentScope(db: DbOrTx, caller: TenantCaller, action: Action, scope: CommentScope) {
  await authorizeInBranch(db, caller, action, scope.salonId)
  const customer = await loadVisibleCustomer(db, caller, scope.customerId)
  if (!customer.salonIds.includes(scope.salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  return customer
}

/** A live comment of this customer in the caller's organisation (else NOT_FOUND), locked for the write. */
export async function loadComment(db: DbOrTx, caller: TenantCaller, id: string, customerId: string) {
  const [row] = await db
    .select()
    .from(customerComments)
    .where(
      tenant(
        customerComments,
        caller,
        and(eq(customerComments.id, id), eq(customerComments.customerId, customerId)),
        notDeleted(customerComments),
      ),
    )
    .for('update')
  if (!row) throw new AppError('COMMENT_NOT_FOUND')
  return row
}

/** The author changes their own comment; someone else's needs manageCustomers in the branch. */
export const mayChange = (caller: TenantCaller, row: CommentRow, salonId: string) =>
  (row.employeeId !== null && row.employeeId === employeeIdOf(caller)) || allows(caller, 'customers.manage', salonId)

export function assertMayChange(caller: TenantCaller, row: CommentRow, salonId: string) {
  if (!mayChange(caller, row, salonId)) throw new AppError('COMMENT_NOT_AUTHOR')
}
