import { useEffect, useMemo, useRef } from 'react'
import type { AnswerValue, CustomerActivity } from '../../../contract/questionnaires'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'

const NONE = new Map<string, AnswerEdit>()

/** The latest later edit of an answer (activity answerUpdated): when, and what it was before. */
export type AnswerEdit = { createdAt: string; oldValue: AnswerValue }

/** The latest edit per question of one submission, from the customer's activities (newest first). */
function editsOf(rows: CustomerActivity[], submissionId: string): Map<string, AnswerEdit> {
  const out = new Map<string, AnswerEdit>()
  // Newest first: the first edit seen per question is the latest; its old value is the one the
  // customer gave before it.
  for (const a of rows) {
    const d = a.data as { submissionId?: string; questionId?: string; oldValue?: AnswerValue } | null
    if (a.type !== 'answerUpdated' || d?.submissionId !== submissionId || !d.questionId) continue
    if (!out.has(d.questionId)) out.set(d.questionId, { createdAt: a.createdAt, oldValue: d.oldValue ?? null })
  }
  return out
}

/**
 * Answers changed after submitting, by question. The edit history lives in the customer's
 * activity log on the server, so it shows when online; offline the answers themselves (from the
 * replica) are still current, only the "changed on" notes are missing.
 */
export function useAnswerEdits(
  customerId: string | null | undefined,
  submissionId: string | null | undefined,
  /** The submission's server version: a newer one (an edit reached the server) reloads the notes. */
  version?: number,
) {
  const replica = useReplica()
  const online = useOnline()
  // The notes are extra information: a failure leaves them out and the answers still show.
  const input =
    replica && customerId && submissionId && online
      ? { params: { org: replica.orgId }, query: { customerId, period: 'all' as const } }
      : null
  const { data, refetch } = useApiQuery(API.customers.activities, input, { retry: false })
  const asking = input !== null
  // A newer server version of the submission (an edit arrived): ask again, the old notes show meanwhile.
  const seenVersion = useRef(version)
  useEffect(() => {
    if (seenVersion.current === version) return
    seenVersion.current = version
    if (asking) void refetch()
  }, [version, refetch, asking])
  return useMemo(() => (data && submissionId ? editsOf(data, submissionId) : NONE), [data, submissionId])
}
