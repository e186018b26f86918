import { AlertTriangle, CloudUpload } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createCustomer, discardEntry, retryEntry, updateCustomer } from '../../local-db/mutations'
import type { OutboxEntry } from '../../local-db/types'
import { Button, cx, Drawer, notify, useFieldErrors } from '../../ui'
import { CustomerQuestionnaires } from '../submissions/customer-questionnaires'
import { CustomerTabs, useCustomerTab } from '../submissions/customer-tabs'
import { StartKioskButton } from '../kiosk/start-kiosk-button'
import { useReplica } from '../sync/sync-provider'
import { type CustomerForm, emptyForm, formFromCustomer, translateCustomerMessage, validateForm } from './customer-form'
import { CustomerConflicts } from './customer-conflicts'
import { CustomerFormFields } from './customer-form-fields'
import { useCanManageCustomers } from './use-can-manage'
import { useCustomer, useCustomerOutbox } from './use-customers'
import { useEmailCheck } from './use-email-check'
import { waitForSync } from './wait-for-sync'

type Props = { open: boolean; customerId: string | null; onClose: () => void }

/** Create (customerId null) or edit a customer. Writes go to the replica + outbox, never to fetch. */
export function CustomerDrawer({ open, customerId, onClose }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  // After a create, the drawer keeps working on the new (pending) row: a refusal by the server
  // (e-mail taken) is then fixed in place and re-sent.
  const [createdId, setCreatedId] = useState<string | null>(null)
  const id = customerId ?? createdId
  const row = useCustomer(id)
  const outbox = useCustomerOutbox(id)
  const [form, setForm] = useState<CustomerForm | null>(null)
  const [errors, setErrors] = useFieldErrors<Record<string, string>>()
  const [saving, setSaving] = useState(false)
  const [tab, setTab] = useCustomerTab(open)
  const email = useEmailCheck()
  const canManage = useCanManageCustomers()

  useEffect(() => {
    if (!open) {
      setForm(null)
      setCreatedId(null)
      setErrors({})
      email.reset()
    }
  }, [open, email.reset, setErrors])
  useEffect(() => {
    if (!open || form || !replica) return
    if (!customerId) setForm(emptyForm(replica.salonId))
    else if (row) setForm(formFromCustomer(row))
  }, [open, form, replica, customerId, row])

  const attention = outbox.find((e) => e.status === 'needsAttention')
  const serverErrors = attention ? errorsFromEntry(attention, t) : {}
  const shownErrors = { ...serverErrors, ...errors }
  // Editing never joins customers: an address used in another branch is simply taken.
  const emailTaken = email.result === 'taken' || (!!customerId && email.result === 'otherBranch')
  if (emailTaken && !shownErrors.email) shownErrors.email = t('customers.emailTaken')

  const settle = async (entityId: string) => {
    if (!replica) return
    if (!navigator.onLine) {
      notify({ type: 'info', message: t('customers.savedOffline') })
      return onClose()
    }
    const result = await waitForSync(replica.db, entityId)
    if (result === 'attention') return // the drawer shows the server's answer
    notify(
      result === 'synced'
        ? { type: 'success', message: customerId ? t('customers.saved') : t('customers.created') }
        : { type: 'info', message: t('customers.savedOffline') },
    )
    onClose()
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!replica || !form || saving) return
    const v = validateForm(t, form)
    if (!v.ok) return setErrors(v.errors)
    setErrors({})
    setSaving(true)
    try {
      let entityId = id
      if (entityId) await updateCustomer(replica.db, entityId, v.fields)
      else {
        // The live check found the e-mail in another branch: saving adds this branch (spec §8).
        entityId = await createCustomer(replica.db, v.fields, { assignExisting: email.result === 'otherBranch' })
        setCreatedId(entityId)
      }
      await settle(entityId)
    } finally {
      setSaving(false)
    }
  }

  const onAssignExisting = async () => {
    if (!replica || !attention || !id) return
    setSaving(true)
    try {
      await retryEntry(replica.db, attention.seq!, { assignExisting: true })
      await settle(id)
    } finally {
      setSaving(false)
    }
  }

  const otherBranch = attention?.error?.code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH'
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={!customerId ? t('customers.createTitle') : canManage ? t('customers.editTitle') : t('customers.viewTitle')}
      footer={
        <>
          {customerId && <StartKioskButton customerId={customerId} />}
          <Button variant="secondary" onClick={onClose}>
            {tab === 'details' ? t('common.cancel') : t('common.close')}
          </Button>
          {!canManage || tab !== 'details' ? null : otherBranch ? (
            <Button loading={saving} onClick={() => void onAssignExisting()}>
              {t('customers.saveAssign')}
            </Button>
          ) : (
            <Button type="submit" form="customer-form" loading={saving}>
              {t('common.save')}
            </Button>
          )}
        </>
      }
    >
      {customerId && <CustomerTabs value={tab} onChange={setTab} />}
      {id && <CustomerConflicts customerId={id} />}
      {attention && (
        <AttentionBanner entry={attention} onDiscard={() => replica && void discardEntry(replica.db, attention.seq!)} />
      )}
      {!attention && row?._pending === 1 && (
        <p className="mb-6 flex items-center gap-2 rounded-xl bg-canvas p-3 text-sm text-muted">
          <CloudUpload aria-hidden className="size-4" /> {t('customers.pendingNotice')}
        </p>
      )}
      {form && (
        <form id="customer-form" noValidate hidden={tab !== 'details'} onSubmit={(e) => void onSubmit(e)}>
          {/* Read-only for employees without manageCustomers in this branch. */}
          <fieldset disabled={!canManage} className="contents">
            <CustomerFormFields
              form={form}
              errors={shownErrors}
              onChange={(patch) => {
                setForm({ ...form, ...patch })
                // A corrected field loses its old message at once; the rest wait for the next save.
                setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !(k in patch))))
                if ('email' in patch) email.reset()
              }}
              onEmailBlur={() => {
                if (!customerId || form.email.trim().toLowerCase() !== row?.email) void email.check(form.email, id)
              }}
              emailNotice={
                !customerId && email.result === 'otherBranch' ? t('customers.existsInOtherBranch') : undefined
              }
            />
          </fieldset>
        </form>
      )}
      {customerId && row && <CustomerQuestionnaires customer={row} tab={tab} />}
    </Drawer>
  )
}

