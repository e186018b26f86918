import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { isAnswered } from '../../../contract/questionnaires'
import { CLIENT_ENTITIES } from '../../local-db/registry'
import type { LocalCustomer } from '../../local-db/types'
import { FormModal, useEntityForm } from '../../ui/form'
import { notify } from '../../ui/notifications'
import { TextField } from '../../ui/fields'
import { useApiErrorMessage } from '../../ui/errors'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'
import { hardDeleteCustomer } from './customer-delete-api'

/** The typed name: checked against the customer's in the form's `check`. */
const ZTypedName = z.object({ typed: z.string() })

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
  const form = useEntityForm({
    schema: ZTypedName,
    initial: { typed: '' },
    // Nothing is lost by closing: the only field is the name typed to confirm.
    guard: false,
    check: ({ typed }) =>
      sameName(typed, customer.fullName) ? undefined : { typed: t('customer-delete.nameMismatch') },
    submit: async () => {
      if (!replica || !online) return
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
        // Told as a toast, as before: the dialog stays as it is, the person can try again.
        notify({ type: 'error', message: errorText(err) })
      }
    },
  })
  const matches = sameName(form.values.typed, customer.fullName)

  return (
    <FormModal
      form={form}
      open={props.open}
      onClose={props.onClose}
      title={t('customer-delete.hardDeleteTitle', { name: customer.fullName })}
      formId="hard-delete-form"
      submitLabel={t('customer-delete.hardDeleteConfirm')}
      submitVariant="danger"
      submitDisabled={!online || !matches}
      className="flex flex-col gap-4 text-sm"
      data-testid="hard-delete-dialog"
    >
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
        autoComplete="off"
        {...form.field('typed')}
      />
      {!online && (
        <p className="rounded-xl bg-canvas p-3 text-muted" role="status">
          {t('customer-delete.needsConnection')}
        </p>
      )}
    </FormModal>
  )
}
