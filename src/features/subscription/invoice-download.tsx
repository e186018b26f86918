import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Payment } from '../../../contract/subscriptions'
import { API } from '../../api/client'
import { apiDownload } from '../../api/transport'
import { Button, notify, useApiErrorMessage } from '../../ui'
import { fileNameOf, saveFile } from '../../ui/save-file'
import { useOnline } from '../app/use-online'
import { useOrgId } from './use-subscription'

/** The invoice of a paid payment as a file (it needs the staff token, so not a plain link). */
type Invoiced = Pick<Payment, 'id' | 'invoiceId' | 'invoiceNumber'>

async function downloadInvoice(org: string, payment: Invoiced) {
  const { blob, headers } = await apiDownload(API.subscriptions.downloadInvoice, {
    params: { org, id: payment.id },
  })
  saveFile(blob, fileNameOf(headers, `${payment.invoiceNumber ?? 'invoice'}.pdf`))
}

export function InvoiceButton({ payment }: { payment: Invoiced }) {
  const { t } = useTranslation()
  const org = useOrgId()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  if (!payment.invoiceId) return null
  return (
    <Button
      variant="secondary"
      loading={busy}
      disabled={!online}
      data-testid="invoice-download"
      onClick={async () => {
        if (!org) return
        setBusy(true)
        try {
          await downloadInvoice(org, payment)
        } catch (err) {
          notify({ type: 'error', message: errorText(err) })
        } finally {
          setBusy(false)
        }
      }}
    >
      <Download aria-hidden className="size-4" />
      {t('subscription.payments.invoice', { number: payment.invoiceNumber ?? '' })}
    </Button>
  )
}
