import { asc, gt, gte, sql } from 'drizzle-orm'
import type { Salon } from '../../../contract/salons'
import type { DbOrTx } from '../../db/client'
import { customers, employeeSalonRoles, employees, salons } from '../../db/schema'
import { type Scope, tenant } from '../../scope'

/**
 * Changed branches of the organisation for the feed, with the counts the branch list shows.
 * Customer writes that change a branch's membership bump that branch's version, so the counts
 * reach replicas without a separate mechanism.
 */
export async function changedSalons(db: DbOrTx, scope: Scope, since: number, limit: number) {
  // Correlated subqueries name the outer table explicitly: an unqualified column would bind to the
  // inner table of the same name.
  const customersCount = sql<number>`(select count(*)::int from ${customers} c
    where c.organisation_id = "salons"."organisation_id" and "salons"."id" = any(c.salon_ids)
      and c.deleted_at is null and c.deleted = false)`
  const employeesCount = sql<number>`(select count(distinct r.employee_id)::int from ${employeeSalonRoles} r
    join ${employees} e on e.id = r.employee_id
    where r.salon_id = "salons"."id" and e.deleted_at is null)`
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
