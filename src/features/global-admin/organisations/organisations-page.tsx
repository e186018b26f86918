import { keepPreviousData } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { Building2, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  type GlobalOrganisationRow,
  ORGANISATION_STATUSES,
  type OrganisationStatus,
} from '../../../../contract/global-organisations'
import { LIMITED_RESOURCES } from '../../../../contract/subscriptions'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, EmptyState, formatDate, formatDateTime, PageHeader, SelectField, TextField } from '../../../ui'
import { useLimitText } from '../../subscription/plan-usage'
import { GlobalAnswer } from '../global-states'
import { Pager } from '../pager'
import { OrganisationStatusBadge } from './status-badge'

const FROM = '/global-admin/organisations'
export const PAGE_SIZE = 25

/**
 * Every organisation of the platform (issue 23): searched on the server by name, web address or
 * an employee's e-mail, filtered by status, paged; the filters live in the URL.
 */
export function OrganisationsPage() {
  const { t } = useTranslation()
  const search = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const page = search.page ?? 1
  const query = useApiQuery(
    API.globalOrganisations.list,
    { as: 'globalAdmin', query: { q: search.q, status: search.status, page, pageSize: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  )
  const setSearch = (next: { q?: string; status?: OrganisationStatus; page?: number }) =>
    void navigate({
      replace: true,
      search: (prev) => {
        const merged = { ...prev, ...next }
        return {
          q: merged.q || undefined,
          status: merged.status || undefined,
          // A new filter starts on its first page.
          page: 'page' in next && next.page && next.page > 1 ? next.page : undefined,
        }
      },
    })
  const filtered = !!(search.q || search.status)

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('global-organisations.title')} description={t('global-organisations.description')} />
      <search className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
        <TextField
          label={t('global-organisations.search')}
          type="search"
          value={search.q ?? ''}
          placeholder={t('global-organisations.searchPlaceholder')}
          onChange={(e) => setSearch({ q: e.target.value })}
          data-testid="organisation-search"
        />
        <SelectField
          label={t('global-organisations.statusFilter')}
          value={search.status ?? ''}
          options={[
            { value: '', label: t('global-organisations.allStatuses') },
            ...ORGANISATION_STATUSES.map((s) => ({ value: s, label: t(`global-organisations.status.${s}`) })),
          ]}
          onChange={(e) => setSearch({ status: (e.target.value || undefined) as OrganisationStatus | undefined })}
          data-testid="organisation-status-filter"
        />
      </search>
      <GlobalAnswer query={query}>
        {(data) =>
          data.total === 0 ? (
            <EmptyState
              icon={<Building2 aria-hidden className="size-6" />}
              title={filtered ? t('global-organisations.noMatchTitle') : t('global-organisations.emptyTitle')}
              description={filtered ? t('global-organisations.noMatchText') : t('global-organisations.emptyText')}
              action={
                filtered && (
                  <Button variant="secondary" onClick={() => setSearch({ q: undefined, status: undefined })}>
                    {t('global-organisations.clearFilters')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-muted" aria-live="polite">
                {t('global-organisations.count', { count: data.total })}
              </p>
              <ul
                className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
                aria-label={t('global-organisations.list')}
                aria-busy={query.isFetching && query.isPlaceholderData}
                data-testid="organisation-list"
              >
                {data.items.map((o) => (
                  <OrganisationRowItem key={o.id} o={o} />
                ))}
              </ul>
              <Pager
                page={data.page}
                pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
                onPage={(p) => setSearch({ page: p })}
              />
            </>
          )
        }
      </GlobalAnswer>
    </div>
  )
}

function OrganisationRowItem({ o }: { o: GlobalOrganisationRow }) {
  const { t, i18n } = useTranslation()
  const limitText = useLimitText()
  const plan = o.plan ? (i18n.language === 'en' ? o.plan.nameEn : o.plan.nameNl) : t('global-organisations.noPlan')
  return (
    <li data-testid="organisation-row">
      <Link
        to="/global-admin/organisations/$id"
        params={{ id: o.id }}
        className="flex items-center gap-3 px-4 py-4 transition hover:bg-primary-lighter md:px-5"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-ink [overflow-wrap:anywhere]">{o.companyName}</span>
            <OrganisationStatusBadge status={o.status} />
          </div>
          <span className="text-sm text-muted [overflow-wrap:anywhere]">
            /{o.slug}
            {o.ownerEmail ? ` · ${o.ownerEmail}` : ''}
          </span>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted">{t('global-organisations.plan')}</dt>
              <dd className="text-ink">
                {plan}
                {o.validTo ? ` · ${t('global-organisations.until', { date: formatDate(o.validTo) })}` : ''}
              </dd>
            </div>
            {LIMITED_RESOURCES.map((r) => (
              <div key={r}>
                <dt className="text-muted">{t(`subscription.usage.${r}`)}</dt>
                <dd className="text-ink">{limitText(o.usage[r], o.limits[r])}</dd>
              </div>
            ))}
          </dl>
          <span className="text-xs text-muted">
            {o.lastActivityAt
              ? t('global-organisations.lastActivity', { date: formatDateTime(o.lastActivityAt) })
              : t('global-organisations.noActivity')}
          </span>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
      </Link>
    </li>
  )
}
