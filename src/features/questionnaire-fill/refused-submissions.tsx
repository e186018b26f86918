import { useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import type { AnswerValue } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { discardEntry } from '../../local-db/mutations'
import { entriesOf } from '../../local-db/registry'
import type { OutboxEntryOf } from '../../local-db/types'
import { Button } from '../../ui'
import { RefusedNotice } from './refused-notice'
import { draftKey, fillDb } from './draft-db'

/**
 * Submissions the server refused (e.g. the questionnaire changed, a photo was refused): shown to
 * the customer with the reason, never dropped silently. "Fill in again" puts the answers back as
 * a draft of the questionnaire; "Dismiss" drops the submission.
 */
export function RefusedSubmissions({ db, slug, customerId }: { db: ReplicaDb; slug: string; customerId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const rows = useLiveQuery(async () => {
    const entries = await db.outbox.where('status').equals('needsAttention').sortBy('seq')
    const creates = entries.filter(entriesOf('questionnaireSubmission.create'))
    const names = await db.questionnaires.bulkGet(creates.map((e) => e.args.questionnaireId))
    return creates.map((e, i) => ({ e, name: names[i]?.name ?? '' }))
  }, [db])
  if (!rows?.length) return null

  const fillAgain = async (e: OutboxEntryOf<'questionnaireSubmission.create'>) => {
    const questionnaireId = e.args.questionnaireId
    const answers: Record<string, AnswerValue> = {}
    for (const a of e.args.answers) answers[a.questionId] = a.value
    await fillDb().drafts.put({
      key: draftKey(questionnaireId, customerId),
      answers,
      section: 0,
      updatedAt: new Date().toISOString(),
    })
    await discardEntry(db, e.seq!, { keepPhotos: true })
    await navigate({ to: '/$slug/questionnaire/$questionnaireId', params: { slug, questionnaireId } })
  }

  return (
    <RefusedNotice
      testId="refused-submissions"
      title={t('questionnaire-fill.refusedTitle', { count: rows.length })}
      rows={rows}
      actions={(e) => (
        <>
          <Button size="lg" onClick={() => void fillAgain(e)}>
            {t('questionnaire-fill.fillAgain')}
          </Button>
          <Button variant="secondary" size="lg" onClick={() => void discardEntry(db, e.seq!)}>
            {t('questionnaire-fill.dismiss')}
          </Button>
        </>
      )}
    />
  )
}
