import { useTranslation } from 'react-i18next'
import type { CustomerDocumentStatus } from '../../../../contract/documents'
import { Badge } from '../../../ui/feedback'
import { cx } from '../../../ui/cx'
import { formatDate } from '../../../ui/format'
import { useCan } from '../../auth/use-can'
import { DocumentStatusBadge } from './document-status'
import { reconsentFlags, useCustomerDocuments, useDocuments } from './use-customer-documents'

const ORDER: CustomerDocumentStatus[] = ['notSeen', 'seen', 'accepted', 'declined']

/**
 * The customer card's Documents module (issue 12): how many documents are in each status, the
 * latest few, and the re-consent flag — from the replica, offline too.
 */
export function DocumentsCardModule({ customerId, condensed }: { customerId: string; condensed: boolean }) {
  const { t } = useTranslation()
  const canRead = useCan('customerDocuments.read')
  const sent = useCustomerDocuments(customerId)
  const documents = useDocuments()
  if (!canRead) return <p className="text-sm text-muted">{t('customer-documents.noPermission')}</p>
  if (!sent || !documents) return <p className="text-sm text-muted">{t('customer-documents.loading')}</p>
  const flags = reconsentFlags(sent, documents)
  const counts = ORDER.map((s) => [s, sent.filter((d) => d.status === s).length] as const).filter(([, n]) => n > 0)
  return (
    <div className={cx('flex flex-col', condensed ? 'gap-2' : 'gap-3')} data-testid="card-documents">
      {flags.map(({ document, state }) => (
        <p
          key={document.id}
          className="flex flex-wrap items-center gap-2 text-sm text-ink"
          data-testid="card-reconsent"
        >
          <Badge tone="warning">{t(`customer-documents.reconsent.${state}`)}</Badge>
          {document.name}
        </p>
      ))}
      {sent.length === 0 ? (
        <p className="text-sm text-muted">{t('customer-documents.emptyTitle')}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {counts.map(([s, n]) => `${t(`customer-documents.status.${s}`)}: ${n}`).join(' · ')}
          </p>
          <ul className="flex flex-col gap-1.5">
            {sent.slice(0, 3).map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words text-ink">
                  {d.name} <span className="text-muted">· {formatDate(d.sentAt)}</span>
                </span>
                <DocumentStatusBadge status={d.status} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
