import { Link, useParams } from '@tanstack/react-router'
import { Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PlanFeature } from '../../../contract/subscriptions'
import { cx } from '../../ui/cx'
import { useCan } from '../auth/use-can'
import { PLANS_PATH } from './paths'
import { useSubscriptionAccess } from './use-subscription-access'

/** Does the organisation's plan include `feature`? Unknown (never asked, e.g. offline at first start) counts as yes. */
export function useHasFeature(feature: PlanFeature): boolean {
  const access = useSubscriptionAccess()
  return !access || access.features.includes(feature)
}

/**
 * Spec §10 "Features outside the subscription show a prompt to upgrade": what the feature needs
 * and, for those who may buy, the way to the plan screen; others are told to ask their
 * administrator. `compact` fits in a list row.
 */
export function UpgradePrompt({ feature, compact = false }: { feature: PlanFeature; compact?: boolean }) {
  const { t } = useTranslation()
  const { slug } = useParams({ strict: false })
  const mayBuy = useCan('subscription.manage')
  const name = t(`subscription.features.${feature}`)
  return (
    <div
      data-testid={`upgrade-prompt-${feature}`}
      className={cx(
        'flex flex-wrap items-center gap-x-3 gap-y-1 text-sm',
        !compact && 'rounded-2xl border border-primary/40 bg-primary-lighter p-4',
      )}
    >
      <Sparkles aria-hidden className="size-4 shrink-0 text-primary-dark" />
      <span className="min-w-0 flex-1 basis-48 text-muted">
        {mayBuy
          ? t('subscription.upgrade.text', { feature: name })
          : t('subscription.upgrade.askAdmin', { feature: name })}
      </span>
      {mayBuy && slug && (
        <Link
          to={PLANS_PATH}
          params={{ slug }}
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-primary-dark hover:bg-primary-light"
        >
          {t('common.upgradeSubscription')}
        </Link>
      )}
    </div>
  )
}
