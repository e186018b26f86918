import { useTranslation } from 'react-i18next'
import type { OrganisationStatus } from '../../../../contract/global-organisations'
import { Badge, type BadgeProps } from '../../../ui'

const TONE: Record<OrganisationStatus, BadgeProps['tone']> = {
  active: 'success',
  trial: 'primary',
  expired: 'warning',
  suspended: 'danger',
  deletedPending: 'neutral',
}

export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONE[status]}>{t(`global-organisations.status.${status}`)}</Badge>
}
