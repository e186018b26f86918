import { useEffect, useState } from 'react'
import type { AnswerValue } from '../../../contract/questionnaires'
import { API, call } from '../../api/client'
import { getEmployeeToken } from '../auth/session'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'

const NONE = new Map<string, AnswerEdit>()

/** The latest later edit of an answer (activity answerUpdated): when, and what it was before. */
export type AnswerEdit = { createdAt: string; oldValue: AnswerValue }

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
  // Kept with the submission they belong to: a reload for a newer version keeps the old notes
  // meanwhile, another submission never shows them.
  const [edits, setEdits] = useState<{ id: string; map: Map<string, AnswerEdit> } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` only triggers the reload
  useEffect(() => {
    if (!replica || !customerId || !submissionId || !online) return
    const ctrl = new AbortController()
    call(API.customers.activities, {
      params: { org: replica.orgId },
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
        setEdits({ id: submissionId, map: out })
      })
      // The notes are extra information: without them the answers still show.
      .catch(() => undefined)
    return () => ctrl.abort()
  }, [replica, customerId, submissionId, online, version])
  return edits && edits.id === submissionId ? edits.map : NONE
}
