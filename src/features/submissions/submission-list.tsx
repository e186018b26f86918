import { AlertTriangle, ChevronRight, CloudUpload, Tablet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge, Skeleton } from '../../ui/feedback'
import { formatDateTime } from '../../ui/format'
import { Truncated } from '../../ui/truncated'
import type { SubmissionRow } from './use-submission-rows'

type Props = {
  rows: SubmissionRow[]
  /** What the row's title names: the questionnaire (a customer's list), the customer, or both. */
  title: 'questionnaire' | 'customer' | 'both'
  onOpen: (id: string) => void
}

/** Unsent (pending) or refused by the server: the same marks as the customer rows. */
export function SubmissionMarks({ s }: { s: Pick<SubmissionRow, '_pending' | '_error' | 'takenBy'> }) {
  const { t } = useTranslation()
  return (
    <span className="flex flex-wrap gap-1.5">
      {s._error ? (
        <Badge tone="danger">
          <AlertTriangle aria-hidden className="size-3" /> {t('submissions.needsAttention')}
        </Badge>
      ) : s._pending ? (
        <Badge tone="neutral" className="pending-badge">
          <CloudUpload aria-hidden className="size-3" /> {t('submissions.pending')}
        </Badge>
      ) : null}
      {s.takenBy === 'employee' && (
        <Badge tone="primary">
          <Tablet aria-hidden className="size-3" /> {t('submissions.inSalon')}
        </Badge>
      )}
    </span>
  )
}

/** Submissions as large touch targets (one button a row), newest first. */
export function SubmissionList({ rows, title, onOpen }: Props) {
  const { t } = useTranslation()
  const unknownCustomer = t('submissions.unknownCustomer')
  const unknownQuestionnaire = t('submissions.unknownQuestionnaire')
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
      {rows.map((s) => {
        const questionnaire = s.questionnaireName ?? unknownQuestionnaire
        const customer = s.customerName ?? unknownCustomer
        const main = title === 'customer' ? customer : questionnaire
        return (
          <li key={s.id}>
            <button
              type="button"
              data-testid="submission-row"
              data-pending={s._pending === 1 || undefined}
              onClick={() => onOpen(s.id)}
              className="grid min-h-16 w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 text-left transition hover:bg-primary-lighter focus-visible:bg-primary-lighter focus-visible:outline-none md:px-5"
            >
              <span className="flex min-w-0 flex-col gap-1">
                <Truncated className="font-medium text-ink" text={main} />
                <Truncated
                  className="text-sm text-muted"
                  text={`${title === 'both' ? `${customer} · ` : ''}${formatDateTime(s.submittedAt)}`}
                />
                <SubmissionMarks s={s} />
              </span>
              <ChevronRight aria-hidden className="size-5 text-muted" />
            </button>
          </li>
        )
      })}
    </ul>
  )
}

export function SubmissionListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5" data-testid="submissions-loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}
