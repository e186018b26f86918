import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GlobalOrganisationDetail } from '../../../../contract/global-organisations'
import type { Payment } from '../../../../contract/subscriptions'
import { Badge, Button, formatDate, formatMoney, notify, useApiErrorMessage } from '../../../ui'
import { downloadInvoice } from './downloads'
import { Card } from './card'

/** The organisation's payments, newest first, each with its invoice (the PDF its owner gets). */
export function PaymentsSection({ d }: { d: GlobalOrganisationDetail }) {
  const { t } = useTranslation()
  return (
    <Card title={t('subscription.payments.title')} testId="organisation-payments">
      {d.payments.length === 0 ? (
        <p className="text-sm text-muted">{t('global-organisations.noPayments')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {d.payments.map((p) => (
            <PaymentRow key={p.id} organisationId={d.organisation.id} p={p} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function PaymentRow({ organisationId, p }: { organisationId: string; p: Payment }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  const locale = t('common.locale')
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium text-ink">{p.name}</span>
        <span className="text-muted">
          {formatDate(p.paidAt ?? p.createdAt)} · {formatMoney(p.amountCents, locale)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={p.state === 'confirmed' ? 'success' : p.state === 'failed' ? 'danger' : 'warning'}>
          {p.chargedBack ? t('subscription.paymentState.chargedBack') : t(`subscription.paymentState.${p.state}`)}
        </Badge>
        {p.invoiceId && (
          <Button
            variant="secondary"
            loading={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await downloadInvoice(organisationId, p.invoiceId as string, p.invoiceNumber ?? 'invoice')
              } catch (err) {
                notify({ type: 'error', message: errorText(err) })
              } finally {
                setBusy(false)
              }
            }}
          >
            <Download aria-hidden className="size-4" />
            {t('subscription.payments.invoice', { number: p.invoiceNumber ?? '' })}
          </Button>
        )}
      </div>
    </li>
  )
}
