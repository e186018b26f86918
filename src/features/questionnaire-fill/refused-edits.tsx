import { useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { AlertTriangle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Question } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { discardEntry } from '../../local-db/mutations'
import { Button } from '../../ui'
import { outboxErrorText } from '../sync/outbox-error-text'
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
    const edits = entries.filter((e) => e.name === 'questionnaireSubmission.updateAnswer')
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
    <section
      aria-labelledby="refused-edits-title"
      data-testid="refused-edits"
      className="flex flex-col gap-4 rounded-xl border border-[#ecd6a4] bg-[#fbf1dc] p-4 text-left text-[#5c3d06]"
    >
      <h2 id="refused-edits-title" className="flex items-center gap-2 text-lg font-medium">
        <AlertTriangle aria-hidden className="size-5 shrink-0" />
        {t('questionnaire-fill.refusedEditsTitle', { count: rows.length })}
      </h2>
      <ul className="flex flex-col gap-4">
        {rows.map(({ e, name }) => (
          <li key={e.id} className="flex flex-col gap-3">
            <p className="text-base">
              <span className="font-medium">{name || t('questionnaire-fill.refusedUnknown')}</span>
              {': '}
              {outboxErrorText(t, e.error)}
            </p>
            <div className="flex flex-wrap gap-3">
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
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
