import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Questionnaire } from '../../../contract/questionnaires'
import { Button, notify, useApiErrorMessage } from '../../ui'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'
import { downloadExport } from './questionnaire-api'

/** The submissions as a CSV file (server-built, online only: the replica holds no export). */
export function ExportButton({ questionnaire }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation()
  const online = useOnline()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  const reason = online ? undefined : t('questionnaires.exportNeedsConnection')
  return (
    <span className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        loading={busy}
        disabled={!online || !replica}
        aria-describedby={reason ? 'export-reason' : undefined}
        onClick={async () => {
          if (!replica) return
          setBusy(true)
          try {
            await downloadExport(replica, questionnaire)
          } catch (err) {
            notify({ type: 'error', message: errorText(err) })
          } finally {
            setBusy(false)
          }
        }}
      >
        <Download aria-hidden className="size-4" /> {t('questionnaires.export')}
      </Button>
      {reason && (
        <span id="export-reason" className="text-xs text-muted">
          {reason}
        </span>
      )}
    </span>
  )
}
