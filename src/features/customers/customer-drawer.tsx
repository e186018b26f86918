import { CloudUpload, UserRound } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createCustomer, discardEntry, retryEntry, updateCustomer } from '../../local-db/mutations'
import type { LocalCustomer, LocalCustomField } from '../../local-db/types'
import { Button, Drawer, notify, useFieldErrors } from '../../ui'
import { StartKioskButton } from '../kiosk/start-kiosk-button'
import { CustomerQuestionnaires } from '../submissions/customer-questionnaires'
import { CustomerAdvicePanel } from '../advice/customer/customer-advice-panel'
import { CustomerTabs, useCustomerTab } from '../submissions/customer-tabs'
import { useReplica } from '../sync/sync-provider'
import { AttentionBanner, errorsFromEntry } from './customer-attention'
import { CustomerConflicts } from './customer-conflicts'
import { type CustomerForm, emptyForm, formFromCustomer, validateForm } from './customer-form'
import { CustomerFormFields } from './customer-form-fields'
import { useCustomer, useCustomerOutbox } from './use-customers'
import { useEmailCheck } from './use-email-check'
import { waitForSync } from './wait-for-sync'
import { CustomerDeleteActions, CustomerDeletedNotice } from '../customer-delete/customer-delete-actions'
import { useCan } from '../auth/use-can'
import { CustomerComments } from '../comments/customer-comments'
import { useCustomFields } from '../custom-fields/use-custom-fields'
import { CustomerCardPanel } from '../customer-card/customer-card-panel'
import { CustomerDocumentsPanel } from '../documents/sending/customer-documents-panel'

type Props = {
  open: boolean
  customerId: string | null
  onClose: () => void
  /** Show another customer in the drawer (the one who already has the typed e-mail address). */
  onOpenCustomer?: (id: string) => void
}

/**
 * The form of ONE customer: `key` says whose it is (`new` before a create). A form made for
 * another key is never shown or saved, so opening B after A can never show or write A's values.
 * `shown` is the row it was filled from: edits are what changed on screen, based on what was seen.
 */
type FormState = { key: string; form: CustomerForm; shown: LocalCustomer | null; baseline: string }

const formState = (key: string, form: CustomerForm, shown: LocalCustomer | null): FormState => ({
  key,
  form,
  shown,
  baseline: JSON.stringify(form),
})

