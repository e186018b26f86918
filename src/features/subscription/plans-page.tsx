import { useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SUBSCRIPTION_PERIODS, type SubscriptionPeriod } from '../../../contract/subscriptions'
import { EmptyState, PageHeader, RadioGroup } from '../../ui'
import { BackToSubscription, BillingAnswer } from './billing-states'
import { CheckoutDialog, type Choice } from './checkout-dialog'
import { PlanCard } from './plan-card'
import { PLANS_PATH } from './paths'
import { useOptionsInit } from './use-subscription'

/**
 * `/{slug}/admin/subscription/plans?period=` (subscription.manage): the plans, monthly or yearly,
 * prices excluding VAT (spec §9), what each includes, and what choosing it does now (each option's
 * policy from the server). Choosing opens the price breakdown and the payment.
 */
export function PlansPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const search = useSearch({ from: PLANS_PATH })
  const navigate = useNavigate({ from: PLANS_PATH })
  const { state, retry } = useOptionsInit()
  const [choice, setChoice] = useState<Choice | null>(null)
  const current = state.status === 'ready' ? state.data.current : null
  const period: SubscriptionPeriod = search.period ?? current?.period ?? 'monthly'

  return (
    <div className="mx-auto w-full max-w-6xl pb-10">
      <BackToSubscription slug={slug} />
      <PageHeader title={t('subscription.plans.title')} description={t('subscription.plans.description')} />
      <BillingAnswer state={state} retry={retry} blocks={3}>
        {(data) =>
          data.options.length === 0 ? (
            <EmptyState title={t('subscription.plans.none')} description={t('subscription.plans.noneText')} />
          ) : (
            <div className="flex flex-col gap-6">
              <RadioGroup
                label={t('subscription.plans.period')}
                name="period"
                options={SUBSCRIPTION_PERIODS.map((p) => ({ value: p, label: t(`subscription.period.${p}`) }))}
                value={period}
                onChange={(p) => void navigate({ replace: true, search: { period: p as SubscriptionPeriod } })}
              />
              <p className="-mt-3 text-sm text-muted">{t('subscription.plans.exclVat')}</p>
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="plans">
                {data.options.map((o) => (
                  <PlanCard
                    key={o.id}
                    option={o}
                    period={period}
                    current={current}
                    onChoose={() => setChoice({ option: o, period })}
                  />
                ))}
              </ul>
            </div>
          )
        }
      </BillingAnswer>
      <CheckoutDialog
        slug={slug}
        choice={choice}
        current={current}
        vat={state.status === 'ready' ? state.data.vat : null}
        onClose={() => setChoice(null)}
      />
    </div>
  )
}
