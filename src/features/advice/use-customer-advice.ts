import { useLiveQuery } from 'dexie-react-hooks'
import type { Advice, AdviceGroup, AdviceKind } from '../../../contract/advice'
import { type AdviceVerdict, adviceVerdict, latestAnswers } from '../../../contract/conditions'
import type { ReplicaDb } from '../../local-db/db'
import { useReplica } from '../sync/replica-context'

/** One module for one customer: the module, its group (null: none) and why it shows or not. */
export type AdviceForCustomer = { advice: Advice; group: AdviceGroup | null; verdict: AdviceVerdict }

/**
 * A customer's advice from the replica (offline too): every module of the given kinds with its
 * verdict on the customer's latest answers (unsent submissions included), in the set order
 * (group position, then module position). The same evaluator runs on the server
 * (contract/conditions/advice.ts), so the tablet and the server choose the same modules.
 */
export async function adviceForCustomer(
  db: ReplicaDb,
  customerId: string,
  kinds: readonly AdviceKind[],
): Promise<AdviceForCustomer[]> {
  const [modules, groups, conditions, submissions] = await Promise.all([
    db.advices.toArray(),
    db.adviceGroups.toArray(),
    db.adviceConditions.toArray(),
    db.submissions.where('customerId').equals(customerId).toArray(),
  ])
  const groupsById = new Map(groups.map((g) => [g.id, g]))
  const conditionsById = new Map(conditions.map((c) => [c.id, c]))
  const answers = latestAnswers(submissions)
  const groupPosition = (a: Advice) =>
    a.groupId ? (groupsById.get(a.groupId)?.position ?? Number.MAX_SAFE_INTEGER) : -1
  return modules
    .filter((m) => kinds.includes(m.kind))
    .sort((a, b) => groupPosition(a) - groupPosition(b) || a.position - b.position || a.id.localeCompare(b.id))
    .map((advice) => ({
      advice,
      group: advice.groupId ? (groupsById.get(advice.groupId) ?? null) : null,
      verdict: adviceVerdict(advice, conditionsById, answers),
    }))
}

/** The live list for a customer (undefined while loading). */
export function useCustomerAdvice(customerId: string, kinds: readonly AdviceKind[]) {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica ? { customerId, rows: await adviceForCustomer(replica.db, customerId, kinds) } : undefined),
    [replica, customerId, kinds.join(',')],
  )
}
