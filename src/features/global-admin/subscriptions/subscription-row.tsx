import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { CustomerSubscription } from '../../../../contract/global-billing'
import { Button, formatDate, formatMoney } from '../../../ui'
import { SubscriptionStateBadge } from './state-badge'

/** The plan's name in the reader's language (Dutch unless English). */
export const planName = (s: CustomerSubscription, language: string) =>
  language === 'en' ? s.plan.name.en : s.plan.name.nl

/**
 * Whether the admin can still cancel it: the organisation's current subscription while it runs
 * (an ended one answers SUBSCRIPTION_ENDED). A cancelled one still runs to its end: it can end now.
 */
export const canCancel = (s: CustomerSubscription) => s.current && s.state !== 'expired'

/** One subscription: its organisation (a link to it), plan, period, state, end, renewal and last payment. */
export function SubscriptionRow({ s, onCancel }: { s: CustomerSubscription; onCancel: () => void }) {
  const { t, i18n } = useTranslation()
  const payment = s.lastPayment
  return (
    <li className="flex flex-col gap-1.5 px-4 py-4 md:px-5" data-testid="subscription-row" data-state={s.state}>
      {/* The button sits in the heading line, so every row's details line up in the same columns. */}
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2">
          <Link
            to="/global-admin/organisations/$id"
            params={{ id: s.organisation.id }}
            className="inline-flex min-h-11 items-center font-medium text-ink underline-offset-4 [overflow-wrap:anywhere] hover:underline"
          >
            {s.organisation.name}
          </Link>
          <SubscriptionStateBadge state={s.state} />
          {!s.current && <span className="text-xs text-muted">{t('global-subscriptions.history')}</span>}
        </div>
        {canCancel(s) && (
          <Button
            variant="secondary"
            className="shrink-0"
            onClick={onCancel}
            aria-label={t(
              s.state === 'cancelled' ? 'global-subscriptions.endNowLabel' : 'global-subscriptions.cancelLabel',
              {
                name: s.organisation.name,
              },
            )}
            data-testid="subscription-cancel"
          >
            {s.state === 'cancelled' ? t('global-subscriptions.endNow') : t('global-subscriptions.cancel')}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <div>
          <dt className="text-muted">{t('global-subscriptions.plan')}</dt>
          <dd className="text-ink" data-testid="subscription-plan">
            {planName(s, i18n.language)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-subscriptions.periodLabel')}</dt>
          <dd className="text-ink">{t(`global-subscriptions.period.${s.period}`)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-subscriptions.validTo')}</dt>
          <dd className="text-ink" data-testid="subscription-valid-to">
            {formatDate(s.validTo)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-subscriptions.autoExtend')}</dt>
          <dd className="text-ink" data-testid="subscription-auto-extend">
            {s.autoExtend ? t('global-subscriptions.yes') : t('global-subscriptions.no')}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('global-subscriptions.lastPayment')}</dt>
          <dd className="text-ink" data-testid="subscription-last-payment">
            {payment ? (
              <>
                {/* Broken between the amount and its date, never inside the date. */}
                <span className="whitespace-nowrap">{formatMoney(payment.amountCents, i18n.language)}</span>
                {payment.paidAt && (
                  <>
                    {' '}
                    <span className="whitespace-nowrap">
                      {t('global-subscriptions.paidOn', { date: formatDate(payment.paidAt) })}
                    </span>
                  </>
                )}
              </>
            ) : (
              t('global-subscriptions.noPayment')
            )}
          </dd>
        </div>
      </dl>
    </li>
  )
}
