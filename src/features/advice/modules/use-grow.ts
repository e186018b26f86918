import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import {
  type CheckedQuestionnaire,
  type SubconditionProblem,
  subconditionProblems,
} from '../../../../contract/advice/check'
import type { LocalAdvice, LocalAdviceCondition, LocalAdviceGroup, LocalQuestionnaire } from '../../../local-db/types'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { useHasFeature } from '../../subscription/upgrade-prompt'
import { useReplica } from '../../sync/replica-context'

/*
 * The branch's Grow modules, groups and conditions from the replica (issue 11), offline too.
 * Changes are made online (grow-api.ts) and arrive through the sync; the screen also puts its
 * own answers in at once.
 */

/** Order of every screen: position, then creation (uuid v7 ids sort by time), as the server. */
const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const byName = <T extends { name: string; id: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1)

export type GrowData = {
  advices: LocalAdvice[]
  groups: LocalAdviceGroup[]
  conditions: LocalAdviceCondition[]
  questionnaires: LocalQuestionnaire[]
}

/**
 * Whether this employee may change Grow here: advice.manage, and Grow in the organisation's plan
 * (issue 22: outside the plan the page shows the upgrade prompt instead of the add and edit
 * actions; the modules made before a downgrade stay readable).
 */
export function useCanManageGrow(): boolean {
  const inPlan = useHasFeature('grow')
  const may = useCan('advice.manage')
  return may && inPlan
}

/** Why Grow cannot be changed here now (the drawers' note): outside the plan, not allowed, or offline; null when it can. */
export function useGrowLock(): string | null {
  const { t } = useTranslation()
  const inPlan = useHasFeature('grow')
  const may = useCan('advice.manage')
  const online = useOnline()
  if (!inPlan) return t('grow.notInPlan')
  if (!may) return t('grow.readOnly')
  return online ? null : t('grow.needsConnection')
}

/** Everything the Grow screen shows, for the replica's branch; undefined while loading. */
export function useGrow(): GrowData | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { db, salonId } = replica
    const [advices, groups, conditions, questionnaires] = await Promise.all([
      db.advices.toArray(),
      db.adviceGroups.toArray(),
      db.adviceConditions.toArray(),
      db.questionnaires.toArray(),
    ])
    return {
      advices: advices.filter((a) => a.salonId === salonId).sort(byPosition),
      groups: groups.filter((g) => g.salonId === salonId).sort(byPosition),
      conditions: conditions.filter((c) => c.salonId === salonId).sort(byName),
      questionnaires: questionnaires.sort(byName),
    }
  }, [replica])
}

/** The replica's questionnaires as the subcondition check reads them. */
export const checkable = (qs: readonly LocalQuestionnaire[]): CheckedQuestionnaire[] =>
  qs.map((q) => ({ id: q.id, name: q.name, questions: q.questions }))

/** Per condition id: what no longer fits (a removed question or option); absent: fine. */
export function brokenConditions(
  conditions: readonly LocalAdviceCondition[],
  questionnaires: readonly LocalQuestionnaire[],
): Map<string, SubconditionProblem[]> {
  const qs = checkable(questionnaires)
  const out = new Map<string, SubconditionProblem[]>()
  for (const c of conditions) {
    const p = subconditionProblems(c.subconditions, qs)
    if (p.length) out.set(c.id, p)
  }
  return out
}
