import { Link } from '@tanstack/react-router'
import { CreditCard, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Subscription, SubscriptionOption } from '../../../contract/subscriptions'
import type { ZNextPayment } from '../../../contract/subscriptions'
import { Badge, cx, formatDate } from '../../ui'
import type { z } from 'zod'
import { PLANS_PATH } from './paths'
import { useMoney, usePlanName } from './use-subscription'

type NextPayment = z.infer<typeof ZNextPayment>

/** Spec §4: the screen shows active, expired or cancelled ("cancelled, runs until dd-MM-yyyy"). */
export function SubscriptionStatus({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation()
  if (s.displayStatus === 'cancelled')
    return <Badge tone="warning">{t('subscription.status.cancelledUntil', { date: formatDate(s.validTo) })}</Badge>
  if (s.displayStatus === 'expired') return <Badge tone="danger">{t('subscription.status.expired')}</Badge>
  return <Badge tone="success">{t('subscription.status.active')}</Badge>
}

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="text-sm text-muted sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** A notice in the current plan that sends a manager to the plans (to pay or to choose). */
function PlanNotice(p: {
  tone: 'warning' | 'info'
  testId: string
  text: string
  link: false | { slug: string; label: string }
}) {
  const warning = p.tone === 'warning'
  const Icon = warning ? TriangleAlert : CreditCard
  return (
    <div
      role={warning ? 'alert' : 'status'}
      data-testid={p.testId}
      className={cx(
        'flex flex-wrap items-start gap-3 rounded-xl px-4 py-3 text-sm',
        warning ? 'border border-[#ecd6a4] bg-[#fbf1dc] text-[#5c3d06]' : 'bg-primary-light text-ink',
      )}
    >
      <Icon aria-hidden className={cx('mt-0.5 size-4 shrink-0', !warning && 'text-primary-dark')} />
      <p className="min-w-0 flex-1 basis-56">{p.text}</p>
      {p.link && (
        <Link
          to={PLANS_PATH}
          params={{ slug: p.link.slug }}
          className="inline-flex min-h-11 items-center font-medium underline underline-offset-2"
        >
          {p.link.label}
        </Link>
      )}
    </div>
  )
}

/** The current subscription: plan, status, trial, valid-to, auto-extend, next payment, a scheduled change. */
export function CurrentPlan(p: {
  slug: string
  subscription: Subscription
  options: SubscriptionOption[]
  nextPayment: NextPayment
  /** Overview `payNextTerm`: the next term is not collected automatically. */
  payNextTerm: boolean
  mayManage: boolean
  cancelButton: ReactNode
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const planName = usePlanName()
  const s = p.subscription
  const option = p.options.find((o) => o.id === s.optionId)
  const scheduled = s.scheduledChange
  return (
    <section
      aria-labelledby="current-plan-title"
      data-testid="current-plan"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-white px-5 py-6 shadow-[0_1px_2px_rgba(43,38,35,0.04)] md:px-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-muted">{t('subscription.currentPlan')}</p>
          <h2 id="current-plan-title" className="font-display text-2xl break-words text-ink" data-testid="plan-name">
            {planName(option) || t('subscription.unknownPlan')}
          </h2>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {s.trial && <Badge tone="primary">{t('subscription.trial')}</Badge>}
          <SubscriptionStatus subscription={s} />
        </div>
      </div>
      {s.graceUntil && (
        <PlanNotice
          tone="warning"
          testId="grace-warning"
          text={t('subscription.grace', { date: formatDate(s.graceUntil) })}
          link={p.mayManage && { slug: p.slug, label: t('subscription.payNow') }}
        />
      )}
      {p.payNextTerm && !s.graceUntil && s.autoExtend && (
        <PlanNotice
          tone="info"
          testId="pay-next-term"
          text={t('subscription.noMandate', { date: formatDate(s.validTo) })}
          link={p.mayManage && { slug: p.slug, label: t('subscription.plans.choose.renew') }}
        />
      )}
      <dl className="flex flex-col gap-3">
        <Row label={t('subscription.periodLabel')}>{t(`subscription.period.${s.period}`)}</Row>
        {s.trial && (
          <Row label={t('subscription.trialEnds')} testId="trial-ends">
            {formatDate(s.validTo)}
          </Row>
        )}
        <Row label={t('subscription.validTo')} testId="valid-to">
          {formatDate(s.validTo)}
        </Row>
        <Row label={t('subscription.autoExtend')} testId="auto-extend">
          {s.autoExtend ? t('subscription.autoExtendOn') : t('subscription.autoExtendOff')}
        </Row>
        <Row label={t('subscription.nextPayment')} testId="next-payment">
          {p.nextPayment
            ? t('subscription.nextPaymentText', {
                date: formatDate(p.nextPayment.date),
                amount: money(p.nextPayment.price.totalCents),
              })
            : t('subscription.noNextPayment')}
        </Row>
        {scheduled && (
          <Row label={t('subscription.scheduledChange')} testId="scheduled-change">
            {t('subscription.changesTo', {
              plan: planName(p.options.find((o) => o.id === scheduled.optionId)) || t('subscription.unknownPlan'),
              period: t(`subscription.periodInText.${scheduled.period}`),
              date: formatDate(scheduled.from),
            })}
          </Row>
        )}
      </dl>
      {p.cancelButton && <div className="flex flex-wrap gap-3 border-t border-line pt-5">{p.cancelButton}</div>}
    </section>
  )
}
