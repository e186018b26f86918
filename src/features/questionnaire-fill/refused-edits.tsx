import { useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import type { Question } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { discardEntry } from '../../local-db/mutations'
import { entriesOf } from '../../local-db/registry'
import { Button } from '../../ui'
import { RefusedNotice } from './refused-notice'
import type { SubmittedQuestionnaires } from './customer-submissions'

/**
 * Changed answers the server refused (e.g. the questionnaire changed since): shown with the
 * reason like refused submissions, never dropped silently. "Open" leads to the submission to
 * change it again; "Undo change" drops the edit (the answer the server has shows again).
 */
export function RefusedEdits({ db, slug }: { db: ReplicaDb; slug: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const rows = useLiveQuery(async () => {
    const entries = await db.outbox.where('status').equals('needsAttention').sortBy('seq')
    const edits = entries.filter(entriesOf('questionnaireSubmission.updateAnswer'))
    const known = (await db.getMeta<SubmittedQuestionnaires>('submittedQuestionnaires')) ?? {}
    const subs = await db.submissions.bulkGet(edits.map((e) => e.entityId))
    return edits.map((e, i) => {
      const q = subs[i] && known[subs[i].questionnaireId]
      const question = (q?.questions as Question[] | undefined)?.find((x) => x.id === e.args.questionId)
      return { e, name: [q?.name, question?.name].filter(Boolean).join(' – ') }
    })
  }, [db])
  if (!rows?.length) return null
  return (
    <RefusedNotice
      testId="refused-edits"
      title={t('questionnaire-fill.refusedEditsTitle', { count: rows.length })}
      rows={rows}
      actions={(e) => (
        <>
          <Button
            size="lg"
            onClick={() =>
              void navigate({ to: '/$slug/submission/$submissionId', params: { slug, submissionId: e.entityId } })
            }
          >
            {t('questionnaire-fill.openSubmission')}
          </Button>
          <Button variant="secondary" size="lg" onClick={() => void discardEntry(db, e.seq!)}>
            {t('questionnaire-fill.undoChange')}
          </Button>
        </>
      )}
    />
  )
}
