import { useLiveQuery } from 'dexie-react-hooks'
import type { AdviceKind } from '../../../../contract/advice'
import {
  type CustomerAdviceItem,
  type EvaluatedAdvice,
  evaluateCustomerAdvice,
  explainVerdict,
  questionLookup,
} from '../../../../contract/advice/customer-advice'
import type { ReplicaDb } from '../../../local-db/db'
import { useReplica } from '../../sync/replica-context'

/** One module for one customer: the module, its group (null: none) and why it shows or not. */
export type AdviceForCustomer = EvaluatedAdvice

/**
 * A customer's advice from the replica (offline too): every module of the given kinds with its
 * verdict on the customer's latest answers (unsent submissions included), in the set order. The
 * same pure evaluation runs on the server (contract/advice/customer-advice.ts), so the tablet
 * and the server choose the same modules.
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
  return evaluateCustomerAdvice({ modules, groups, conditions, submissions, kinds })
}

/**
 * The same with "why" in parts (question and option titles from the replica's questionnaires):
 * employee titles for staff, customer titles for the kiosk.
 */
export async function explainedAdviceForCustomer(
  db: ReplicaDb,
  customerId: string,
  kinds: readonly AdviceKind[],
  audience: 'employee' | 'customer',
): Promise<CustomerAdviceItem[]> {
  const [rows, conditions, questionnaires] = await Promise.all([
    adviceForCustomer(db, customerId, kinds),
    db.adviceConditions.toArray(),
    db.questionnaires.toArray(),
  ])
  const byId = new Map(conditions.map((c) => [c.id, c]))
  const lookup = questionLookup(questionnaires)
  return rows.map(({ advice, group, verdict }) => ({
    advice,
    group: group ? { id: group.id, name: group.name, position: group.position } : null,
    shows: verdict.shows,
    why: explainVerdict(verdict, byId, lookup, audience),
  }))
}

/** The live list for a customer (undefined while loading). */
export function useCustomerAdvice(
  customerId: string,
  kinds: readonly AdviceKind[],
  audience: 'employee' | 'customer' = 'employee',
) {
  const replica = useReplica()
  return useLiveQuery(
    async () =>
      replica
        ? { customerId, rows: await explainedAdviceForCustomer(replica.db, customerId, kinds, audience) }
        : undefined,
    [replica, customerId, kinds.join(','), audience],
  )
}
