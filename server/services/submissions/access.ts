import { arrayContains, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { type Actor, assertAnyIn, assertCustomerInSalon, assertSalon } from '../questionnaires'

/** Staff who may see submissions in a branch: questionnaire readers and customer readers. */
export const READ_SUBMISSIONS = [
  'readQuestionnaires',
  'manageQuestionnaires',
  'readCustomers',
  'manageCustomers',
] as const
/** Staff who may take a submission (kiosk hand-over) in a branch. */
export const TAKE_SUBMISSIONS = ['readQuestionnaires', 'manageCustomers', 'manageQuestionnaires'] as const
/** Staff who may change a submitted answer. */
export const EDIT_SUBMISSIONS = ['manageCustomers', 'manageQuestionnaires'] as const

/** Branch of the path exists; the actor may act in it with one of `permissions` (staff). */
export async function assertSubmissionAccess(
  db: DbOrTx,
  actor: Actor,
  salonId: string,
  permissions: readonly (typeof READ_SUBMISSIONS)[number][],
): Promise<void> {
  await assertSalon(db, actor.organisationId, salonId)
  if (actor.kind === 'customer') await assertCustomerInSalon(db, actor, salonId)
  else assertAnyIn(actor.scope, [...permissions], salonId)
}

/**
 * The customer a submission is for: theirs for a customer; for staff a (not removed) customer of
 * the branch. Anything else is CUSTOMER_NOT_FOUND, never a hint that it exists elsewhere.
 */
export async function loadSubmissionCustomer(db: DbOrTx, actor: Actor, salonId: string, customerId: string) {
  if (actor.kind === 'customer' && actor.customerId !== customerId) throw new AppError('CUSTOMER_NOT_FOUND')
  const [row] = await db
    .select()
    .from(customers)
    .where(
      tenant(customers, actor, eq(customers.id, customerId), eq(customers.deleted, false), isNull(customers.deletedAt)),
    )
  if (!row?.salonIds.includes(salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  return row
}

/** Submissions visible in this branch: those of its customers (a customer: their own). */
export const visibleFilter = (actor: Actor, salonId: string) =>
  actor.kind === 'customer' ? eq(customers.id, actor.customerId) : arrayContains(customers.salonIds, [salonId])
