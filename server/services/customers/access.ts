import { eq } from 'drizzle-orm'
import { type Action, branchesFor, type Caller } from '../../../contract/policy'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customers, salons } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import type { CustomerRow } from './serialize'

/** Branches whose customers the caller may see (policy customers.read). */
export const readableSalons = (caller: Caller): string[] => branchesFor(caller, 'customers.read')

/**
 * The branches a read is limited to: the one asked for (checked), or all readable ones. No
 * readable branch at all is a permission error, not an empty list.
 */
export function readSalonFilter(
  caller: Caller,
  salonId: string | undefined,
  action: Extract<Action, 'customers.read' | 'customerActivities.read'> = 'customers.read',
): string[] {
  authorize(caller, action, salonId)
  return salonId ? [salonId] : branchesFor(caller, action)
}

/**
 * Loads a customer the employee may see. Another organisation's customer, a removed one, and one
 * in none of the employee's branches are all "not found" — never leaked as 403.
 */
export async function loadVisibleCustomer(
  db: DbOrTx,
  caller: TenantCaller,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CustomerRow> {
  const q = db
    .select()
    .from(customers)
    .where(tenant(customers, caller, eq(customers.id, id), notDeleted(customers, { flagged: true })))
  const [row] = opts.forUpdate ? await q.for('update') : await q
  const readable = readableSalons(caller)
  if (!row?.salonIds.some((s) => readable.includes(s))) throw new AppError('CUSTOMER_NOT_FOUND')
  return row
}

/**
 * Bumps the version of branches whose customer count changed, so replicas pick up the new
 * customersCount through the changes feed. Each branch takes its own version: versions stay
 * unique per organisation, so a page cut by `limit` never splits rows sharing one version.
 */
export async function touchSalons(tx: DbOrTx, caller: { organisationId: string }, salonIds: string[]): Promise<void> {
  for (const id of [...new Set(salonIds)].sort()) {
    const version = await nextVersion(tx, caller.organisationId)
    await tx
      .update(salons)
      .set({ version })
      .where(tenant(salons, caller, eq(salons.id, id)))
  }
}
