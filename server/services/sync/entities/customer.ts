import { asc, gt, gte } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { customerDepartures, customers } from '../../../db/schema'
import { inBranch, notDeleted, tenant } from '../../../scope'
import { departuresAfter } from '../../customers/followers'
import { createCustomer, toCustomer, updateCustomer } from '../../customers'
import { customerColumns } from '../../customers/serialize'
import { fresh, type SyncEntity } from '../entity'

/**
 * Customers of this branch (GET …/customers?salonId answers the same ones). Tombstones only for
 * customers that left THIS branch or were removed from it (`customer_departures`, recorded by a
 * trigger): a replica never hears the ids of other branches' customers.
 */
export const customer: SyncEntity<'customer'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'customers.read', salonId),
    async changed({ db, caller, salonId, since, limit }) {
      const rows = await db
        .select(customerColumns)
        .from(customers)
        .where(
          tenant(
            customers,
            caller,
            fresh(since) ? gte(customers.version, 0) : gt(customers.version, since),
            notDeleted(customers, { flagged: true }),
            inBranch(customers, salonId),
          ),
        )
        .orderBy(asc(customers.version))
        .limit(limit)
      const changes: ChangeOf<'customer'>[] = rows.map((r) => ({
        entity: 'customer',
        version: r.version,
        deleted: false,
        row: toCustomer(r),
      }))
      if (fresh(since)) return changes
      const departures = await db
        .select({ id: customerDepartures.customerId, version: customerDepartures.version })
        .from(customerDepartures)
        .where(departuresAfter(caller, salonId, since))
        .orderBy(asc(customerDepartures.version))
        .limit(limit)
      // Both lists are prefixes in version order: the first `limit` of their merge is one too.
      return [
        ...changes,
        ...departures.map((d) => ({
          entity: 'customer' as const,
          version: d.version,
          deleted: true as const,
          id: d.id,
        })),
      ]
        .sort((a, b) => a.version - b.version)
        .slice(0, limit)
    },
  },
  runners: {
    'customer.create': async ({ caller, db, args }) => (await createCustomer({ caller, db, input: args })).customer,
    'customer.update': ({ caller, db, args }) =>
      updateCustomer({ caller, db, id: args.id, changes: args.changes, base: args.base }),
  },
}
