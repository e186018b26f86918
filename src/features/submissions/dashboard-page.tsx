import { Link, useParams } from '@tanstack/react-router'
import { ArrowRight, ClipboardList, Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState, PageHeader, Skeleton } from '../../ui'
import { useEmployeeSession } from '../auth/session'
import { SubmissionDrawer } from './submission-drawer'
import { SubmissionList, SubmissionListSkeleton } from './submission-list'
import { useOpenSubmission } from './use-open-submission'
import { useRecentSubmissions, useSubmissionCounts } from './use-recent-submissions'
import { useSubmissionRows } from './use-submission-rows'
import { useCan } from '../auth/use-can'

/** The staff landing screen: the branch's latest submissions, from the replica (offline too). */
export function DashboardPage() {
  const { t } = useTranslation()
  const { slug } = useParams({ from: '/$slug/admin' })
  const name = useEmployeeSession()?.employee.firstName ?? ''
  const mayRead = useCan('submissions.read')
  const rows = useSubmissionRows(useRecentSubmissions(10))
  const [openId, setOpenId] = useOpenSubmission('/$slug/admin/dashboard')

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={t('submissions.dashboard.title', { name })}
        description={t('submissions.dashboard.description')}
      />
      {!mayRead ? (
        <EmptyState icon={<Lock aria-hidden className="size-6" />} title={t('submissions.noAccess')} />
      ) : (
        <>
          <Counts />
          <section aria-labelledby="recent-title" className="mt-8 flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="recent-title" className="font-display text-xl text-ink">
                {t('submissions.dashboard.recent')}
              </h2>
              <Link
                to="/$slug/admin/submissions"
                params={{ slug }}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-primary-dark hover:bg-primary-light"
              >
                {t('submissions.dashboard.all')} <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
            {!rows ? (
              <SubmissionListSkeleton />
            ) : rows.length === 0 ? (
              <EmptyState
                icon={<ClipboardList aria-hidden className="size-6" />}
                title={t('submissions.dashboard.emptyTitle')}
                description={t('submissions.dashboard.emptyDescription')}
                action={
                  <Link
                    to="/$slug/admin/customers"
                    params={{ slug }}
                    className="inline-flex min-h-11 items-center rounded-lg bg-primary-dark px-4 text-sm font-medium text-white"
                  >
                    {t('submissions.dashboard.toCustomers')}
                  </Link>
                }
              />
            ) : (
              <SubmissionList rows={rows} title="both" onOpen={setOpenId} />
            )}
          </section>
        </>
      )}
      <SubmissionDrawer submissionId={openId} onClose={() => setOpenId(null)} />
    </div>
  )
}

function Counts() {
  const { t } = useTranslation()
  const counts = useSubmissionCounts()
  const tiles = [
    ['today', counts?.today],
    ['week', counts?.week],
    ['pending', counts?.pending],
  ] as const
  return (
    <dl className="grid grid-cols-3 gap-3">
      {tiles.map(([key, n]) => (
        <div
          key={key}
          className="flex min-w-0 flex-col justify-between gap-1 rounded-2xl border border-line bg-white p-3 sm:p-4"
          data-testid={`count-${key}`}
        >
          <dt className="text-xs font-medium hyphens-auto text-muted [overflow-wrap:anywhere] sm:text-sm">
            {t(`submissions.dashboard.counts.${key}`)}
          </dt>
          <dd className="text-3xl font-medium text-ink tabular-nums">
            {n === undefined ? <Skeleton className="h-9 w-12" /> : n}
          </dd>
        </div>
      ))}
    </dl>
  )
}