/** Create (customerId null) or edit a customer. Writes go to the replica + outbox, never to fetch. */
export function CustomerDrawer({ open, customerId, onClose, onOpenCustomer }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  // After a create, the drawer keeps working on the new (pending) row: a refusal by the server
  // (e-mail taken) is then fixed in place and re-sent.
  const [createdId, setCreatedId] = useState<string | null>(null)
  const id = customerId ?? createdId
  const row = useCustomer(id)
  const outbox = useCustomerOutbox(id)
  const formKey = customerId ?? 'new'
  const [state, setState] = useState<FormState | null>(null)
  const current = state?.key === formKey ? state : null
  const form = current?.form ?? null
  const [errors, setErrors] = useFieldErrors<Record<string, string>>()
  const [saving, setSaving] = useState(false)
  const [tab, setTab] = useCustomerTab(open)
  const email = useEmailCheck()
  const canManage = useCan('customers.manage')
  // Issue 10: the organisation's custom fields (replica), shown and read with the form.
  const customFields = useCustomFields()
  const defs = customFields ?? NO_FIELDS

  useEffect(() => {
    if (!open) {
      setState(null)
      setCreatedId(null)
      setErrors({})
      email.reset()
    }
  }, [open, email.reset, setErrors])
  // A new customer in the drawer: no errors or e-mail advice of the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the customer shown changes
  useEffect(() => {
    setErrors({})
    email.reset()
  }, [formKey])
  useEffect(() => {
    if (!open || current || !replica) return
    if (!customerId) setState(formState(formKey, emptyForm(replica.salonId), null))
    // useCustomer answers for the id asked only; the check says so where the form is made.
    else if (row && row.id === customerId) setState(formState(formKey, formFromCustomer(row, defs), row))
  }, [open, current, replica, customerId, row, formKey, defs])

  const setForm = (next: CustomerForm) => setState((s) => (s && s.key === formKey ? { ...s, form: next } : s))
  const dirty = !!current && JSON.stringify(current.form) !== current.baseline
  // An untouched form follows its row (the server's answer, another tablet's edit): what it shows
  // is the row of the id it is for, never an older copy. Typed changes are never overwritten.
  useEffect(() => {
    if (!current || dirty || saving || !row || row.id !== id) return
    const next = formFromCustomer(row, defs)
    if (JSON.stringify(next) !== current.baseline) setState(formState(current.key, next, row))
  }, [current, dirty, saving, row, id, defs])

  const attention = outbox.find((e) => e.status === 'needsAttention')
  const refusedValues = row && attention ? formFromCustomer(row, defs) : null
  // The server's reason sits on its field until that field is changed.
  const serverErrors = Object.fromEntries(
    Object.entries(attention ? errorsFromEntry(attention, t) : {}).filter(
      ([k]) =>
        !form ||
        !refusedValues ||
        !(k in form) ||
        same(form[k as keyof CustomerForm], refusedValues[k as keyof CustomerForm]),
    ),
  )
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
    if (!replica || !current || saving) return
    const v = validateForm(t, current.form, defs, current.shown?.customValues ?? {})
    if (!v.ok) return setErrors(v.errors)
    setErrors({})
    setSaving(true)
    try {
      // The e-mail check decides before anything is written: a customer the server will refuse
      // is never made on this device (offline the replica's own check still applies).
      const changedEmail = !current.shown || v.fields.email !== current.shown.email
      const check = changedEmail ? await email.check(v.fields.email, id) : null
      if (check?.result === 'taken' || (id && check?.result === 'otherBranch')) return
      let entityId = id
      if (entityId) {
        const after = await updateCustomer(replica.db, entityId, v.fields, current.shown ?? undefined)
        setState((s) => (s && s.key === formKey ? formState(formKey, s.form, after ?? s.shown) : s))
      } else {
        // The address exists in another branch: saving adds this branch to them (spec §8).
        entityId = await createCustomer(replica.db, v.fields, { assignExisting: check?.result === 'otherBranch' })
        setCreatedId(entityId)
        const created = (await replica.db.customers.get(entityId)) ?? null
        setState((s) => (s && s.key === formKey ? formState(formKey, s.form, created) : s))
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

  // Discarding goes back to the server's values: in the replica AND in the open form.
  const onDiscard = async () => {
    if (!replica || !attention || !id) return
    await discardEntry(replica.db, attention.seq!)
    setErrors({})
    email.reset()
    const back = (await replica.db.customers.get(id)) ?? null
    if (!back) return onClose() // a refused new customer: nothing of it is left
    setState((s) => (s && s.key === formKey ? formState(formKey, formFromCustomer(back, defs), back) : s))
  }

  const otherBranch = attention?.error?.code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH'
  const openExisting = email.result === 'taken' && email.existingId && onOpenCustomer ? email.existingId : null
  return (
    <Drawer
      open={open}
      onClose={onClose}
      // While a save runs nothing is at risk: it lands in the replica (and the outbox) whether or
      // not the drawer stays open, so closing then must not ask to discard what is being saved.
      dirty={dirty && canManage && !saving}
      title={!customerId ? t('customers.createTitle') : canManage ? t('customers.editTitle') : t('customers.viewTitle')}
      footer={(requestClose) => (
        <>
          {customerId && <StartKioskButton customerId={customerId} />}
          <Button variant="secondary" onClick={requestClose}>
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
      )}
    >
      {customerId && <CustomerTabs value={tab} onChange={setTab} />}
      {customerId && row && row.id === customerId && <CustomerDeletedNotice customer={row} />}
      {id && <CustomerConflicts customerId={id} />}
      {attention && <AttentionBanner entry={attention} onDiscard={() => void onDiscard()} />}
      {!attention && row?._pending === 1 && (
        <p className="mb-6 flex items-center gap-2 rounded-xl bg-canvas p-3 text-sm text-muted">
          <CloudUpload aria-hidden className="size-4" /> {t('customers.pendingNotice')}
        </p>
      )}
      {form && (
        <form
          id="customer-form"
          data-customer-id={id ?? ''}
          noValidate
          hidden={tab !== 'details'}
          onSubmit={(e) => void onSubmit(e)}
        >
          {/* Read-only for employees who may not manage customers in this branch (customers.manage). */}
          <fieldset disabled={!canManage} className="contents">
            <CustomerFormFields
              form={form}
              errors={shownErrors}
              onChange={(patch) => {
                setForm({ ...form, ...patch })
                // A corrected field loses its old message at once; the rest wait for the next save.
                setErrors((prev) =>
                  Object.fromEntries(
                    Object.entries(prev).filter(
                      ([k]) =>
                        !(k in patch) &&
                        // A custom value typed again loses its message too (issue 10).
                        !(
                          patch.customValues &&
                          k.startsWith('customValues.') &&
                          patch.customValues[k.slice(13)] !== form.customValues[k.slice(13)]
                        ),
                    ),
                  ),
                )
                if ('email' in patch) email.reset()
              }}
              onEmailBlur={() => {
                if (!current?.shown || form.email.trim().toLowerCase() !== current.shown.email)
                  void email.check(form.email, id)
              }}
              emailNotice={
                !customerId && email.result === 'otherBranch' ? t('customers.existsInOtherBranch') : undefined
              }
              emailAction={
                openExisting && (
                  <div className="-mt-2">
                    <Button variant="secondary" onClick={() => onOpenCustomer?.(openExisting)}>
                      <UserRound aria-hidden className="size-4" /> {t('customers.openExisting')}
                    </Button>
                  </div>
                )
              }
            />
          </fieldset>
        </form>
      )}
      {customerId && row && row.id === customerId && tab === 'details' && (
        // The customer's own choice (their area); read-only here, mails to them follow it.
        <p className="mt-4 text-sm text-muted" data-testid="customer-language-line">
          {t('customer-language.staffLabel')}:{' '}
          {row.language ? t(`common.languages.${row.language}`) : t('customer-language.notChosen')}
        </p>
      )}
      {customerId && row && row.id === customerId && tab === 'card' && <CustomerCardPanel customer={row} />}
      {customerId && row && row.id === customerId && <CustomerQuestionnaires customer={row} tab={tab} />}
      {customerId && row && row.id === customerId && tab === 'details' && <CustomerComments customerId={customerId} />}
      {customerId && tab === 'advice' && (
        <div role="tabpanel" aria-labelledby="customer-tab-advice" data-testid="customer-advice">
          <CustomerAdvicePanel customerId={customerId} />
        </div>
      )}
      {customerId && row && row.id === customerId && tab === 'documents' && (
        <div role="tabpanel" aria-labelledby="customer-tab-documents" data-testid="customer-documents">
          <CustomerDocumentsPanel customer={row} />
        </div>
      )}
      {customerId && row && row.id === customerId && tab === 'details' && (
        <CustomerDeleteActions customer={row} onGone={onClose} />
      )}
    </Drawer>
  )
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const NO_FIELDS: LocalCustomField[] = []
