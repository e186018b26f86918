import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { latestAnswers } from '../../../contract/conditions/advice'
import {
  type CardQuestionnaire,
  completeConfig,
  type DashboardConfig,
  dashboardProblems,
  defaultDashboardConfig,
} from '../../../contract/dashboard'
import { byNewest } from '../../../contract/skin-analysis'
import type { LocalQuestionnaire, LocalSkinAnalysis } from '../../local-db/types'
import { useReplica } from '../sync/replica-context'

/*
 * The customer card's data from the replica (issue 11), offline too: the branch's configuration
 * (or the provider's default, built here from the replica's questionnaires exactly as the server
 * builds it), the organisation's questionnaires, and a customer's skin analyses.
 */

/** Questionnaires in the order the server builds the default from (creation: uuid v7 ids sort by time). */
const byCreation = (a: LocalQuestionnaire, b: LocalQuestionnaire) =>
  a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1)

export const asCardQuestionnaires = (qs: LocalQuestionnaire[]): CardQuestionnaire[] =>
  [...qs].sort(byCreation).map((q) => ({ id: q.id, name: q.name, questions: q.questions }))

export type CardSetup = {
  config: DashboardConfig
  isDefault: boolean
  questionnaires: LocalQuestionnaire[]
  /** Element ids that no longer fit (left off the card). */
  stale: Set<string>
}

/** The branch's card: undefined while loading. */
export function useCardSetup(): CardSetup | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { db, salonId } = replica
    const [stored, questionnaires, fields] = await Promise.all([
      db.dashboardConfigurations.get(salonId),
      db.questionnaires.toArray(),
      db.customFields.toArray(),
    ])
    const cardQs = asCardQuestionnaires(questionnaires)
    const config = stored ? completeConfig(stored.config) : defaultDashboardConfig(cardQs)
    const problems = dashboardProblems(config, cardQs, new Set(fields.map((f) => f.id)))
    return { config, isDefault: !stored, questionnaires, stale: new Set(problems.map((p) => p.elementId)) }
  }, [replica])
}

/** A customer's latest answer per questionnaire (latest submission of each, as Grow reads them). */
export function useLatestAnswers(customerId: string | null) {
  const replica = useReplica()
  const subs = useLiveQuery(
    async () => (replica && customerId ? replica.db.submissions.where('customerId').equals(customerId).toArray() : []),
    [replica, customerId],
  )
  return useMemo(() => (subs ? latestAnswers(subs) : undefined), [subs])
}

/** A customer's skin analyses, newest first (unsent ones included, marked `_pending`). */
export function useSkinAnalyses(customerId: string | null): LocalSkinAnalysis[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica || !customerId) return []
    return (await replica.db.skinAnalyses.where('customerId').equals(customerId).toArray()).sort(byNewest)
  }, [replica, customerId])
}
