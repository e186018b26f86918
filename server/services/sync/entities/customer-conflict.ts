import { and, asc, eq, gt, gte } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import { customerConflicts, customers } from '../../../db/schema'
import { inBranch, notDeleted, tenant } from '../../../scope'
import { resolveConflict, toConflict } from '../../customers'
import { fresh, type SyncEntity } from '../entity'

/** Same-field clashes of this branch's customers (readers of those customers see them). */
export const customerConflict: SyncEntity<'customerConflict'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'customers.read', salonId),
    async changed({ db, caller, salonId, since, limit }) {
      const rows = await db
        .select({ c: customerConflicts })
        .from(customerConflicts)
        .innerJoin(customers, eq(customers.id, customerConflicts.customerId))
        .where(
          tenant(
            customerConflicts,
            caller,
            fresh(since) ? gte(customerConflicts.version, 0) : gt(customerConflicts.version, since),
            and(inBranch(customers, salonId), notDeleted(customers, { flagged: true })),
          ),
        )
        .orderBy(asc(customerConflicts.version))
        .limit(limit)
      return rows.map(({ c }) => ({
        entity: 'customerConflict',
        version: c.version,
        deleted: false,
        row: toConflict(c),
      }))
    },
  },
  runners: {
    'customerConflict.resolve': ({ caller, db, args }) => resolveConflict({ caller, db, id: args.id }),
  },
}
