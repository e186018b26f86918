import { useTranslation } from 'react-i18next'
import type { Payment } from '../../../contract/subscriptions'
import { Badge } from '../../ui'

const TONE = { pending: 'neutral', confirming: 'warning', confirmed: 'success', failed: 'danger' } as const

/** Spec §4: the screen shows pending, confirming, confirmed or failed (and a charge-back). */
export function PaymentStatus({ payment }: { payment: Pick<Payment, 'state' | 'chargedBack'> }) {
  const { t } = useTranslation()
  if (payment.chargedBack) return <Badge tone="danger">{t('subscription.paymentState.chargedBack')}</Badge>
  return <Badge tone={TONE[payment.state]}>{t(`subscription.paymentState.${payment.state}`)}</Badge>
}
