import { Download, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setCustomersDeleted } from '../../local-db/customer-bulk'
import type { LocalCustomer } from '../../local-db/types'
import { Button } from '../../ui/button'
import { notify } from '../../ui/notifications'
import { useApiErrorMessage } from '../../ui/errors'
import { useOnline } from '../app/use-online'
import { useCanCheck } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { downloadCustomerData } from './customer-delete-api'
import { HardDeleteDialog } from './hard-delete-dialog'

/**
 * The customer file's delete, restore and data export (issue 10), under the details. Delete and
 * restore work offline (outbox); the permanent delete and the GDPR export need the server and
 * say so offline.
 */
export function CustomerDeleteActions({ customer, onGone }: { customer: LocalCustomer; onGone: () => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const can = useCanCheck()
  const errorText = useApiErrorMessage()
  const [hardOpen, setHardOpen] = useState(false)
  const [exporting, setExporting] = useState(false)
  const canManage = can('customers.manage')
  // The server asks for the right in EVERY branch of the customer: offer it only then.
  const canHardDelete = customer.salonIds.every((s) => can('customers.hardDelete', s))
  const canExport = can('customers.export')
  if (!replica || (!canManage && !canExport)) return null

  const toggle = async (deleted: boolean) => {
    await setCustomersDeleted(replica.db, [customer.id], deleted)
    const name = customer.fullName
    notify({
      type: navigator.onLine ? 'success' : 'info',
      message: navigator.onLine
        ? t(deleted ? 'customer-delete.softDeleted' : 'customer-delete.restored', { name })
        : t('customer-delete.savedOffline'),
    })
    if (deleted) onGone()
  }

  const offline = !online && <span className="text-xs text-muted">{t('customer-delete.needsConnection')}</span>
  return (
    <section className="mt-8 flex flex-col gap-3 border-t border-line pt-6" data-testid="customer-delete-actions">
      <div className="flex flex-wrap items-start gap-3">
        {canManage && !customer.deleted && (
          <Button variant="secondary" onClick={() => void toggle(true)}>
            <Trash2 aria-hidden className="size-4" /> {t('customer-delete.delete')}
          </Button>
        )}
        {canExport && (
          <span className="flex flex-col gap-1">
            <Button
              variant="secondary"
              loading={exporting}
              disabled={!online}
              onClick={async () => {
                setExporting(true)
                try {
                  await downloadCustomerData(replica, customer.id)
                } catch (err) {
                  notify({ type: 'error', message: errorText(err) })
                } finally {
                  setExporting(false)
                }
              }}
            >
              <Download aria-hidden className="size-4" /> {t('customer-delete.gdprExport')}
            </Button>
            {offline}
          </span>
        )}
        {canHardDelete && (
          <span className="flex flex-col gap-1">
            <Button variant="danger" disabled={!online} onClick={() => setHardOpen(true)}>
              <Trash2 aria-hidden className="size-4" /> {t('customer-delete.hardDelete')}
            </Button>
            {offline}
          </span>
        )}
      </div>
      <HardDeleteDialog
        open={hardOpen}
        customer={customer}
        onClose={() => setHardOpen(false)}
        onGone={() => {
          setHardOpen(false)
          onGone()
        }}
      />
    </section>
  )
}

/** At the top of a deleted customer's file: what it means, and Restore at hand (offline too). */
export function CustomerDeletedNotice({ customer }: { customer: LocalCustomer }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const canManage = useCanCheck()('customers.manage')
  if (!customer.deleted || !replica) return null
  return (
    <div
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-[#eec5c1] bg-[#f8e7e5] p-3 text-sm text-[#7a2c27]"
      role="status"
      data-testid="deleted-notice"
    >
      <span className="min-w-0 flex-1">{t('customer-delete.deletedNotice')}</span>
      {canManage && (
        <Button
          variant="secondary"
          onClick={async () => {
            await setCustomersDeleted(replica.db, [customer.id], false)
            notify({
              type: navigator.onLine ? 'success' : 'info',
              message: navigator.onLine
                ? t('customer-delete.restored', { name: customer.fullName })
                : t('customer-delete.savedOffline'),
            })
          }}
        >
          <RotateCcw aria-hidden className="size-4" /> {t('customer-delete.restore')}
        </Button>
      )}
    </div>
  )
}
