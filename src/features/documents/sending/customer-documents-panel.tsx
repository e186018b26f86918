import { CertificateLink } from '../evidence/certificate-link'
import { FileSignature, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { needsAnswer } from '../../../../contract/documents'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import type { LocalCustomer, LocalCustomerDocument } from '../../../local-db/types'
import { Badge, EmptyState, ListSkeleton } from '../../../ui/feedback'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { formatDateTime } from '../../../ui/format'
import { notify } from '../../../ui/notifications'
import { useApiErrorMessage } from '../../../ui/errors'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { UpgradePrompt, useHasFeature } from '../../subscription/upgrade-prompt'
import { useReplica } from '../../sync/replica-context'
import { DocumentStatusBadge } from './document-status'
import { SendDocumentDialog } from './send-document-dialog'
import { reconsentFlags, storeSent, useCustomerDocuments, useDocuments } from './use-customer-documents'

/**
 * The drawer's Documents tab (issue 12): every document sent to the customer, from the replica
 * (offline too), with its status, when, by whom and how it was sent; for an answered consent
 * form when (device and server time) and how; "needs new consent" where the contract's rule says
 * so. Sending and removing need the connection.
 */
export function CustomerDocumentsPanel({ customer }: { customer: LocalCustomer }) {
  const { t } = useTranslation()
  const online = useOnline()
  const maySend = useCan('customerDocuments.send')
  const inPlan = useHasFeature('documents')
  const canSend = maySend && inPlan
  const sent = useCustomerDocuments(customer.id)
  const documents = useDocuments()
  const [sending, setSending] = useState(false)
  if (!sent || !documents) return <ListSkeleton rows={3} label={t('customer-documents.loading')} />
  const flags = reconsentFlags(sent, documents)
  return (
    <div className="flex flex-col gap-4" data-testid="customer-documents-panel">
      {/* Issue 22: outside the plan what was sent and answered stays readable; sending is an upgrade away. */}
      {maySend && !inPlan && !customer.deleted && <UpgradePrompt feature="documents" />}
      {canSend && !customer.deleted && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {!online && <p className="text-xs text-muted">{t('customer-documents.send.offline')}</p>}
          <Button variant="secondary" disabled={!online} onClick={() => setSending(true)}>
            <Send aria-hidden className="size-4" /> {t('customer-documents.send.open')}
          </Button>
        </div>
      )}
      {flags.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="reconsent-flags">
          {flags.map(({ document, state }) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center gap-2 rounded-xl border border-[#ecd6a4] bg-[#fbf1dc] p-3 text-sm text-[#5c3e07]"
            >
              <Badge tone="warning">{t(`customer-documents.reconsent.${state}`)}</Badge>
              <span>
                {t(`customer-documents.reconsent.${state}Text`, {
                  name: document.name,
                  number: document.currentVersionNumber,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {sent.length === 0 ? (
        <EmptyState
          icon={<FileSignature aria-hidden className="size-6" />}
          title={t('customer-documents.emptyTitle')}
          description={canSend ? t('customer-documents.empty') : t('customer-documents.emptyRead')}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {sent.map((d) => (
            <DocumentRow key={d.id} d={d} customerId={customer.id} />
          ))}
        </ul>
      )}
      <SendDocumentDialog open={sending} customers={[customer]} onClose={() => setSending(false)} />
    </div>
  )
}

function DocumentRow({ d, customerId }: { d: LocalCustomerDocument; customerId: string }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const canDelete = useCan('customerDocuments.delete')
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  // An accepted consent form is evidence: it is never removed (the server refuses it too).
  const locked = d.kind === 'consentForm' && d.status === 'accepted'
  const onDelete = async () => {
    if (!replica) return
    setBusy(true)
    try {
      await apiCall(API.customerDocuments.remove, {
        params: { org: replica.orgId, id: customerId, docId: d.id },
        query: { salonId: replica.salonId },
      })
      await storeSent(replica.db, [], [d.id])
      notify({ type: 'success', message: t('customer-documents.deleted') })
      setConfirm(false)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }
  const ev = d.evidence
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4"
      data-testid="customer-document"
      data-document-id={d.documentId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-medium break-words text-ink">{d.name}</p>
          <p className="text-xs text-muted">
            {t(`customer-documents.kinds.${d.kind}`)} ·{' '}
            {t('customer-documents.versionShort', { number: d.versionNumber })}
          </p>
        </div>
        <DocumentStatusBadge status={d.status} />
      </div>
      <p className="text-sm text-muted">
        {t('customer-documents.sentLine', {
          at: formatDateTime(d.sentAt),
          by: d.sentByName || t('customer-documents.unknownSender'),
          channel: t(`customer-documents.channels.${d.channel}`),
        })}
      </p>
      {d.seenAt && d.status === 'seen' && (
        <p className="text-sm text-muted">{t('customer-documents.seenAt', { at: formatDateTime(d.seenAt) })}</p>
      )}
      {needsAnswer(d.kind) && ev && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-xl bg-canvas p-3 text-sm sm:grid-cols-[auto_1fr]">
          {/* When it was answered by the server's clock (a tablet's offset corrected), then both clocks as kept. */}
          <dt className="text-muted">{t('customer-documents.evidence.occurredAt')}</dt>
          <dd className="text-ink">{formatDateTime(ev.occurredAt ?? ev.receivedAt)}</dd>
          <dt className="text-muted">{t('customer-documents.evidence.deviceTime')}</dt>
          <dd className="text-ink">{ev.deviceTime ? formatDateTime(ev.deviceTime) : '—'}</dd>
          <dt className="text-muted">{t('customer-documents.evidence.serverTime')}</dt>
          <dd className="text-ink">{formatDateTime(ev.receivedAt)}</dd>
          <dt className="text-muted">{t('customer-documents.evidence.how')}</dt>
          <dd className="text-ink">
            {ev.channel === 'tablet'
              ? t('customer-documents.evidence.tablet', { name: ev.takenByName ?? '—' })
              : t('customer-documents.evidence.ownDevice')}
          </dd>
          {ev.typedName && (
            <>
              <dt className="text-muted">{t('customer-documents.evidence.typedName')}</dt>
              <dd className="text-ink">{ev.typedName}</dd>
            </>
          )}
          {ev.signatureMethod && (
            <>
              <dt className="text-muted">{t('customer-documents.evidence.signedBy')}</dt>
              <dd className="text-ink" data-testid="evidence-signature-method">
                {t(`customer-documents.evidence.method.${ev.signatureMethod}`)}
              </dd>
            </>
          )}
          {d.status === 'declined' && d.declineReason && (
            <>
              <dt className="text-muted">{t('customer-documents.evidence.reason')}</dt>
              <dd className="break-words whitespace-pre-wrap text-ink">{d.declineReason}</dd>
            </>
          )}
        </dl>
      )}
      {/* The signed PDF with its certificate page (issue 12: downloadable by staff). */}
      {d._pending === 0 && <CertificateLink variant="staff" document={d} />}
      {d._pending === 1 && <p className="text-xs text-muted">{t('customer-documents.pending')}</p>}
      {canDelete && !locked && (
        <div className="flex justify-end">
          <Button
            variant="ghost"
            disabled={!online}
            aria-label={t('customer-documents.deleteAria', { name: d.name })}
            onClick={() => setConfirm(true)}
          >
            <Trash2 aria-hidden className="size-4" /> {t('customer-documents.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        danger
        loading={busy}
        title={t('customer-documents.deleteTitle')}
        message={t('customer-documents.deleteMessage', { name: d.name })}
        confirmLabel={t('customer-documents.delete')}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirm(false)}
      />
    </li>
  )
}
