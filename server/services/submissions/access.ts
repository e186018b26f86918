import { eq } from 'drizzle-orm'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { AppError } from '../../errors'
import { inBranch, notDeleted, tenant } from '../../scope'

/**
 * The customer a submission is for: theirs for a customer; for staff a (not removed) customer of
 * the branch. Anything else is CUSTOMER_NOT_FOUND, never a hint that it exists elsewhere.
 */
export async function loadSubmissionCustomer(db: DbOrTx, caller: TenantCaller, salonId: string, customerId: string) {
  if (caller.kind === 'customer' && caller.customerId !== customerId) throw new AppError('CUSTOMER_NOT_FOUND')
  const [row] = await db
    .select()
    .from(customers)
    .where(tenant(customers, caller, eq(customers.id, customerId), notDeleted(customers), inBranch(customers, salonId)))
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
  return row
}

/** Submissions visible in this branch: those of its customers (a customer: their own). */
export const visibleFilter = (caller: TenantCaller, salonId: string) =>
  caller.kind === 'customer' ? eq(customers.id, caller.customerId) : inBranch(customers, salonId)
