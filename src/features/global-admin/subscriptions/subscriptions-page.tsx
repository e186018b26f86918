import { keepPreviousData } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ADMIN_SUBSCRIPTION_STATES,
  type AdminSubscriptionState,
  type CustomerSubscription,
} from '../../../../contract/global-billing'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, EmptyState, PageHeader, SelectField, TextField } from '../../../ui'
import { GlobalAnswer } from '../global-states'
import { Pager } from '../pager'
import { CancelSubscriptionDialog } from './cancel-dialog'
import { SubscriptionRow } from './subscription-row'

const FROM = '/global-admin/subscriptions'
const PAGE_SIZE = 25

/**
 * Every organisation's subscription, current and earlier (issue 23): searched on the server by the
 * organisation's name, filtered by state, paged; the filters live in the URL. A current one can be
 * cancelled from its row.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation()
  const search = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const [cancelling, setCancelling] = useState<CustomerSubscription | null>(null)
  const page = search.page ?? 1
  const query = useApiQuery(
    API.globalSubscriptions.customerSubscriptions,
    { as: 'globalAdmin', query: { search: search.q, status: search.state, page, pageSize: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  )
  const setSearch = (next: { q?: string; state?: AdminSubscriptionState; page?: number }) =>
    void navigate({
      replace: true,
      search: (prev) => {
        const merged = { ...prev, ...next }
        return {
          q: merged.q || undefined,
          state: merged.state || undefined,
          // A new filter starts on its first page.
          page: 'page' in next && next.page && next.page > 1 ? next.page : undefined,
        }
      },
    })
  const filtered = !!(search.q || search.state)

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('global-subscriptions.title')} description={t('global-subscriptions.description')} />
      <search className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
        <TextField
          label={t('global-subscriptions.search')}
          type="search"
          value={search.q ?? ''}
          placeholder={t('global-subscriptions.searchPlaceholder')}
          onChange={(e) => setSearch({ q: e.target.value })}
          data-testid="subscription-search"
        />
        <SelectField
          label={t('global-subscriptions.stateFilter')}
          value={search.state ?? ''}
          options={[
            { value: '', label: t('global-subscriptions.allStates') },
            ...ADMIN_SUBSCRIPTION_STATES.map((s) => ({ value: s, label: t(`global-subscriptions.state.${s}`) })),
          ]}
          onChange={(e) => setSearch({ state: (e.target.value || undefined) as AdminSubscriptionState | undefined })}
          data-testid="subscription-state-filter"
        />
      </search>
      <GlobalAnswer query={query}>
        {(data) =>
          data.total === 0 ? (
            <EmptyState
              icon={<CreditCard aria-hidden className="size-6" />}
              title={filtered ? t('global-subscriptions.noMatchTitle') : t('global-subscriptions.emptyTitle')}
              description={filtered ? t('global-subscriptions.noMatchText') : t('global-subscriptions.emptyText')}
              action={
                filtered && (
                  <Button variant="secondary" onClick={() => setSearch({ q: undefined, state: undefined })}>
                    {t('global-subscriptions.clearFilters')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-muted" aria-live="polite">
                {t('global-subscriptions.count', { count: data.total })}
              </p>
              <ul
                className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
                aria-label={t('global-subscriptions.list')}
                aria-busy={query.isFetching && query.isPlaceholderData}
                data-testid="subscription-list"
              >
                {data.items.map((s) => (
                  <SubscriptionRow key={s.id} s={s} onCancel={() => setCancelling(s)} />
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
      {cancelling && <CancelSubscriptionDialog s={cancelling} onClose={() => setCancelling(null)} />}
    </div>
  )
}
