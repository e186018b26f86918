import { Link } from '@tanstack/react-router'
import { ArrowLeft, WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OnlineState } from '../../api/query'
import { Button, EmptyState, FormError, Skeleton, useApiErrorMessage } from '../../ui'
import { SUBSCRIPTION_PATH } from './paths'

/*
 * What every billing screen shows before its answer: offline (billing is online-only: it says so
 * plainly and asks nothing), loading (skeletons where the content will be), or the error with a
 * way to ask again.
 */

/** A link that looks like the primary or secondary Button (a way on, not an action). */
const linkButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition'
export const primaryLink = `${linkButton} bg-primary-dark text-white shadow-sm hover:brightness-110`
export const secondaryLink = `${linkButton} border border-line bg-white text-ink hover:border-primary hover:bg-primary-lighter`

export function BillingOffline() {
  const { t } = useTranslation()
  return (
    <div data-testid="billing-offline">
      <EmptyState
        icon={<WifiOff aria-hidden className="size-6" />}
        title={t('subscription.offline.title')}
        description={t('subscription.offline.text')}
      />
    </div>
  )
}

export function BillingLoading({ blocks = 2 }: { blocks?: number }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: blocks }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-40 w-full" />
      ))}
    </div>
  )
}

export function BillingError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError text={errorText(error)} />
      <Button variant="secondary" onClick={onRetry}>
        {t('subscription.retry')}
      </Button>
    </div>
  )
}

/** A billing screen's answer: offline, loading, the error with a retry, or `children` with the data. */
export function BillingAnswer<T>({
  state,
  retry,
  blocks,
  children,
}: {
  state: OnlineState<T>
  retry: () => void
  blocks?: number
  children: (data: T) => ReactNode
}) {
  if (state.status === 'offline') return <BillingOffline />
  if (state.status === 'loading') return <BillingLoading blocks={blocks} />
  if (state.status === 'error') return <BillingError error={state.error} onRetry={retry} />
  return <>{children(state.data)}</>
}

/** The way back from a billing sub-screen to the subscription. */
export function BackToSubscription({ slug }: { slug: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to={SUBSCRIPTION_PATH}
      params={{ slug }}
      className="-ml-3 mb-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-primary-dark hover:bg-primary-light"
    >
      <ArrowLeft aria-hidden className="size-4" /> {t('subscription.title')}
    </Link>
  )
}
