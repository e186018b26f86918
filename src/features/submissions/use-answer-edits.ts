import { useEffect, useState } from 'react'
import type { AnswerValue, CustomerActivity } from '../../../contract/questionnaires'
import { api } from '../../api/client'
import { getEmployeeToken } from '../auth/session'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'

/** The latest later edit of an answer (activity answerUpdated): when, and what it was before. */
export type AnswerEdit = { createdAt: string; oldValue: AnswerValue }

/**
 * Answers changed after submitting, by question. The edit history lives in the customer's
 * activity log on the server, so it shows when online; offline the answers themselves (from the
 * replica) are still current, only the "changed on" notes are missing.
 */
export function useAnswerEdits(customerId: string | null | undefined, submissionId: string | null | undefined) {
  const replica = useReplica()
  const online = useOnline()
  const [edits, setEdits] = useState<Map<string, AnswerEdit>>(new Map())
  useEffect(() => {
    setEdits(new Map())
    if (!replica || !customerId || !submissionId || !online) return
    const ctrl = new AbortController()
    api<CustomerActivity[]>(`/organisations/${replica.orgId}/customers/activities`, {
      query: { customerId, period: 'all' },
      token: getEmployeeToken(),
      signal: ctrl.signal,
    })
      .then((rows) => {
        const out = new Map<string, AnswerEdit>()
        // Newest first: the first edit seen per question is the latest; its old value is the
        // one the customer gave before it.
        for (const a of rows) {
          const d = a.data as { submissionId?: string; questionId?: string; oldValue?: AnswerValue } | null
          if (a.type !== 'answerUpdated' || d?.submissionId !== submissionId || !d.questionId) continue
          if (!out.has(d.questionId)) out.set(d.questionId, { createdAt: a.createdAt, oldValue: d.oldValue ?? null })
        }
        setEdits(out)
      })
      // The notes are extra information: without them the answers still show.
      .catch(() => undefined)
    return () => ctrl.abort()
  }, [replica, customerId, submissionId, online])
  return edits
}
