import { FileSignature } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../../local-db/types'
import { Button } from '../../../ui/button'
import { useCan } from '../../auth/use-can'
import { useHasFeature } from '../../subscription/upgrade-prompt'
import { lazyOnOpen } from '../../app/lazy-on-open'

/** Opened by a click: its form loads then, not with the customer list. */
const SendDocumentDialog = lazyOnOpen(() => import('./send-document-dialog'), 'SendDocumentDialog')

/**
 * "Send document" in the customer list's selection bar, beside "Send questionnaire": one document
 * to every selected customer. The selection clears once the dialog closes after a send.
 */
export function SendDocumentAction({ customers, onSent }: { customers: LocalCustomer[]; onSent: () => void }) {
  const { t } = useTranslation()
  const maySend = useCan('customerDocuments.send')
  // Issue 22: outside the plan the customer card's Documents tab shows the upgrade prompt; the
  // selection bar has no room for it and leaves the action out.
  const canSend = useHasFeature('documents') && maySend
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(false)
  if (!canSend) return null
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={customers.length === 0}>
        <FileSignature aria-hidden className="size-4" /> {t('customer-documents.send.open')}
      </Button>
      <SendDocumentDialog
        open={open}
        customers={customers}
        onClose={() => {
          setOpen(false)
          if (sent) onSent()
          setSent(false)
        }}
        onSent={() => setSent(true)}
      />
    </>
  )
}
