import { useLiveQuery } from 'dexie-react-hooks'
import { Building2, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addCustomersToBranch, type BulkResult, setCustomersDeleted } from '../../local-db/customer-bulk'
import type { ReplicaDb } from '../../local-db/db'
import { Button } from '../../ui/button'
import { notify } from '../../ui/notifications'
import { useBranchesFor, useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { lazyOnOpen } from '../app/lazy-on-open'

/** Opened by a click: the dialogs load then, not with the customer list. */
const AddToBranchDialog = lazyOnOpen(() => import('./add-to-branch-dialog'), 'AddToBranchDialog')
const ConfirmDialog = lazyOnOpen(() => import('../../ui/confirm-dialog'), 'ConfirmDialog')

/** Waits briefly (online) for the server's answer to each queued change: which were refused. */
async function refusedOf(db: ReplicaDb, ids: string[], timeoutMs = 8000): Promise<string[]> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const entries = await db.outbox.where('entityId').anyOf(ids).toArray()
    const waiting = entries.filter((e) => e.status !== 'needsAttention')
    if (waiting.length === 0) return [...new Set(entries.map((e) => e.entityId))]
    await new Promise((r) => setTimeout(r, 150))
  }
  return []
}

/**
 * Delete, restore and add-to-branch for the customers selected in the list (issue 10), beside
 * "send a questionnaire". Each goes through the replica (one outbox entry per customer), so it
 * works offline; online it says how many were done and which the server refused.
 */
export function BulkCustomerActions({ selected, onDone }: { selected: Set<string>; onDone: () => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const canManage = useCan('customers.manage')
  const manageable = useBranchesFor('customers.manage')
  const salons = useLiveQuery(async () => (replica ? replica.db.salons.orderBy('name').toArray() : []), [replica], [])
  // Delete is offered when some of the selection is live, Restore when some is deleted.
  const states = useLiveQuery(
    async () => (replica ? (await replica.db.customers.bulkGet([...selected])).map((c) => c?.deleted) : []),
    [replica, selected],
    [],
  )
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [branchOpen, setBranchOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!replica || !canManage) return null
  const ids = [...selected]
  const branches = salons.filter((s) => manageable.has(s.id))

  const report = async (result: BulkResult, done: string, extra: Record<string, string> = {}) => {
    const db = replica.db
    const nameOf = async (list: string[]) =>
      (await db.customers.bulkGet(list.slice(0, 5))).map((c, i) => c?.fullName ?? list[i]).join(', ') +
      (list.length > 5 ? ', …' : '')
    if (!navigator.onLine) {
      notify({
        type: 'info',
        message: `${t(done, { count: result.done.length, ...extra })} ${t('customer-delete.savedOffline')}`,
      })
      return
    }
    const refused = await refusedOf(db, result.done)
    const parts = [t(done, { count: result.done.length - refused.length, ...extra })]
    if (result.skipped.length)
      parts.push(
        t('customer-delete.bulk.skipped', { count: result.skipped.length, names: await nameOf(result.skipped) }),
      )
    if (refused.length)
      parts.push(t('customer-delete.bulk.refused', { count: refused.length, names: await nameOf(refused) }))
    notify({ type: refused.length ? 'error' : 'success', message: parts.join(' ') })
  }

  const run = async (action: () => Promise<BulkResult>, done: string, extra?: Record<string, string>) => {
    setBusy(true)
    try {
      const result = await action()
      onDone()
      await report(result, done, extra)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {states.some((d) => d === false) && (
        <Button variant="secondary" loading={busy} onClick={() => setConfirmDelete(true)}>
          <Trash2 aria-hidden className="size-4" /> {t('customer-delete.bulk.delete')}
        </Button>
      )}
      {states.some((d) => d === true) && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(() => setCustomersDeleted(replica.db, ids, false), 'customer-delete.bulk.restoredDone')
          }
        >
          <RotateCcw aria-hidden className="size-4" /> {t('customer-delete.bulk.restore')}
        </Button>
      )}
      {branches.length > 1 && (
        <Button variant="secondary" disabled={busy} onClick={() => setBranchOpen(true)}>
          <Building2 aria-hidden className="size-4" /> {t('customer-delete.bulk.addToBranch')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmDelete}
        danger
        title={t('customer-delete.bulk.deleteTitle', { count: ids.length })}
        message={t('customer-delete.bulk.deleteMessage')}
        confirmLabel={t('customer-delete.bulk.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false)
          void run(() => setCustomersDeleted(replica.db, ids, true), 'customer-delete.bulk.deletedDone')
        }}
      />
      <AddToBranchDialog
        open={branchOpen}
        count={ids.length}
        branches={branches}
        onClose={() => setBranchOpen(false)}
        onChoose={(branch) =>
          void run(() => addCustomersToBranch(replica.db, ids, branch.id), 'customer-delete.bulk.addedDone', {
            branch: branch.name,
          })
        }
      />
    </>
  )
}
