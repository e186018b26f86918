import { allows } from '../../../contract/policy'
import type { ChangeOf, EntityName } from '../../../contract/sync'
import type { adviceConditions, adviceGroups, advices } from '../../db/schema'
import { changedInBranch } from '../advice/rows'
import type { FeedEntity, FeedQuery } from './entity'

/**
 * Grow (issue 11): the feed of a branch's modules, groups or conditions, for whoever reads advice
 * there (GET …/advices, …/advice-groups, …/advice-conditions; advice.read). The three differ only
 * in table and serializer, so entities/advice*.ts share this.
 */
export function adviceFeed<
  E extends EntityName,
  T extends typeof advices | typeof adviceGroups | typeof adviceConditions,
>(entity: E, table: T, serialize: (r: T['$inferSelect']) => unknown): FeedEntity<E> {
  return {
    readable: (caller, salonId) => allows(caller, 'advice.read', salonId),
    async changed({ db, caller, salonId, since, limit }: FeedQuery) {
      const rows = await changedInBranch(db, table, caller, salonId, since, limit)
      return rows.map(
        (r) =>
          (r.deletedAt
            ? { entity, version: r.version, deleted: true, id: r.id }
            : { entity, version: r.version, deleted: false, row: serialize(r) }) as ChangeOf<E>,
      )
    },
  }
}
