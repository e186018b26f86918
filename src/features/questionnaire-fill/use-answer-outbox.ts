import { useLiveQuery } from 'dexie-react-hooks'
import type { ReplicaDb } from '../../local-db/db'
import { entriesOf } from '../../local-db/registry'
import type { OutboxEntry } from '../../local-db/types'

/** Answer edits of this device not yet accepted: some waiting to be sent, or one the server refused. */
export type AnswerOutboxState = { pending: boolean; refused: OutboxEntry | null }

/**
 * This submission's answer edits still in the outbox, by question (the latest per question), so
 * each answer can show "waiting to sync" or the reason it was refused.
 */
export function useAnswerOutbox(db: ReplicaDb | null, submissionId: string | null | undefined) {
  return (
    useLiveQuery(async () => {
      const out = new Map<string, AnswerOutboxState>()
      if (!db || !submissionId) return out
      const entries = await db.outbox.where('entityId').equals(submissionId).sortBy('seq')
      for (const e of entries.filter(entriesOf('questionnaireSubmission.updateAnswer'))) {
        const questionId = e.args.questionId
        const was = out.get(questionId) ?? { pending: false, refused: null }
        out.set(
          questionId,
          e.status === 'needsAttention' ? { ...was, refused: was.refused ?? e } : { ...was, pending: true },
        )
      }
      return out
    }, [db, submissionId]) ?? new Map<string, AnswerOutboxState>()
  )
}
