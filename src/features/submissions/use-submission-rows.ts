import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalSubmission } from '../../local-db/types'
import { useReplica } from '../sync/replica-context'

/** A submission with the names a list shows, looked up in the replica (works offline). */
export type SubmissionRow = LocalSubmission & { customerName: string | null; questionnaireName: string | null }

/**
 * Joins customer and questionnaire names onto submissions. A name the replica does not hold
 * (a customer of another branch, a deleted questionnaire) stays null and the row says so.
 */
export function useSubmissionRows(submissions: LocalSubmission[] | undefined): SubmissionRow[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica || !submissions) return undefined
    const customerIds = [...new Set(submissions.map((s) => s.customerId))]
    const questionnaireIds = [...new Set(submissions.map((s) => s.questionnaireId))]
    const [customers, questionnaires] = await Promise.all([
      replica.db.customers.bulkGet(customerIds),
      replica.db.questionnaires.bulkGet(questionnaireIds),
    ])
    const customerName = new Map(customerIds.map((id, i) => [id, customers[i]?.fullName ?? null]))
    const questionnaireName = new Map(questionnaireIds.map((id, i) => [id, questionnaires[i]?.name ?? null]))
    return submissions.map((s) => ({
      ...s,
      customerName: customerName.get(s.customerId) ?? null,
      // Staff who may not read questionnaires get the name on the submission row (the feed).
      questionnaireName: questionnaireName.get(s.questionnaireId) ?? s.questionnaireName ?? null,
    }))
  }, [replica, submissions])
}
