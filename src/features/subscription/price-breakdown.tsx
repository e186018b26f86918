import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PriceBreakdown as Price, VatDecision } from '../../../contract/subscriptions'
import { cx } from '../../ui'
import { useMoney, useVatRate } from './use-subscription'

function Line({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode
  value: string
  strong?: boolean
  testId?: string
}) {
  return (
    <div className={cx('flex items-baseline justify-between gap-4 py-1.5', strong && 'border-t border-line pt-3')}>
      <dt className={cx('min-w-0 text-sm', strong ? 'font-medium text-ink' : 'text-muted')}>{label}</dt>
      <dd
        className={cx('shrink-0 text-sm tabular-nums', strong ? 'text-base font-medium text-ink' : 'text-ink')}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  )
}

/**
 * A price before paying, every amount from the server (contract PriceBreakdown): the price
 * excluding VAT, the discount, the credit for the unused part, VAT with its rate, the total.
 */
export function PriceBreakdown({ price, vat }: { price: Price; vat: VatDecision | null }) {
  const { t } = useTranslation()
  const money = useMoney()
  const rate = useVatRate()
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col rounded-xl bg-canvas px-4 py-2" data-testid="price-breakdown">
        <Line label={t('subscription.price.net')} value={money(price.netCents)} testId="price-net" />
        {price.discountCents > 0 && (
          <Line
            label={t('subscription.price.discount')}
            value={`− ${money(price.discountCents)}`}
            testId="price-discount"
          />
        )}
        {price.creditCents > 0 && (
          <Line label={t('subscription.price.credit')} value={`− ${money(price.creditCents)}`} testId="price-credit" />
        )}
        {(price.discountCents > 0 || price.creditCents > 0) && (
          <Line label={t('subscription.price.subtotal')} value={money(price.netAfterDiscountCents)} />
        )}
        <Line
          label={t('subscription.price.vat', { rate: rate(price.vatRateBasisPoints) })}
          value={money(price.vatCents)}
          testId="price-vat"
        />
        <Line label={t('subscription.price.total')} value={money(price.totalCents)} strong testId="price-total" />
      </dl>
      {vat && vat.rule !== 'nl' && <p className="text-sm text-muted">{t(`subscription.vatRule.${vat.rule}`)}</p>}
    </div>
  )
}
