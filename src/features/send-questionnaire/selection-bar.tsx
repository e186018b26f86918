import { useLiveQuery } from 'dexie-react-hooks'
import { Send, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../local-db/types'
import { Button } from '../../ui/button'
import { useReplica } from '../sync/replica-context'
import { SendDocumentAction } from '../documents/sending/send-document-action'
import { lazyOnOpen } from '../app/lazy-on-open'

/** Opened by a click: the form engine and the send endpoint load then, not with the list. */
const SendQuestionnaireDialog = lazyOnOpen(() => import('./send-questionnaire-dialog'), 'SendQuestionnaireDialog')

type Props = {
  selected: Set<string>
  onClear: () => void
  /** Other bulk actions on the selection (issue 10: delete, restore, add to a branch). */
  actions?: ReactNode
  /** false: the employee may not send; the bar carries only `actions`. */
  canSend?: boolean
}

/**
 * Shown while customers are selected in the list (the selection survives paging and search):
 * how many, send them a questionnaire, or clear the selection.
 */
export function SelectionBar({ selected, onClear, actions, canSend = true }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const [open, setOpen] = useState(false)
  // Sent customers leave the selection when the dialog closes (it may still show failures).
  const [sent, setSent] = useState(false)
  const customers = useLiveQuery(
    async () =>
      // A deleted customer (selected with "Include deleted") is not sent anything: the server would refuse it.
      replica
        ? (await replica.db.customers.bulkGet([...selected])).filter((c): c is LocalCustomer => !!c && !c.deleted)
        : [],
    [replica, selected],
    [],
  )
  if (selected.size === 0) return null
  return (
    <div
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-primary/40 bg-primary-lighter px-4 py-2"
      data-testid="selection-bar"
    >
      <p className="text-sm font-medium text-ink" aria-live="polite">
        {t('send-questionnaire.selected', { count: selected.size })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={onClear}>
          <X aria-hidden className="size-4" /> {t('send-questionnaire.clearSelection')}
        </Button>
        {actions}
        {/* Issue 12: one document or consent form to the selection. */}
        <SendDocumentAction customers={customers} onSent={onClear} />
        {canSend && (
          <Button onClick={() => setOpen(true)} disabled={customers.length === 0}>
            <Send aria-hidden className="size-4" /> {t('send-questionnaire.open')}
          </Button>
        )}
      </div>
      <SendQuestionnaireDialog
        open={open}
        customers={customers}
        onClose={() => {
          setOpen(false)
          if (sent) onClear()
          setSent(false)
        }}
        onSent={() => setSent(true)}
      />
    </div>
  )
}
