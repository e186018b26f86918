import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalQuestionnaire, LocalSubmission } from '../../local-db/types'
import { useReplica } from './replica-context'
import { useLiveList, useLiveRow } from './use-live-row'

const byName = (a: LocalQuestionnaire, b: LocalQuestionnaire) => a.name.localeCompare(b.name, 'nl')

/** The organisation's questionnaires from the replica, by name; hidden ones only when asked. */
export function useQuestionnaires(
  opts: { kind?: LocalQuestionnaire['kind']; includeHidden?: boolean } = {},
): LocalQuestionnaire[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const coll = opts.kind
      ? replica.db.questionnaires.where('kind').equals(opts.kind)
      : replica.db.questionnaires.toCollection()
    const rows = await coll.filter((q) => opts.includeHidden === true || !q.hidden).toArray()
    return rows.sort(byName)
  }, [replica, opts.kind, opts.includeHidden])
}

/** One questionnaire (null when not in the replica, undefined while loading). */
export function useQuestionnaire(id: string | null | undefined): LocalQuestionnaire | null | undefined {
  const replica = useReplica()
  // Keyed: the editor is filled from it, never from the previously opened questionnaire.
  return useLiveRow(id, async (key) => (replica ? replica.db.questionnaires.get(key) : undefined), [replica])
}

/** Submissions from the replica (unsent ones included, `_pending` = 1), newest first. */
export function useSubmissions(
  opts: { customerId?: string; questionnaireId?: string } = {},
): LocalSubmission[] | undefined {
  const replica = useReplica()
  // The key the list is for: a list made for the previous customer reads as loading.
  const key = `${opts.customerId ?? ''}|${opts.questionnaireId ?? ''}`
  return useLiveList(key, async () => {
    if (!replica) return []
    const { db } = replica
    const coll = opts.customerId
      ? db.submissions.where('customerId').equals(opts.customerId)
      : opts.questionnaireId
        ? db.submissions.where('questionnaireId').equals(opts.questionnaireId)
        : db.submissions.toCollection()
    const rows = await coll.filter((s) => !opts.questionnaireId || s.questionnaireId === opts.questionnaireId).toArray()
    return rows.sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
  }, [replica, opts.customerId, opts.questionnaireId])
}

/** One submission (null when not in the replica, undefined while loading). */
export function useSubmission(id: string | null | undefined): LocalSubmission | null | undefined {
  const replica = useReplica()
  return useLiveRow(id, async (key) => (replica ? replica.db.submissions.get(key) : undefined), [replica])
}
