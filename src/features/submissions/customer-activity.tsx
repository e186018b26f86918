import {
  AlertCircle,
  FileCheck2,
  FilePen,
  FileSignature,
  FileX2,
  FileText,
  KeyRound,
  LogIn,
  type LucideIcon,
  ShieldAlert,
  UserPen,
  WifiOff,
} from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomerActivity as Activity } from '../../../contract/questionnaires'
import { Button } from '../../ui/button'
import { cx } from '../../ui/cx'
import { formatDateTime } from '../../ui/format'
import { PeriodFilter } from '../../ui/period-filter'
import { Skeleton } from '../../ui/feedback'
import { Truncated } from '../../ui/truncated'
import { useApiErrorMessage } from '../../ui/errors'
import { type ActivityPeriod, useCustomerActivities } from './use-customer-activities'

const ICONS: Record<Activity['type'], LucideIcon> = {
  submissionCreated: FileText,
  answerUpdated: FilePen,
  login: LogIn,
  failedLogin: ShieldAlert,
  codeRequest: KeyRound,
  profileUpdate: UserPen,
  documentStatusUpdated: FileCheck2,
  documentSent: FileSignature,
  documentDelete: FileX2,
}

/** A customer's activity log with the spec §9 filter: last 7 days, last 30 days, all. */
export function CustomerActivity({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const [period, setPeriod] = useState<ActivityPeriod>('all')
  const { state, retry } = useCustomerActivities(customerId, period)
  const errorText = useApiErrorMessage()
  return (
    <section aria-labelledby="customer-activity-title" className="flex flex-col gap-3" data-testid="customer-activity">
      <h3 id="customer-activity-title" className="font-display text-lg text-ink">
        {t('submissions.activity.title')}
      </h3>
      <PeriodFilter value={period} onChange={setPeriod} />
      {state.status === 'offline' ? (
        <p
          className="flex items-start gap-2 rounded-xl bg-canvas p-3 text-sm text-muted"
          data-testid="activity-offline"
        >
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('submissions.activity.offline')}
        </p>
      ) : state.status === 'loading' ? (
        <div className="flex flex-col gap-2" data-testid="activity-loading">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : state.status === 'error' ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-xl bg-[#f8e7e5] p-3 text-sm text-[#6e2420]"
        >
          <p className="flex items-start gap-2">
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" /> {errorText(state.error)}
          </p>
          <Button variant="secondary" onClick={retry}>
            {t('submissions.retry')}
          </Button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="rounded-xl bg-canvas p-3 text-sm text-muted">{t(`submissions.activity.empty.${period}`)}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line" data-testid="activity-list">
          {state.items.map((a) => (
            <ActivityRow key={a.id} activity={a} />
          ))}
        </ol>
      )}
    </section>
  )
}

function ActivityRow({ activity: a }: { activity: Activity }) {
  const { t } = useTranslation()
  const Icon = ICONS[a.type]
  const d = (a.data ?? {}) as { questionnaireName?: string; questionName?: string; takenBy?: string }
  const detail =
    a.type === 'submissionCreated' ? d.questionnaireName : a.type === 'answerUpdated' ? d.questionName : undefined
  return (
    <li className="flex items-start gap-3 py-2.5" data-testid="activity-row" data-type={a.type}>
      <span
        className={cx(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          a.type === 'failedLogin' ? 'bg-[#f8e7e5] text-[#8f302b]' : 'bg-primary-light text-primary-dark',
        )}
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium text-ink">{t(`submissions.activity.types.${a.type}`)}</span>
        {detail && <Truncated className="text-sm text-muted" text={detail} />}
        <span className="text-xs text-muted">{formatDateTime(a.createdAt)}</span>
      </span>
    </li>
  )
}
