import { useTranslation } from 'react-i18next'
import type { PaidCourseOffer } from '../../../contract/trainings'
import { useMoney, useVatRate } from '../subscription/use-subscription'

/** A course's price as the server answers it for this organisation: without VAT, and with its VAT. */
export function OfferPrice({
  offer,
}: {
  offer: Pick<PaidCourseOffer, 'priceExVatCents' | 'priceIncVatCents' | 'vatRateBasisPoints'>
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const rate = useVatRate()
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm" data-testid="academy-price">
      <span className="font-medium text-ink tabular-nums">
        {t('academy.price.exVat', { amount: money(offer.priceExVatCents) })}
      </span>
      <span className="text-muted tabular-nums">
        {t('academy.price.incVat', { amount: money(offer.priceIncVatCents), rate: rate(offer.vatRateBasisPoints) })}
      </span>
    </p>
  )
}
