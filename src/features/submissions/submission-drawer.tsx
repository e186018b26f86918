import { CloudUpload, FileQuestion } from 'lucide-react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalSubmission } from '../../local-db/types'
import { Button } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { EmptyState, Skeleton } from '../../ui/feedback'
import { formatDateTime } from '../../ui/format'
import { useEmployeeSession } from '../auth/session'
import { useCustomer } from '../customers/use-customers'
import { useQuestionnaire, useSubmission } from '../sync/use-questionnaires'
import { SubmissionAnswers } from './submission-answers'
import { SubmissionMarks } from './submission-list'
import { thisDeviceId } from '../kiosk/device-id'
import { useAnswerEdits } from './use-answer-edits'

type Props = { submissionId: string | null; onClose: () => void }

/** One submission from the replica (offline too): who, when, and the answers as staff read them. */
export function SubmissionDrawer({ submissionId, onClose }: Props) {
  const { t } = useTranslation()
  // Keep showing the last submission while the drawer slides shut.
  const shown = useRef(submissionId)
  if (submissionId) shown.current = submissionId
  const submission = useSubmission(shown.current)
  const questionnaire = useQuestionnaire(submission?.questionnaireId)
  const edits = useAnswerEdits(submission?.customerId, submission?.id, submission?.version)
  return (
    <Drawer
      open={!!submissionId}
      onClose={onClose}
      title={questionnaire?.name ?? t('submissions.detailTitle')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {submission === undefined || (submission && questionnaire === undefined) ? (
        <div className="flex flex-col gap-3" data-testid="submission-loading">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : !submission ? (
        <EmptyState icon={<FileQuestion aria-hidden className="size-6" />} title={t('submissions.notFound')} />
      ) : (
        <>
          <SubmissionMeta submission={submission} />
          {questionnaire ? (
            <SubmissionAnswers questionnaire={questionnaire} submission={submission} edits={edits} />
          ) : (
            <p className="text-sm text-muted">{t('submissions.questionnaireMissing')}</p>
          )}
        </>
      )}
    </Drawer>
  )
}

function SubmissionMeta({ submission: s }: { submission: LocalSubmission }) {
  const { t } = useTranslation()
  const customer = useCustomer(s.customerId)
  const me = useEmployeeSession()?.employee
  // The server names who took it; an unsent one of this device is the signed-in employee's.
  const employee =
    s.employeeName ??
    (s.employeeId && me?.id === s.employeeId ? `${me.firstName} ${me.lastName}` : t('submissions.aColleague'))
  const edited = !s._pending && s.updatedAt.slice(0, 19) !== s.submittedAt.slice(0, 19)
  const device = deviceLabel(t, s)
  const rows: [string, string][] = [
    [t('submissions.customer'), customer?.fullName ?? t('submissions.unknownCustomer')],
    [t('submissions.submittedAt'), formatDateTime(s.submittedAt)],
    [
      t('submissions.takenBy'),
      s.takenBy !== 'employee'
        ? t('submissions.takenByCustomer')
        : s.deviceName
          ? t('submissions.takenInSalonOn', { name: employee, device: s.deviceName })
          : t('submissions.takenInSalon', { name: employee }),
    ],
  ]
  // Staff read a device's name, never its id; one taken before devices had names says so.
  if (device && !s.deviceName) rows.push([t('submissions.device'), device])
  if (edited) rows.push([t('submissions.lastChanged'), formatDateTime(s.updatedAt)])
  return (
    <section className="mb-5 flex flex-col gap-3 rounded-xl bg-canvas p-4" data-testid="submission-meta">
      {(s._pending === 1 || s._error || s.takenBy === 'employee') && <SubmissionMarks s={s} />}
      {s._pending === 1 && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CloudUpload aria-hidden className="size-4 shrink-0" /> {t('submissions.pendingNotice')}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The device a submission was taken on, as staff read it (null: not taken on a salon device). */
function deviceLabel(t: (key: string) => string, s: LocalSubmission): string | null {
  if (s.deviceName) return s.deviceName
  if (!s.deviceId) return null
  return s.deviceId === thisDeviceId() ? t('submissions.deviceThis') : t('submissions.deviceUnnamed')
}