/** Field errors from a refused entry: e-mail taken, or the server's validation messages. */
function errorsFromEntry(entry: OutboxEntry, t: (k: string) => string): Record<string, string> {
  const err = entry.error
  if (!err) return {}
  if (err.code === 'CUSTOMER_EMAIL_TAKEN') return { email: t('customers.emailTaken') }
  const fields = (err.details as { fields?: { path: string; message: string }[] } | undefined)?.fields ?? []
  return Object.fromEntries(
    fields.map((f) => [f.path.replace(/^changes\./, ''), translateCustomerMessage(t as never, f.message)]),
  )
}

function AttentionBanner({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  const { t } = useTranslation()
  const code = entry.error?.code
  const text =
    code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH'
      ? t('customers.existsInOtherBranch')
      : code === 'CUSTOMER_EMAIL_TAKEN'
        ? t('customers.emailTaken')
        : t('customers.refused', { message: t(`errors.${code}`, { defaultValue: entry.error?.message ?? code }) })
  return (
    <div
      role="alert"
      data-testid="customer-attention"
      className={cx(
        'mb-6 flex flex-col gap-3 rounded-xl border p-4 text-sm',
        // Joining an existing customer is a normal next step, not an error.
        code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH'
          ? 'border-[#ecd6a4] bg-[#fbf1dc] text-[#5c3e07]'
          : 'border-[#eec5c1] bg-[#f8e7e5] text-[#6e2420]',
      )}
    >
      <p className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {text}
      </p>
      <div>
        <Button variant="ghost" onClick={onDiscard}>
          {t('customers.discard')}
        </Button>
      </div>
    </div>
  )
}
