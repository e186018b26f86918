import { useTranslation } from 'react-i18next'
import { Button, formatMoney, Modal } from '../../../ui'

type Refund = { amountCents: number; creditNoteNumber: string; creditedInvoiceNumber: string }

/** What a cancel with a refund did: the amount back to the organisation and the credit note for it. */
export function RefundResult({ name, refund, onClose }: { name: string; refund: Refund; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  return (
    <Modal
      open
      onClose={onClose}
      title={t('global-subscriptions.refundedTitle')}
      footer={<Button onClick={onClose}>{t('global-subscriptions.close')}</Button>}
    >
      <div className="flex flex-col gap-4" data-testid="refund-result">
        <p className="text-sm text-muted">{t('global-subscriptions.refundedText', { name })}</p>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">{t('global-subscriptions.refundAmount')}</dt>
            <dd className="text-base font-medium text-ink" data-testid="refund-amount">
              {formatMoney(refund.amountCents, i18n.language)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('global-subscriptions.creditNote')}</dt>
            <dd className="text-base font-medium text-ink" data-testid="credit-note-number">
              {refund.creditNoteNumber}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('global-subscriptions.creditedInvoice')}</dt>
            <dd className="text-ink">{refund.creditedInvoiceNumber}</dd>
          </div>
        </dl>
      </div>
    </Modal>
  )
}
