import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { notify } from '../../ui/notifications'
import { useApiErrorMessage } from '../../ui/errors'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { downloadCustomersCsv } from './customer-delete-api'

/** The customer list of the current filter as CSV (server-built with the custom fields; online only). */
export function ExportCsvButton({ search, includeDeleted }: { search: string; includeDeleted: boolean }) {
  const { t } = useTranslation()
  const online = useOnline()
  const replica = useReplica()
  const canExport = useCan('customers.export')
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  if (!canExport) return null
  return (
    <span className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        loading={busy}
        disabled={!online || !replica}
        aria-describedby={online ? undefined : 'customers-export-reason'}
        onClick={async () => {
          if (!replica) return
          setBusy(true)
          try {
            await downloadCustomersCsv(replica, { search, includeDeleted })
          } catch (err) {
            notify({ type: 'error', message: errorText(err) })
          } finally {
            setBusy(false)
          }
        }}
      >
        <Download aria-hidden className="size-4" /> {t('customer-delete.exportCsv')}
      </Button>
      {!online && (
        <span id="customers-export-reason" className="text-xs text-muted">
          {t('customer-delete.needsConnection')}
        </span>
      )}
    </span>
  )
}
