import {
  ClipboardList,
  FilePen,
  FileText,
  KeyRound,
  LogIn,
  type LucideIcon,
  Search,
  Send,
  Settings,
  ShieldAlert,
  ShieldCheck,
  UserCog,
  Store,
  UserPen,
  UserPlus,
  UserRound,
  WifiOff,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { EmployeeActivity } from '../../../contract/employees'
import { Badge, cx, formatDate, formatDateTime } from '../../ui'
import { summaryOf, wasOffline } from './summary'

const ICONS: Record<string, LucideIcon> = {
  login: LogIn,
  failedLogin: ShieldAlert,
  impersonationStart: UserCog,
  impersonationStop: UserCog,
  passwordResetRequest: KeyRound,
  successfulPasswordReset: KeyRound,
  customerCreate: UserPlus,
  customerUpdate: UserPen,
  customersSearch: Search,
  employeeCreate: UserPlus,
  employeeUpdate: UserPen,
  organisationUpdate: Settings,
  createRole: ShieldCheck,
  updateRole: ShieldCheck,
  salonCreate: Store,
  salonUpdate: Store,
  questionnaireCreate: ClipboardList,
  questionnaireUpdate: ClipboardList,
  questionnaireSend: Send,
  submissionCreated: FileText,
  answerUpdated: FilePen,
}

/** HH:mm, with the date in front when it is another day than `other`. */
function timeNear(value: string, other: string): string {
  const full = formatDateTime(value)
  return formatDate(value) === formatDate(other) ? full.slice(-5) : full
}

type Props = {
  activity: EmployeeActivity
  /** The branch's name, when the entry names one this device knows. */
  branchName: string | null
  /** Opens the contacted customer; absent when this employee cannot see them here. */
  onOpenCustomer?: (id: string) => void
}

/**
 * One entry (spec §3): employee, type, activity date, data, who was contacted. An action done
 * offline shows both times: when it was done (the device's time corrected by its offset) and
 * when the server received it.
 */
export function ActivityRow({ activity: a, branchName, onOpenCustomer }: Props) {
  const { t } = useTranslation()
  const Icon = ICONS[a.type] ?? UserRound
  const summary = summaryOf(t, a)
  const offline = wasOffline(a)
  const date = a.occurredAt ?? a.receivedAt
  // Issue 23: done by a global admin acting as the employee; older entries named them in `data`.
  const via = a.impersonatedBy ?? null
  const impersonated = !!via || !!(a.data as { impersonatedBy?: string } | null)?.impersonatedBy
  const customer = a.contacted
  return (
    <li
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-5"
      data-testid="employee-activity"
      data-type={a.type}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={cx(
            'mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full',
            a.type === 'failedLogin' ? 'bg-[#f8e7e5] text-[#8f302b]' : 'bg-primary-light text-primary-dark',
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="text-sm text-muted">
            <span className="font-medium text-ink" data-testid="activity-employee">
              {via ? t('activity-log.viaAdmin', { name: a.employeeName, admin: via.name }) : a.employeeName}
            </span>
          </p>
          <p className="font-medium text-ink" data-testid="activity-type">
            {t(`activity-log.types.${a.type}`, { defaultValue: a.type })}
          </p>
          {summary && (
            <p className="text-sm break-words text-muted" data-testid="activity-summary">
              {summary}
            </p>
          )}
          {(customer || branchName || (impersonated && !via)) && (
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              {customer && (
                <span data-testid="activity-customer">
                  {customer.name === null ? (
                    <span className="inline-flex min-h-8 items-center gap-1.5 text-muted italic">
                      <UserRound aria-hidden className="size-4" />
                      {t('activity-log.removedCustomer')}
                    </span>
                  ) : onOpenCustomer ? (
                    <button
                      type="button"
                      onClick={() => onOpenCustomer(customer.customerId)}
                      aria-label={t('activity-log.openCustomer', { name: customer.name })}
                      className="-mx-1 inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 font-medium text-primary-dark underline decoration-primary/50 underline-offset-4 hover:decoration-primary-dark focus-visible:ring-2 focus-visible:ring-primary-dark focus-visible:outline-none"
                    >
                      <UserRound aria-hidden className="size-4" />
                      {customer.name}
                    </button>
                  ) : (
                    <span className="inline-flex min-h-8 items-center gap-1.5 text-ink">
                      <UserRound aria-hidden className="size-4 text-muted" />
                      {customer.name}
                    </span>
                  )}
                </span>
              )}
              {branchName && <Badge>{t('activity-log.branch', { name: branchName })}</Badge>}
              {impersonated && !via && <Badge tone="warning">{t('activity-log.impersonated')}</Badge>}
            </div>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-1 pl-13 text-sm sm:items-end sm:pl-0 sm:text-right">
        <time
          dateTime={date}
          className="font-medium whitespace-nowrap text-ink tabular-nums"
          data-testid="activity-date"
        >
          {formatDateTime(date)}
        </time>
        {offline && a.occurredAt && (
          <>
            <Badge tone="neutral" className="self-start sm:self-end">
              <WifiOff aria-hidden className="size-3" /> {t('activity-log.offlineBadge')}
            </Badge>
            <span className="text-xs text-muted tabular-nums" data-testid="activity-times">
              {t('activity-log.happenedTime', { time: timeNear(a.occurredAt, a.receivedAt) })} ·{' '}
              {t('activity-log.receivedTime', { time: timeNear(a.receivedAt, a.occurredAt) })}
            </span>
          </>
        )}
      </div>
    </li>
  )
}
