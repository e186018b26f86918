import { desc, eq } from 'drizzle-orm'
import type { CustomerConflict } from '../../../contract/customers'
import type { DbOrTx } from '../../db/client'
import { customerConflicts } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { can, type Scope, tenant } from '../../scope'
import { loadVisibleCustomer } from './access'
import { toConflict } from './serialize'

/** The clash log of one customer, newest first. */
export async function listConflicts(opts: {
  scope: Scope
  db: DbOrTx
  customerId: string
}): Promise<CustomerConflict[]> {
  await loadVisibleCustomer(opts.db, opts.scope, opts.customerId)
  const rows = await opts.db
    .select()
    .from(customerConflicts)
    .where(tenant(customerConflicts, opts.scope, eq(customerConflicts.customerId, opts.customerId)))
    .orderBy(desc(customerConflicts.version))
  return rows.map(toConflict)
}

/**
 * Marks a clash as seen and handled by staff (they re-enter the value they want through a normal
 * edit). Resolving twice is harmless: an offline resolve may arrive after an online one.
 */
export async function resolveConflict(opts: {
  scope: Scope
  db: DbOrTx
  id: string
  customerId?: string
}): Promise<CustomerConflict> {
  const { scope } = opts
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(customerConflicts)
      .where(tenant(customerConflicts, scope, eq(customerConflicts.id, opts.id)))
      .for('update')
    if (!row || (opts.customerId && row.customerId !== opts.customerId)) throw new AppError('NOT_FOUND')
    const customer = await loadVisibleCustomer(tx, scope, row.customerId)
    if (!customer.salonIds.some((s) => can(scope, 'manageCustomers', s)))
      throw new AppError('FORBIDDEN', { permission: 'manageCustomers' })
    if (row.resolvedAt) return toConflict(row)
    const [done] = await tx
      .update(customerConflicts)
      .set({ resolvedAt: new Date(), version: await nextVersion(tx, scope.organisationId) })
      .where(tenant(customerConflicts, scope, eq(customerConflicts.id, opts.id)))
      .returning()
    return toConflict(done)
  })
}
