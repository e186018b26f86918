import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  LIMITED_RESOURCES,
  PLAN_FEATURES,
  type PlanFeature,
  type PlanLimits,
  type Usage,
} from '../../../contract/subscriptions'
import { cx, formatNumber } from '../../ui'
import { UpgradePrompt } from './upgrade-prompt'

/** "12 / 50", or "12 · no limit" for a limit of null (the plan's limits are the server's). */
export function useLimitText() {
  const { t } = useTranslation()
  const locale = t('common.locale')
  return (used: number, limit: number | null) =>
    limit === null
      ? t('subscription.usage.unlimited', { used: formatNumber(used, locale) })
      : t('subscription.usage.of', { used: formatNumber(used, locale), limit: formatNumber(limit, locale) })
}

/** Usage against the plan's limits: customers, employees, branches. */
export function PlanUsage({ usage, limits }: { usage: Usage; limits: PlanLimits }) {
  const { t } = useTranslation()
  const limitText = useLimitText()
  return (
    <section
      aria-labelledby="usage-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white px-5 py-6 md:px-8"
    >
      <h2 id="usage-title" className="font-display text-xl text-ink">
        {t('subscription.usage.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {LIMITED_RESOURCES.map((r) => {
          const limit = limits[r]
          const used = usage[r]
          const full = limit !== null && used >= limit
          const share = limit ? Math.min(1, used / limit) : 0
          return (
            <li key={r} className="flex flex-col gap-2" data-testid={`usage-${r}`}>
              <span className="text-sm text-muted">{t(`subscription.usage.${r}`)}</span>
              <span className={cx('text-lg font-medium', full ? 'text-[#8f302b]' : 'text-ink')}>
                {limitText(used, limit)}
              </span>
              {limit !== null && (
                <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-line/70">
                  <span
                    className={cx('block h-full rounded-full', full ? 'bg-[#a23b35]' : 'bg-primary-dark')}
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The plan's features: what it includes, and for each one it does not the prompt to upgrade. */
export function PlanFeatures({ features }: { features: PlanFeature[] }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="features-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white px-5 py-6 md:px-8"
    >
      <h2 id="features-title" className="font-display text-xl text-ink">
        {t('subscription.featuresTitle')}
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {PLAN_FEATURES.map((f) => (
          <li key={f} className="flex min-h-11 items-center gap-3 py-2" data-testid={`feature-${f}`}>
            {features.includes(f) ? (
              <>
                <Check aria-hidden className="size-4 shrink-0 text-[#3f7a4a]" />
                <span className="min-w-0 flex-1 text-sm text-ink">{t(`subscription.features.${f}`)}</span>
                <span className="sr-only">{t('subscription.included')}</span>
              </>
            ) : (
              <div className="flex w-full flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                <span className="text-sm text-ink sm:w-44 sm:shrink-0">{t(`subscription.features.${f}`)}</span>
                <div className="min-w-0 flex-1">
                  <UpgradePrompt feature={f} compact />
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
