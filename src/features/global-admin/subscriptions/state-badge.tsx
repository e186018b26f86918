import { useTranslation } from 'react-i18next'
import type { AdminSubscriptionState } from '../../../../contract/global-billing'
import { Badge, type BadgeProps } from '../../../ui'

const TONE: Record<AdminSubscriptionState, BadgeProps['tone']> = {
  active: 'success',
  trial: 'primary',
  cancelled: 'neutral',
  expired: 'warning',
  grace: 'warning',
  suspended: 'danger',
}

export function SubscriptionStateBadge({ state }: { state: AdminSubscriptionState }) {
  const { t } = useTranslation()
  return <Badge tone={TONE[state]}>{t(`global-subscriptions.state.${state}`)}</Badge>
}
