import { MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreditOptionsInit, CreditTransaction } from '../../../contract/whatsapp-credits'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import {
  Badge,
  Button,
  cx,
  EmptyState,
  FormError,
  formatDateTime,
  formatNumber,
  PageHeader,
  useApiErrorMessage,
} from '../../ui'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { BillingAnswer } from '../subscription/billing-states'
import { InvoiceButton } from '../subscription/invoice-download'
import { useMoney, useOrgId } from '../subscription/use-subscription'
import { useCreditOptions, useCreditTransactions } from './use-credits'

const card = 'rounded-2xl border border-line bg-white p-5 shadow-[0_1px_2px_rgba(43,38,35,0.04)]'

/**
 * `/{slug}/admin/whatsapp-credits` (subscription.read; buying: subscription.manage): the balance,
 * the bundles to buy (the provider's checkout, then the return page) and the history of
 * purchases, sends and refunds. Online only, like all billing.
 */
export function CreditsPage() {
  const { t } = useTranslation()
  const options = useCreditOptions()
  const history = useCreditTransactions()
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 pb-10">
      <PageHeader title={t('whatsapp-credits.title')} description={t('whatsapp-credits.description')} />
      <BillingAnswer state={options.state} retry={options.retry} blocks={2}>
        {(init) => (
          <>
            <Balance init={init} />
            <Bundles init={init} />
          </>
        )}
      </BillingAnswer>
      <section aria-labelledby="credit-history-title" className="flex flex-col gap-3">
        <h2 id="credit-history-title" className="font-display text-xl text-ink">
          {t('whatsapp-credits.history.title')}
        </h2>
        <BillingAnswer state={history.state} retry={history.retry} blocks={1}>
          {(rows) => <History rows={rows} />}
        </BillingAnswer>
      </section>
    </div>
  )
}

function Balance({ init }: { init: CreditOptionsInit }) {
  const { t } = useTranslation()
  const locale = t('common.locale')
  return (
    <section aria-labelledby="credit-balance-title" className={cx(card, 'flex flex-wrap items-center gap-4')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-light text-primary-dark">
        <MessageCircle aria-hidden className="size-6" />
      </span>
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <h2 id="credit-balance-title" className="text-sm font-medium text-muted">
          {t('whatsapp-credits.balance')}
        </h2>
        <p className="text-3xl font-medium text-ink tabular-nums" data-testid="credit-balance">
          {formatNumber(init.balance, locale)}
        </p>
        <p className="text-sm text-muted">
          {t('whatsapp-credits.perMessage', { count: init.costs.utility })} ·{' '}
          {t('whatsapp-credits.maximum', { count: init.maximum, max: formatNumber(init.maximum, locale) })}
        </p>
      </div>
      {init.low && <Badge tone="warning">{t('whatsapp-credits.low')}</Badge>}
    </section>
  )
}

function Bundles({ init }: { init: CreditOptionsInit }) {
  const { t } = useTranslation()
  const money = useMoney()
  const locale = t('common.locale')
  const org = useOrgId()
  const online = useOnline()
  const mayBuy = useCan('subscription.manage')
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const buy = async (optionId: string) => {
    if (!org) return
    setBusy(optionId)
    setError(null)
    try {
      const res = await apiCall(API.whatsappCredits.creditPayment, { params: { org }, body: { optionId } })
      if (res.checkoutUrl) window.location.assign(res.checkoutUrl)
    } catch (err) {
      setError(errorText(err))
      setBusy(null)
    }
  }
  return (
    <section aria-labelledby="credit-bundles-title" className="flex flex-col gap-3">
      <h2 id="credit-bundles-title" className="font-display text-xl text-ink">
        {t('whatsapp-credits.bundles.title')}
      </h2>
      {error && <FormError text={error} />}
      <ul className="grid gap-4 sm:grid-cols-3" aria-labelledby="credit-bundles-title">
        {init.options.map((o) => {
          const id = `bundle-${o.id}`
          return (
            <li key={o.id} aria-labelledby={id} data-testid="credit-bundle" className={cx(card, 'flex flex-col gap-3')}>
              <h3 id={id} className="font-display text-lg text-ink">
                {t('whatsapp-credits.bundles.credits', { count: o.credits, n: formatNumber(o.credits, locale) })}
              </h3>
              <p className="flex flex-wrap items-baseline gap-x-1.5">
                <span className="text-2xl font-medium text-ink">{money(o.priceExclVatCents)}</span>
                <span className="text-sm text-muted">{t('subscription.plans.exclVatShort')}</span>
              </p>
              <p className="text-sm text-muted">
                {t('whatsapp-credits.bundles.inclVat', { amount: money(o.price.totalCents) })} ·{' '}
                {t('whatsapp-credits.bundles.unit', { amount: money(o.unitPriceMillicents / 100) })}
              </p>
              {mayBuy && (
                <div className="mt-auto flex flex-col gap-2 border-t border-line pt-3">
                  {!o.fits && (
                    <p id={`${id}-max`} className="text-sm text-muted">
                      {t('errors.WHATSAPP_CREDITS_MAXIMUM', { count: init.maximum })}
                    </p>
                  )}
                  <Button
                    disabled={!o.fits || !online || busy !== null}
                    loading={busy === o.id}
                    aria-describedby={o.fits ? undefined : `${id}-max`}
                    onClick={() => void buy(o.id)}
                    data-testid="buy-credits"
                  >
                    {t('whatsapp-credits.bundles.buy', { n: formatNumber(o.credits, locale) })}
                  </Button>
                </div>
              )}
            </li>
          )
        })}
      </ul>
      <p className="text-xs text-muted">{t('whatsapp-credits.bundles.note')}</p>
    </section>
  )
}

function History({ rows }: { rows: CreditTransaction[] }) {
  const { t } = useTranslation()
  const locale = t('common.locale')
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<MessageCircle aria-hidden className="size-6" />}
        title={t('whatsapp-credits.history.emptyTitle')}
        description={t('whatsapp-credits.history.empty')}
      />
    )
  return (
    <ul
      className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
      aria-label={t('whatsapp-credits.history.title')}
      data-testid="credit-history"
    >
      {rows.map((r) => (
        <li
          key={r.id}
          data-testid="credit-row"
          data-reason={r.reason}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3"
        >
          <div className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
            <span className="font-medium text-ink">
              {t(`whatsapp-credits.reason.${r.reason}`)}
              {r.customerName && ` · ${r.customerName}`}
            </span>
            <span className="text-sm text-muted">
              {formatDateTime(r.createdAt)}
              {r.source && ` · ${t(`whatsapp-credits.source.${r.source}`)}`}
              {r.category && ` · ${t(`whatsapp-credits.category.${r.category}`)}`}
              {r.customerId && !r.customerName && ` · ${t('whatsapp-credits.history.customerRemoved')}`}
            </span>
          </div>
          <span
            className={cx('shrink-0 text-sm font-medium tabular-nums', r.delta > 0 ? 'text-[#3f7a4a]' : 'text-ink')}
            data-testid="credit-delta"
          >
            {r.delta > 0 ? '+' : '−'}
            {formatNumber(Math.abs(r.delta), locale)}
          </span>
          <span className="shrink-0 text-sm text-muted tabular-nums">
            {t('whatsapp-credits.history.after', { n: formatNumber(r.balanceAfter, locale) })}
          </span>
          {r.paymentId && r.invoiceNumber && (
            <InvoiceButton payment={{ id: r.paymentId, invoiceId: r.paymentId, invoiceNumber: r.invoiceNumber }} />
          )}
        </li>
      ))}
    </ul>
  )
}
