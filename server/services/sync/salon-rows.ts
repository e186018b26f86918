import { asc, gt, gte } from 'drizzle-orm'
import type { Salon } from '../../../contract/salons'
import type { DbOrTx } from '../../db/client'
import { salons } from '../../db/schema'
import type { TenantCaller as Scope } from '../../auth/caller'
import { tenant } from '../../scope'
import { customersCount, employeesCount } from '../salons/counts'

/**
 * Changed branches of the organisation for the feed, with the counts the branch list shows.
 * Customer writes that change a branch's membership bump that branch's version, so the counts
 * reach replicas without a separate mechanism.
 */
export async function changedSalons(db: DbOrTx, scope: Scope, since: number, limit: number) {
  return db
    .select({
      id: salons.id,
      organisationId: salons.organisationId,
      name: salons.name,
      version: salons.version,
      deletedAt: salons.deletedAt,
      customersCount,
      employeesCount,
    })
    .from(salons)
    .where(tenant(salons, scope, since === 0 ? gte(salons.version, 0) : gt(salons.version, since)))
    .orderBy(asc(salons.version))
    .limit(limit)
}

export type ChangedSalon = Awaited<ReturnType<typeof changedSalons>>[number]

export const toSalon = (r: ChangedSalon): Salon => ({
  id: r.id,
  organisationId: r.organisationId,
  name: r.name,
  customersCount: Number(r.customersCount),
  employeesCount: Number(r.employeesCount),
  version: r.version,
})
