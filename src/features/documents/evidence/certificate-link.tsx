import { CloudOff, FileCheck2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomerDocument } from '../../../../contract/documents'
import { Button } from '../../../ui/button'
import { notify } from '../../../ui/notifications'
import { useApiErrorMessage } from '../../../ui/errors'
import { useOnline } from '../../app/use-online'
import { useReplica } from '../../sync/replica-context'
import { downloadMyCertificate, downloadStaffCertificate } from './consent-evidence-api'

/** The customer document the link is for: only an answered consent form has a signed PDF. */
type Doc = Pick<CustomerDocument, 'id' | 'customerId' | 'kind' | 'status' | 'evidence'>

export type CertificateLinkProps =
  /** Staff (the customer drawer's Documents tab): read in the replica's current branch. */
  | { variant: 'staff'; document: Doc }
  /** The customer (their documents page): their own session. */
  | { variant: 'customer'; document: Doc; orgId: string }

export const hasCertificate = (d: Doc) =>
  d.kind === 'consentForm' && (d.status === 'accepted' || d.status === 'declined') && d.evidence !== null

/**
 * "Download signed PDF" for an answered consent form (issue 12): the PDF with its certificate
 * page is built by the server, so the button needs a connection and says so when there is none.
 * Renders nothing for a document without a signed PDF.
 */
export function CertificateLink(props: CertificateLinkProps) {
  const { t } = useTranslation()
  const online = useOnline()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  const reasonId = useId()
  if (!hasCertificate(props.document)) return null
  const ready = online && (props.variant === 'customer' || replica !== null)

  async function onDownload() {
    setBusy(true)
    try {
      if (props.variant === 'customer')
        await downloadMyCertificate({ orgId: props.orgId, customerDocumentId: props.document.id })
      else if (replica)
        await downloadStaffCertificate({
          orgId: replica.orgId,
          salonId: replica.salonId,
          customerId: props.document.customerId,
          customerDocumentId: props.document.id,
        })
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        loading={busy}
        disabled={!ready}
        aria-describedby={online ? undefined : reasonId}
        data-testid="consent-certificate-download"
        onClick={onDownload}
      >
        <FileCheck2 aria-hidden className="size-4" /> {t('consent-evidence.download')}
      </Button>
      {!online && (
        <span id={reasonId} className="inline-flex items-center gap-1 text-xs text-muted">
          <CloudOff aria-hidden className="size-3.5" /> {t('consent-evidence.downloadOffline')}
        </span>
      )}
    </span>
  )
}
