import { useTranslation } from 'react-i18next'
import type { AdminDiscountCode } from '../../../../contract/global-billing'
import { formatMoney } from '../../../ui'

/** A code's discount as read: "12,5%" or "€ 10,00" in the reader's language. */
export function useDiscountText() {
  const { t } = useTranslation()
  const locale = t('common.locale')
  return {
    value: (c: Pick<AdminDiscountCode, 'type' | 'value'>) =>
      c.type === 'percent'
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(c.value / 10_000)
        : formatMoney(c.value, locale),
    duration: (c: Pick<AdminDiscountCode, 'duration' | 'durationPeriods'>) =>
      c.duration === 'repeating'
        ? t('global-discount-codes.durationRepeating', { count: c.durationPeriods ?? 0 })
        : t(`global-discount-codes.durations.${c.duration}`),
  }
}
