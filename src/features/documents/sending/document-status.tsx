import { useTranslation } from 'react-i18next'
import type { CustomerDocumentStatus } from '../../../../contract/documents'
import { Badge, type BadgeProps } from '../../../ui/feedback'

const TONE: Record<CustomerDocumentStatus, BadgeProps['tone']> = {
  notSeen: 'neutral',
  seen: 'primary',
  accepted: 'success',
  declined: 'danger',
}

/** Spec: Not seen, Seen, Accepted, Declined. */
export function DocumentStatusBadge({ status }: { status: CustomerDocumentStatus }) {
  const { t } = useTranslation()
  return (
    <Badge tone={TONE[status]}>
      <span data-status={status}>{t(`customer-documents.status.${status}`)}</span>
    </Badge>
  )
}
