import { useNavigate, useSearch } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { AlertCircle, History, WifiOff } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, PageHeader, Skeleton, useApiErrorMessage } from '../../ui'
import { useSalons } from '../branches/use-salons'
import { CustomerDrawer } from '../customers/customer-drawer'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { ActivityFilters, type FilterValues } from './activity-filters'
import { ActivityRow } from './activity-row'
import { useEmployeeActivities } from './use-employee-activities'

const FROM = '/$slug/admin/activity-log'

/**
 * The employee activity log (spec §3, §9 filter): what the employees this user may read did, newest
 * first, filtered by period, employee and type, paged. Filters and page live in the URL. Online
 * only (the log is the server's); offline it says so plainly.
 */
export function ActivityLogPage() {
  const { t } = useTranslation()
  const search = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const filter: FilterValues & { page: number } = {
    period: search.period ?? '7d',
    employeeId: search.employeeId,
    type: search.type,
    page: search.page ?? 1,
  }
  const { state, choices, retry } = useEmployeeActivities(filter)
  const errorText = useApiErrorMessage()
  const setFilter = (next: Partial<FilterValues> & { page?: number }) =>
    void navigate({
      replace: true,
      search: (prev) => {
        const merged = { ...prev, ...next }
        return {
          period: merged.period === '7d' ? undefined : merged.period,
          employeeId: merged.employeeId || undefined,
          type: merged.type || undefined,
          // A new filter starts on its first page.
          page: 'page' in next && next.page && next.page > 1 ? next.page : undefined,
        }
      },
    })

  const salons = useSalons()
  const branchNames = useMemo(() => new Map((salons ?? []).map((s) => [s.id, s.name])), [salons])
  const items = state.status === 'ready' ? state.data.items : []
  const known = useKnownCustomers(items.map((i) => i.contacted?.customerId).filter((id): id is string => !!id))
  const canReadCustomers = useCan('customers.read')
  const [drawer, setDrawer] = useState<{ open: boolean; id: string | null }>({ open: false, id: null })
  const filtered = !!(filter.employeeId || filter.type)

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('activity-log.title')} description={t('activity-log.description')} />
      {state.status === 'offline' ? (
        <EmptyState
          icon={<WifiOff aria-hidden className="size-6" />}
          title={t('activity-log.offlineTitle')}
          description={t('activity-log.offline')}
        />
      ) : (
        <>
          <ActivityFilters
            values={filter}
            choices={choices}
            total={state.status === 'ready' ? state.data.total : null}
            onChange={setFilter}
          />
          {state.status === 'loading' ? (
            <ul
              className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white"
              aria-busy="true"
              aria-label={t('common.loading')}
              data-testid="activity-loading"
            >
              {[0, 1, 2, 3].map((i) => (
                <li key={i} className="flex items-start gap-3 px-5 py-4">
                  <Skeleton className="size-10 rounded-full" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-4 w-1/3" />
                    <Skeleton className="h-4 w-2/3" />
                  </div>
                  <Skeleton className="h-4 w-28" />
                </li>
              ))}
            </ul>
          ) : state.status === 'error' ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-2xl border border-[#eec5c1] bg-[#f8e7e5] p-5 text-[#6e2420]"
            >
              <p className="flex items-start gap-2 font-medium">
                <AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0" /> {t('activity-log.errorTitle')}
              </p>
              <p className="text-sm">{errorText(state.error)}</p>
              <Button variant="secondary" onClick={retry}>
                {t('activity-log.retry')}
              </Button>
            </div>
          ) : state.data.total === 0 ? (
            <EmptyState
              icon={<History aria-hidden className="size-6" />}
              title={t('activity-log.emptyTitle')}
              description={filtered ? t('activity-log.emptyFiltered') : t(`activity-log.empty.${filter.period}`)}
              action={
                filtered && (
                  <Button variant="secondary" onClick={() => setFilter({ employeeId: undefined, type: undefined })}>
                    {t('activity-log.clearFilters')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              {state.data.items.length > 0 && (
                <ol
                  className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white shadow-[0_1px_2px_rgba(43,38,35,0.04)]"
                  aria-label={t('activity-log.list')}
                  data-testid="activity-log-list"
                >
                  {state.data.items.map((a) => (
                    <ActivityRow
                      key={a.id}
                      activity={a}
                      branchName={a.salonId ? (branchNames.get(a.salonId) ?? null) : null}
                      onOpenCustomer={
                        canReadCustomers && a.contacted && known.has(a.contacted.customerId)
                          ? (id) => setDrawer({ open: true, id })
                          : undefined
                      }
                    />
                  ))}
                </ol>
              )}
              <Pager
                page={state.data.page}
                pages={Math.max(1, Math.ceil(state.data.total / state.data.pageSize))}
                onPage={(page) => setFilter({ page })}
              />
            </>
          )}
        </>
      )}
      <CustomerDrawer
        open={drawer.open}
        customerId={drawer.id}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onOpenCustomer={(id) => setDrawer({ open: true, id })}
      />
    </div>
  )
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  if (pages <= 1 && page <= 1) return null
  return (
    <nav
      className="mt-4 flex items-center justify-between gap-3"
      aria-label={t('activity-log.pageOf', { page, pages })}
    >
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('activity-log.previous')}
      </Button>
      <span className="text-sm text-muted">{t('activity-log.pageOf', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('activity-log.next')}
      </Button>
    </nav>
  )
}

/**
 * The contacted customers this device holds in its replica: exactly those this employee may open
 * here (the replica carries what they may read in this branch), so only those become links.
 */
function useKnownCustomers(ids: string[]): Set<string> {
  const replica = useReplica()
  // The ids as one string: a new array each render must not start a new query.
  const key = [...new Set(ids)].sort().join(',')
  const found = useLiveQuery(async () => {
    if (!replica || !key) return []
    const rows = await replica.db.customers.bulkGet(key.split(','))
    return rows.filter((r) => r && !r.deleted).map((r) => r?.id as string)
  }, [replica, key])
  return useMemo(() => new Set(found ?? []), [found])
}
