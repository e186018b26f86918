import { desc, eq } from 'drizzle-orm'
import type { CustomerConflict } from '../../../contract/customers'
import type { DbOrTx } from '../../db/client'
import { customerConflicts } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { authorizeInAny, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { loadVisibleCustomer } from './access'
import { toConflict } from './serialize'

/** The clash log of one customer, newest first. */
export async function listConflicts(opts: {
  caller: TenantCaller
  db: DbOrTx
  customerId: string
}): Promise<CustomerConflict[]> {
  await loadVisibleCustomer(opts.db, opts.caller, opts.customerId)
  const rows = await opts.db
    .select()
    .from(customerConflicts)
    .where(tenant(customerConflicts, opts.caller, eq(customerConflicts.customerId, opts.customerId)))
    .orderBy(desc(customerConflicts.version))
  return rows.map(toConflict)
}

/**
 * Marks a clash as seen and handled by staff (they re-enter the value they want through a normal
 * edit). Resolving twice is harmless: an offline resolve may arrive after an online one.
 */
export async function resolveConflict(opts: {
  caller: TenantCaller
  db: DbOrTx
  id: string
  customerId?: string
}): Promise<CustomerConflict> {
  const { caller } = opts
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(customerConflicts)
      .where(tenant(customerConflicts, caller, eq(customerConflicts.id, opts.id)))
      .for('update')
    if (!row || (opts.customerId && row.customerId !== opts.customerId)) throw new AppError('CONFLICT_NOT_FOUND')
    const customer = await loadVisibleCustomer(tx, caller, row.customerId)
    authorizeInAny(caller, 'customers.manage', customer.salonIds)
    if (row.resolvedAt) return toConflict(row)
    const [done] = await tx
      .update(customerConflicts)
      .set({ resolvedAt: new Date(), version: await nextVersion(tx, caller.organisationId) })
      .where(tenant(customerConflicts, caller, eq(customerConflicts.id, opts.id)))
      .returning()
    return toConflict(done)
  })
}
