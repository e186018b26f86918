import { allows } from '../../../../contract/policy'
import type { ChangeOf, EntityName } from '../../../../contract/sync'
import { changedInBranch, toAdvice, toAdviceCondition, toAdviceGroup } from '../../advice/rows'
import { adviceConditions, adviceGroups, advices } from '../../../db/schema'
import type { FeedEntity, FeedQuery } from '../entity'

/*
 * Grow (issue 11): a branch's modules, groups and conditions, for whoever reads advice there
 * (GET …/advices, …/advice-groups, …/advice-conditions; advice.read). Read offline (the tablet
 * chooses a customer's advice without a connection), changed online only: no mutations.
 */

function feed<E extends EntityName, T extends typeof advices | typeof adviceGroups | typeof adviceConditions>(
  entity: E,
  table: T,
  serialize: (r: T['$inferSelect']) => unknown,
): FeedEntity<E> {
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

export const adviceFeed = feed('advice', advices, toAdvice)
export const adviceGroupFeed = feed('adviceGroup', adviceGroups, toAdviceGroup)
export const adviceConditionFeed = feed('adviceCondition', adviceConditions, toAdviceCondition)
