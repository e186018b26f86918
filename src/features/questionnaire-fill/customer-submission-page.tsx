import { useTranslation } from 'react-i18next'
import { type Question, questionsFor } from '../../../contract/questionnaires'
import { updateSubmissionAnswers } from '../../local-db/submission-mutations'
import { FormError, formatDateTime, notify, Skeleton } from '../../ui'
import { useOnline } from '../app/use-online'
import { useCustomerPageSync } from '../customer-area/customer-page-frame'
import { SubmissionMarks } from '../submissions/submission-list'
import type { CustomerSync } from './customer-replica'
import { useCustomerSubmissions } from './customer-submissions'
import { EditableAnswers } from './editable-answers'

/**
 * `/{slug}/submission/{id}`: a submitted questionnaire with the answers as the customer gave them
 * (their option titles); each answer can be changed. Edits go through the customer's outbox, so
 * they work offline and are sent when the connection returns. In the customer page frame (back
 * link, salon name, session check).
 */
export function CustomerSubmissionPage({ submissionId }: { submissionId: string }) {
  return <SubmissionBody sync={useCustomerPageSync()} submissionId={submissionId} />
}

function SubmissionBody({ sync, submissionId }: { sync: CustomerSync; submissionId: string }) {
  const { t } = useTranslation()
  const online = useOnline()
  const { rows, questionnaires, failed } = useCustomerSubmissions(sync)
  if (!rows) return <Skeleton className="h-40 w-full" />
  const submission = rows.find((s) => s.id === submissionId)
  const questionnaire = submission && questionnaires[submission.questionnaireId]
  if (!submission || !questionnaire)
    return (
      // A heading even here: the page says what it is before why it is empty (screen readers, axe).
      <>
        <h1 className="text-3xl font-semibold text-ink">{t('questionnaire-fill.submissionNotFoundTitle')}</h1>
        <FormError text={t(failed ? 'errors.NETWORK' : 'questionnaire-fill.submissionNotFound')} />
      </>
    )

  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold break-words text-ink">{questionnaire.name}</h1>
        <p className="text-base text-muted">
          {t('questionnaire-fill.submittedOn', { date: formatDateTime(submission.submittedAt) })}
        </p>
        {(submission._pending === 1 || submission._error) && (
          <SubmissionMarks s={{ ...submission, takenBy: 'customer' }} />
        )}
      </header>
      <EditableAnswers
        key={submission.id}
        questions={questionsFor(questionnaire.questions as Question[], 'customer')}
        submission={submission}
        db={sync.db}
        audience="customer"
        large
        onSave={async (changes) => {
          await updateSubmissionAnswers(sync.db, submission.id, changes)
          notify({
            type: 'success',
            message: t(online ? 'questionnaire-fill.answerChanged' : 'questionnaire-fill.answerChangedOffline'),
          })
        }}
      />
    </>
  )
}
