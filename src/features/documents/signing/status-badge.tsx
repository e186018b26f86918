import { useTranslation } from 'react-i18next'
import type { CustomerDocumentStatus, DocumentKind } from '../../../../contract/documents'
import { Badge } from '../../../ui'

const TONE = { notSeen: 'warning', seen: 'neutral', accepted: 'success', declined: 'danger' } as const

/** Not seen / Seen / Accepted / Declined (an information document stops at Seen). */
export function StatusBadge({
  status,
  kind,
  pending,
}: {
  status: CustomerDocumentStatus
  kind: DocumentKind
  pending?: boolean
}) {
  const { t } = useTranslation()
  return (
    <span className="flex items-center gap-1.5" data-testid="document-status" data-status={status}>
      <Badge tone={TONE[status]}>{t(`document-signing.status.${status}`)}</Badge>
      {kind === 'consentForm' && status !== 'accepted' && status !== 'declined' && (
        <span className="sr-only">{t('document-signing.status.waiting')}</span>
      )}
      {pending && <Badge>{t('document-signing.status.pending')}</Badge>}
    </span>
  )
}
