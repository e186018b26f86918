import { correctedNow } from '../../api/device-clock'
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalSubmission } from '../../local-db/types'
import { useReplica } from '../sync/replica-context'

/** Like GET …/questionnaireSubmissions/recent, from the replica: the branch's latest submissions. */
export function useRecentSubmissions(limit = 10): LocalSubmission[] | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () => (replica ? replica.db.submissions.orderBy('submittedAt').reverse().limit(limit).toArray() : undefined),
    [replica, limit],
  )
}

/** Counts for the dashboard tiles: today, the last 7 days, and unsent on this device. */
export function useSubmissionCounts() {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { submissions } = replica.db
    // The server dated the submissions: "today" by the corrected clock (src/api/device-clock.ts).
    const midnight = correctedNow()
    midnight.setHours(0, 0, 0, 0)
    const weekAgo = new Date(midnight.getTime() - 6 * 86_400_000)
    const [today, week, pending] = await Promise.all([
      submissions.where('submittedAt').aboveOrEqual(midnight.toISOString()).count(),
      submissions.where('submittedAt').aboveOrEqual(weekAgo.toISOString()).count(),
      submissions.where('_pending').equals(1).count(),
    ])
    return { today, week, pending }
  }, [replica])
}
