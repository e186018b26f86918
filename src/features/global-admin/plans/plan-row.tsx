import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminSubscriptionOption } from '../../../../contract/global-billing'
import { LIMITED_RESOURCES } from '../../../../contract/subscriptions'
import { Badge, formatMoney, formatNumber } from '../../../ui'

/** One plan: names, code, prices excluding VAT, limits, features, rank and whether it is sold. */
export function PlanRow({ plan, actions }: { plan: AdminSubscriptionOption; actions: ReactNode }) {
  const { t } = useTranslation()
  const locale = t('common.locale')
  const limit = (n: number | null) => (n === null ? t('global-plans.noLimit') : formatNumber(n, locale))
  return (
    <li className="flex flex-col gap-3 px-4 py-4 md:px-5" data-testid="plan-row" data-code={plan.code}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-ink [overflow-wrap:anywhere]" lang="nl">
              {plan.name.nl}
            </span>
            <span className="text-muted [overflow-wrap:anywhere]" lang="en">
              · {plan.name.en}
            </span>
            <Badge tone={plan.active ? 'success' : 'neutral'}>
              {plan.active ? t('global-plans.isActive') : t('global-plans.isInactive')}
            </Badge>
          </div>
          <span className="text-sm text-muted">
            {t('global-plans.codeAndRank', { code: plan.code, rank: plan.rank })}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-muted">{t('global-plans.monthlyShort')}</dt>
          <dd className="text-ink" data-testid="plan-monthly">
            {formatMoney(plan.monthlyPriceCents, locale)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-plans.yearlyShort')}</dt>
          <dd className="text-ink" data-testid="plan-yearly">
            {formatMoney(plan.yearlyPriceCents, locale)}
          </dd>
        </div>
        {LIMITED_RESOURCES.map((r) => (
          <div key={r}>
            <dt className="text-muted">{t(`subscription.usage.${r}`)}</dt>
            <dd className="text-ink">{limit(plan.limits[r])}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">
        {plan.features.length
          ? plan.features.map((f) => t(`subscription.features.${f}`)).join(' · ')
          : t('global-plans.noFeatures')}
      </p>
    </li>
  )
}
