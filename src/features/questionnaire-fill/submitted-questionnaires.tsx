import { Link } from '@tanstack/react-router'
import { ClipboardCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatDateTime, Skeleton } from '../../ui'
import { SubmissionMarks } from '../submissions/submission-list'
import type { CustomerSync } from './customer-replica'
import { useCustomerSubmissions } from './customer-submissions'

/** "Your submitted questionnaires" on the customer's landing page; each opens to view and change answers. */
export function SubmittedQuestionnaires({ slug, sync }: { slug: string; sync: CustomerSync }) {
  const { t } = useTranslation()
  const { rows, questionnaires } = useCustomerSubmissions(sync)
  return (
    <section className="flex flex-col gap-3" data-testid="submitted-questionnaires">
      <h2 className="text-lg font-medium text-ink">{t('questionnaire-fill.submittedTitle')}</h2>
      {!rows ? (
        <Skeleton className="h-14 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-muted">{t('questionnaire-fill.noneSubmitted')}</p>
      ) : (
        rows.map((s) => (
          <Link
            key={s.id}
            to="/$slug/submission/$submissionId"
            params={{ slug, submissionId: s.id }}
            className="flex min-h-14 items-center gap-3 rounded-xl border-2 border-line bg-white px-5 py-2 text-ink hover:border-primary"
          >
            <ClipboardCheck aria-hidden className="size-5 shrink-0 text-primary-dark" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-lg break-words">
                {questionnaires[s.questionnaireId]?.name ?? t('questionnaire-fill.refusedUnknown')}
              </span>
              <span className="text-sm text-muted">{formatDateTime(s.submittedAt)}</span>
              {(s._pending === 1 || s._error) && <SubmissionMarks s={{ ...s, takenBy: 'customer' }} />}
            </span>
            <span className="shrink-0 text-base text-primary-dark">{t('questionnaire-fill.view')}</span>
          </Link>
        ))
      )}
    </section>
  )
}
