import { asc, gt, gte, inArray } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import type { Salon } from '../../../../contract/salons'
import type { ChangeOf } from '../../../../contract/sync'
import type { DbOrTx } from '../../../db/client'
import { salons } from '../../../db/schema'
import { tenant } from '../../../scope'
import { customersCount, employeesCount } from '../../salons/counts'
import type { SyncEntity } from '../entity'

/**
 * Branches for the feed, with the counts the branch list shows: the same branches as
 * GET …/salons answers this caller — all of them with `salons.readAll`, else those they hold a
 * role in. Customer writes that change a branch's membership bump that branch's version, so the
 * counts reach replicas without a separate mechanism.
 */
async function changedSalons(
  db: DbOrTx,
  caller: { organisationId: string },
  since: number,
  limit: number,
  only?: string[],
) {
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
    .where(
      tenant(
        salons,
        caller,
        since === 0 ? gte(salons.version, 0) : gt(salons.version, since),
        only ? inArray(salons.id, only) : undefined,
      ),
    )
    .orderBy(asc(salons.version))
    .limit(limit)
}

type ChangedSalon = Awaited<ReturnType<typeof changedSalons>>[number]

const toSalon = (r: ChangedSalon): Salon => ({
  id: r.id,
  organisationId: r.organisationId,
  name: r.name,
  customersCount: Number(r.customersCount),
  employeesCount: Number(r.employeesCount),
  version: r.version,
})

export const salon: SyncEntity<'salon'> = {
  feed: {
    readable: () => true,
    async changed({ db, caller, since, limit }) {
      const only = allows(caller, 'salons.readAll') ? undefined : [...caller.grants.keys()]
      if (only?.length === 0) return []
      const rows = await changedSalons(db, caller, since, limit, only)
      return rows.map(
        (r): ChangeOf<'salon'> =>
          r.deletedAt === null
            ? { entity: 'salon', version: r.version, deleted: false, row: toSalon(r) }
            : { entity: 'salon', version: r.version, deleted: true, id: r.id },
      )
    },
  },
  runners: {},
}
