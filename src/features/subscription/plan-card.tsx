import { Check, Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  LIMITED_RESOURCES,
  PLAN_FEATURES,
  type Subscription,
  type SubscriptionOptionsInit,
  type SubscriptionPeriod,
} from '../../../contract/subscriptions'
import { Badge, Button, cx, formatDate, formatNumber } from '../../ui'
import { useMoney, usePlanName } from './use-subscription'

export type InitOption = SubscriptionOptionsInit['options'][number]

/**
 * One plan: its price for the period (excl. VAT), limits and features, and what choosing it does
 * now (the option's policy): `illegal` cannot be chosen (yearly → monthly), `same` is the current
 * plan, `renew` the current plan whose next term the owner pays now, `endOfTerm` waits for the end
 * of the term, `immediate` credits the unused part.
 */
export function PlanCard(p: {
  option: InitOption
  period: SubscriptionPeriod
  current: Subscription | null
  onChoose: () => void
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const planName = usePlanName()
  const locale = t('common.locale')
  const { option: o, period } = p
  const { policy, price } = o[period]
  const name = planName(o)
  const titleId = `plan-${o.id}`
  const cents = period === 'monthly' ? o.monthlyPriceCents : o.yearlyPriceCents
  const note =
    policy === 'illegal'
      ? t('errors.YEARLY_TO_MONTHLY')
      : policy === 'same'
        ? t('subscription.plans.policy.same')
        : policy === 'renew'
          ? t('subscription.plans.policy.renew', { date: formatDate(p.current?.validTo) })
          : policy === 'endOfTerm'
            ? t('subscription.plans.policy.endOfTerm', { date: formatDate(p.current?.validTo) })
            : policy === 'immediate'
              ? price.creditCents > 0
                ? t('subscription.plans.policy.immediateCredit', { amount: money(price.creditCents) })
                : t('subscription.plans.policy.immediate')
              : ''
  return (
    <li
      aria-labelledby={titleId}
      data-testid="plan"
      data-plan={o.code}
      className={cx(
        'flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-[0_1px_2px_rgba(43,38,35,0.04)]',
        policy === 'same' || policy === 'renew' ? 'border-primary-dark ring-1 ring-primary-dark' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 font-display text-xl break-words text-ink">
          {name}
        </h2>
        {(policy === 'same' || policy === 'renew') && <Badge tone="primary">{t('subscription.plans.current')}</Badge>}
      </div>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-2xl font-medium text-ink">{money(cents)}</span>
        <span className="text-sm text-muted">
          {t(`subscription.plans.per.${period}`)} · {t('subscription.plans.exclVatShort')}
        </span>
      </p>
      <ul className="flex flex-col gap-1.5 text-sm text-ink" aria-label={t('subscription.plans.limits')}>
        {LIMITED_RESOURCES.map((r) => {
          const limit = o.limits[r]
          return (
            <li key={r}>
              {limit === null
                ? t(`subscription.plans.unlimited.${r}`)
                : t(`subscription.plans.upTo.${r}`, { count: limit, limit: formatNumber(limit, locale) })}
            </li>
          )
        })}
      </ul>
      <ul className="flex flex-col gap-1.5 text-sm" aria-label={t('subscription.featuresTitle')}>
        {PLAN_FEATURES.map((f) => {
          const has = o.features.includes(f)
          return (
            <li key={f} className={cx('flex items-center gap-2', has ? 'text-ink' : 'text-muted')}>
              {has ? (
                <Check aria-hidden className="size-4 shrink-0 text-[#3f7a4a]" />
              ) : (
                <Minus aria-hidden className="size-4 shrink-0" />
              )}
              <span>{t(`subscription.features.${f}`)}</span>
              <span className="sr-only">{has ? t('subscription.included') : t('subscription.notIncluded')}</span>
            </li>
          )
        })}
      </ul>
      <div className="mt-auto flex flex-col gap-3 border-t border-line pt-4">
        <p id={`${titleId}-policy`} className="min-h-5 text-sm text-muted" data-testid="plan-policy">
          {note}
        </p>
        <Button
          variant={policy === 'same' || policy === 'illegal' ? 'secondary' : 'primary'}
          disabled={policy === 'same' || policy === 'illegal'}
          onClick={p.onChoose}
          aria-describedby={`${titleId}-policy`}
          data-testid="choose-plan"
        >
          {policy === 'same'
            ? t('subscription.plans.isCurrent')
            : t(`subscription.plans.choose.${policy === 'endOfTerm' || policy === 'renew' ? policy : 'buy'}`, {
                plan: name,
              })}
        </Button>
      </div>
    </li>
  )
}
