import { arrayOverlaps, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customers, salons } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { assertCan, type Scope, salonsWith, tenant } from '../../scope'
import type { CustomerRow } from './serialize'

/** Branches whose customers the employee may see (managing implies reading). */
export function readableSalons(scope: Scope): string[] {
  return [...new Set([...salonsWith(scope, 'readCustomers'), ...salonsWith(scope, 'manageCustomers')])]
}

/**
 * The branches a read is limited to: the one asked for (checked), or all readable ones. No
 * readable branch at all is a permission error, not an empty list.
 */
export function readSalonFilter(scope: Scope, salonId: string | undefined): string[] {
  const readable = readableSalons(scope)
  if (salonId) {
    if (!readable.includes(salonId)) assertCan(scope, 'readCustomers', salonId)
    return [salonId]
  }
  if (readable.length === 0) throw new AppError('FORBIDDEN', { permission: 'readCustomers' })
  return readable
}

/**
 * Loads a customer the employee may see. Another organisation's customer, a removed one, and one
 * in none of the employee's branches are all "not found" — never leaked as 403.
 */
export async function loadVisibleCustomer(
  db: DbOrTx,
  scope: Scope,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CustomerRow> {
  const q = db
    .select()
    .from(customers)
    .where(tenant(customers, scope, eq(customers.id, id), isNull(customers.deletedAt)))
  const [row] = opts.forUpdate ? await q.for('update') : await q
  const readable = readableSalons(scope)
  if (!row?.salonIds.some((s) => readable.includes(s))) throw new AppError('CUSTOMER_NOT_FOUND')
  return row
}

/** SQL filter: customer is in one of `salonIds`. Uses the GIN index on salon_ids. */
export const inSalons = (salonIds: string[]) => arrayOverlaps(customers.salonIds, salonIds)

/**
 * Bumps the version of branches whose customer count changed, so replicas pick up the new
 * customersCount through the changes feed. Each branch takes its own version: versions stay
 * unique per organisation, so a page cut by `limit` never splits rows sharing one version.
 */
export async function touchSalons(tx: DbOrTx, scope: Scope, salonIds: string[]): Promise<void> {
  for (const id of [...new Set(salonIds)].sort()) {
    const version = await nextVersion(tx, scope.organisationId)
    await tx
      .update(salons)
      .set({ version })
      .where(tenant(salons, scope, eq(salons.id, id)))
  }
}
