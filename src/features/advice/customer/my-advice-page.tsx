import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { BellRing, CloudOff, Sparkles, X } from 'lucide-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomerNotification, MyAdvice } from '../../../../contract/advice/customer-advice'
import { API } from '../../../api/client'
import { keptState, queryKeyOf, useApiQuery } from '../../../api/query'
import { apiCall } from '../../../api/transport'
import { Button, EmptyState, FormError, formatDateTime, Skeleton } from '../../../ui'
import { useOnline } from '../../app/use-online'
import type { CustomerSync } from '../../questionnaire-fill/customer-replica'
import { useCustomerPageSync } from '../../customer-area/customer-page-frame'
import { AdviceList } from './advice-list'

const NONE: CustomerNotification[] = []

/** The advice as last fetched, kept in the customer's local database for offline use. */
type Cached = { advice: MyAdvice; fetchedAt: string }

/**
 * The customer's advice: fetched from the server when online (and kept in their local database),
 * else the last fetched copy with its time. `failed`: no connection and nothing kept.
 */
export function useMyAdvice(sync: CustomerSync | null) {
  const online = useOnline()
  const cached = useLiveQuery(
    async () => (sync ? ((await sync.db.getMeta<Cached>('customerAdvice')) ?? null) : undefined),
    [sync?.db],
  )
  const q = useApiQuery(API.customerAdvice.mine, sync ? { params: { org: sync.orgId }, as: 'customer' } : null, {
    onData: (advice) =>
      sync?.db.setMeta('customerAdvice', { advice, fetchedAt: new Date().toISOString() } satisfies Cached),
    retry: false,
  })
  const { refetch } = q
  const reload = useCallback(async () => void (sync && (await refetch())), [sync, refetch])
  return { cached, state: keptState(q, online), reload }
}

const tellSeen = (sync: CustomerSync, ids: string[]) =>
  Promise.all(
    ids.map((id) =>
      apiCall(API.customerAdvice.seen, { params: { org: sync.orgId, id }, as: 'customer' }).catch(() => undefined),
    ),
  )

/**
 * The in-app notices ("Your advice is ready") not yet seen; empty offline. `readingAdvice`: the
 * advice page is open, so its "advice ready" notices are marked seen as they are read.
 */
function useNotifications(sync: CustomerSync | null, readingAdvice = false) {
  const online = useOnline()
  const client = useQueryClient()
  const input = sync && online ? { params: { org: sync.orgId }, as: 'customer' as const } : null
  const key = [...queryKeyOf(API.customerAdvice.myNotifications, input), { readingAdvice }]
  const { data } = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      if (!input || !sync) return []
      const rows = await apiCall(API.customerAdvice.myNotifications, { ...input, signal })
      if (!readingAdvice) return rows
      const ready = rows.filter((n) => n.kind === 'adviceReady').map((n) => n.id)
      await tellSeen(sync, ready)
      const unseen = rows.filter((n) => !ready.includes(n.id))
      // The landing page's banner does not come back from its kept answer.
      client.setQueryData([...queryKeyOf(API.customerAdvice.myNotifications, input), { readingAdvice: false }], unseen)
      return unseen
    },
    enabled: input !== null,
    retry: false,
  })
  const rows = (online && data) || NONE
  const seen = async (ids: string[]) => {
    if (!sync) return
    // Gone from the list at once; the server is told (a failure shows it again next time).
    client.setQueryData<CustomerNotification[]>(key, (r) => r?.filter((n) => !ids.includes(n.id)))
    await tellSeen(sync, ids)
  }
  return { rows, seen }
}

/** On the customer's landing page: "Your advice is ready" (until seen) and the way to the advice page. */
export function AdviceEntry({ slug, sync }: { slug: string; sync: CustomerSync }) {
  const { t } = useTranslation()
  const { rows, seen } = useNotifications(sync)
  const ready = rows.filter((n) => n.kind === 'adviceReady')
  return (
    <div className="flex flex-col gap-3">
      {ready.length > 0 && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-primary/40 bg-primary-light px-4 py-3"
        >
          <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-dark" />
          <div className="flex-1">
            <p className="font-medium text-ink">{t('advice.page.ready')}</p>
            <p className="text-sm text-muted">{t('advice.page.readyText')}</p>
          </div>
          <button
            type="button"
            aria-label={t('advice.page.dismiss')}
            className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-white"
            onClick={() => void seen(ready.map((n) => n.id))}
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
      )}
      <AdviceLink slug={slug} />
    </div>
  )
}

/** "View your advice": a large link to `/{slug}/advice` (landing page, thank-you page). */
export function AdviceLink({ slug }: { slug: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to="/$slug/advice"
      params={{ slug }}
      className="flex min-h-14 items-center justify-center gap-2 rounded-xl border border-primary-dark px-6 text-lg font-medium text-primary-dark hover:bg-primary-light"
    >
      <Sparkles aria-hidden className="size-5" />
      {t('advice.page.open')}
    </Link>
  )
}

/**
 * `/{slug}/advice`: the signed-in customer's advice — the customer-advice modules their answers
 * choose, merged by group in the salon's order, with audio, video, text and why. Works offline
 * with the last fetched copy and says from when it is. Opening it marks "advice ready" seen.
 * In the customer page frame (back link, salon name, session check).
 */
export function MyAdvicePage() {
  const { t } = useTranslation()
  const sync = useCustomerPageSync()
  return (
    <>
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold text-ink">{t('advice.page.title')}</h1>
        <p className="text-base text-muted">{t('advice.page.subtitle')}</p>
      </header>
      <MyAdviceBody sync={sync} />
    </>
  )
}

function MyAdviceBody({ sync }: { sync: CustomerSync }) {
  const { t } = useTranslation()
  const { cached, state, reload } = useMyAdvice(sync)
  // Opening the advice marks "advice ready" seen.
  useNotifications(sync, true)
  if (cached === undefined || (state === 'loading' && !cached)) return <Skeleton className="h-40 w-full" />
  if (!cached)
    return (
      <div className="flex flex-col gap-3">
        <FormError text={t('advice.page.failed')} />
        <Button variant="secondary" size="lg" onClick={() => void reload()}>
          {t('advice.page.retry')}
        </Button>
      </div>
    )
  const time = formatDateTime(cached.fetchedAt)
  return (
    <div className="flex flex-col gap-4">
      {state === 'failed' ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-2 text-sm text-[#7a5209]">
          <CloudOff aria-hidden className="size-4 shrink-0" />
          {t('advice.page.offline', { time })}
        </p>
      ) : (
        <p className="text-sm text-muted">{t('advice.page.updated', { time })}</p>
      )}
      {cached.advice.items.length === 0 ? (
        <EmptyState
          icon={<Sparkles aria-hidden className="size-6" />}
          title={t('advice.page.empty')}
          description={t('advice.page.emptyText')}
        />
      ) : (
        <AdviceList items={cached.advice.items} />
      )}
    </div>
  )
}
