import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAnswered } from '../../../contract/questionnaires'
import { CLIENT_ENTITIES } from '../../local-db/registry'
import type { LocalCustomer } from '../../local-db/types'
import { Button, Modal, notify, TextField, useApiErrorMessage } from '../../ui'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'
import { hardDeleteCustomer } from './customer-delete-api'

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().toLowerCase()

/**
 * The hard delete's confirmation: names what will go (counted from the replica, which holds the
 * branch's submissions and comments of this customer) and asks to type the customer's name.
 * Online only: the server removes everything at once; the replica drops the customer straight
 * away (the same tombstone handling every other tablet applies at its next sync).
 */
export function HardDeleteDialog(props: {
  open: boolean
  customer: LocalCustomer
  onClose: () => void
  onGone: () => void
}) {
  const { t } = useTranslation()
  const { customer } = props
  const replica = useReplica()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const counts = useLiveQuery(async () => {
    if (!replica || !props.open) return null
    const subs = await replica.db.submissions.where('customerId').equals(customer.id).toArray()
    const questions = new Map(
      (await replica.db.questionnaires.bulkGet([...new Set(subs.map((s) => s.questionnaireId))])).flatMap((q) =>
        q ? q.questions.map((x) => [`${q.id}:${x.id}`, x.type] as const) : [],
      ),
    )
    const photos = subs.reduce(
      (n, s) =>
        n +
        s.answers
          .filter((a) => questions.get(`${s.questionnaireId}:${a.questionId}`) === 'image' && isAnswered(a.value))
          .reduce((m, a) => m + (Array.isArray(a.value) ? a.value.length : 1), 0),
      0,
    )
    const comments = await replica.db.customerComments
      .where('customerId')
      .equals(customer.id)
      .filter((c) => !('deletedAt' in c && c.deletedAt))
      .count()
    return { submissions: subs.length, photos, comments }
  }, [replica, customer.id, props.open])
  const matches = sameName(typed, customer.fullName)

  const confirm = async () => {
    setTried(true)
    if (!replica || !matches || !online) return
    setBusy(true)
    try {
      await hardDeleteCustomer(replica, customer.id)
      const db = replica.db
      // As a pull applies a tombstone: every replica table, since it reaches into other entities'.
      // An async scope (not a returned promise): Dexie keeps the transaction open across its awaits.
      await db.transaction('rw', db.tables, async () => {
        await CLIENT_ENTITIES.customer.apply(db, [{ entity: 'customer', version: 0, deleted: true, id: customer.id }])
      })
      notify({ type: 'success', message: t('customer-delete.hardDeleted', { name: customer.fullName }) })
      props.onGone()
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t('customer-delete.hardDeleteTitle', { name: customer.fullName })}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} disabled={!online || !matches} onClick={() => void confirm()}>
            {t('customer-delete.hardDeleteConfirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm" data-testid="hard-delete-dialog">
        <p>{t('customer-delete.hardDeleteIntro')}</p>
        <ul className="list-disc pl-5">
          <li>{t('customer-delete.hardDeleteItems.customer')}</li>
          <li>{t('customer-delete.hardDeleteItems.submissions', { count: counts?.submissions ?? 0 })}</li>
          <li>{t('customer-delete.hardDeleteItems.photos', { count: counts?.photos ?? 0 })}</li>
          <li>{t('customer-delete.hardDeleteItems.comments', { count: counts?.comments ?? 0 })}</li>
          <li>{t('customer-delete.hardDeleteItems.activity')}</li>
        </ul>
        <p className="text-muted">{t('customer-delete.hardDeleteNoDocuments')}</p>
        <TextField
          label={t('customer-delete.typeName', { name: customer.fullName })}
          aria-label={t('customer-delete.typeNameLabel')}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          error={tried && !matches ? t('customer-delete.nameMismatch') : undefined}
        />
        {!online && (
          <p className="rounded-xl bg-canvas p-3 text-muted" role="status">
            {t('customer-delete.needsConnection')}
          </p>
        )}
      </div>
    </Modal>
  )
}
