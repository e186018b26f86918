import { CloudUpload, UserRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createCustomer, discardEntry, retryEntry, updateCustomer } from '../../local-db/mutations'
import type { LocalCustomer, LocalCustomField } from '../../local-db/types'
import type { CustomerFields } from '../../../contract/customers'
import { Button } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { EntityFormElement, sameValues, useEntityForm } from '../../ui/form'
import { notify } from '../../ui/notifications'
import { z } from 'zod'
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
  const [tab, setTab] = useCustomerTab(open)
  const email = useEmailCheck()
  const canManage = useCan('customers.manage')
  // Issue 10: the organisation's custom fields (replica), shown and read with the form.
  const customFields = useCustomFields()
  const defs = customFields ?? NO_FIELDS
  // The row the form was filled from: edits are what changed on screen, based on what was seen.
  const [shown, setShown] = useState<LocalCustomer | null>(null)
  const [assigning, setAssigning] = useState(false)
  const rowOfId = row && row.id === id ? row : null

  useEffect(() => {
    if (!open) setCreatedId(null)
  }, [open])
  // The form of ONE customer (`formKey`: their id or `new`): a form made for another key is never
  // shown or saved, so opening B after A can never show or write A's values.
  const ready = !!replica && (!customerId || row?.id === customerId)
  const engine = useEntityForm({
    schema: z.custom<CustomerFields>(),
    // useCustomer answers for the id asked only; the check says so where the form is made.
    initial: (): CustomerForm => (rowOfId ? formFromCustomer(rowOfId, defs) : emptyForm(replica?.salonId ?? '')),
    // A customer's row may arrive after the drawer opens: the untouched form then follows it.
    resetKey: open && replica ? formKey : null,
    // A new customer in the drawer: no errors or e-mail advice of the previous one.
    onReset: () => {
      setShown(customerId ? rowOfId : null)
      email.reset()
    },
    // An untouched form follows its row (the server's answer, another tablet's edit): what it shows
    // is the row of the id it is for, never an older copy. Typed changes are never overwritten.
    follow: !!rowOfId,
    readOnly: !canManage,
    validate: (v) => {
      const r = validateForm(t, v, defs, shown?.customValues ?? {})
      return r.ok ? { ok: true, data: r.fields } : r
    },
    submit: async (fields, values) => {
      if (!replica) return
      // The e-mail check decides before anything is written: a customer the server will refuse
      // is never made on this device (offline the replica's own check still applies).
      const changedEmail = !shown || fields.email !== shown.email
      const check = changedEmail ? await email.check(fields.email, id) : null
      if (check?.result === 'taken' || (id && check?.result === 'otherBranch')) return
      let entityId = id
      if (entityId) {
        const after = await updateCustomer(replica.db, entityId, fields, shown ?? undefined)
        setShown(after ?? shown)
      } else {
        // The address exists in another branch: saving adds this branch to them (spec §8).
        entityId = await createCustomer(replica.db, fields, { assignExisting: check?.result === 'otherBranch' })
        setCreatedId(entityId)
        setShown((await replica.db.customers.get(entityId)) ?? null)
      }
      await settle(entityId)
      // What was saved is what the form now starts from (it stays open when the server refused).
      engine.reset(values)
    },
  })
  const form = ready ? engine.values : null
  const saving = engine.isBusy || assigning
  const dirty = engine.isDirty
  // While untouched, the form follows its row, and so does the row it was filled from.
  useEffect(() => {
    if (rowOfId && !dirty && !saving && shown !== rowOfId) setShown(rowOfId)
  }, [rowOfId, dirty, saving, shown])

  const attention = outbox.find((e) => e.status === 'needsAttention')
  const refusedValues = row && attention ? formFromCustomer(row, defs) : null
  // The server's reason sits on its field until that field is changed.
  const serverErrors = Object.fromEntries(
    Object.entries(attention ? errorsFromEntry(attention, t) : {}).filter(
      ([k]) =>
        !form ||
        !refusedValues ||
        !(k in form) ||
        sameValues(form[k as keyof CustomerForm], refusedValues[k as keyof CustomerForm]),
    ),
  )
  const shownErrors = { ...serverErrors, ...engine.messages }
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

  const onAssignExisting = async () => {
    if (!replica || !attention || !id) return
    setAssigning(true)
    try {
      await retryEntry(replica.db, attention.seq!, { assignExisting: true })
      await settle(id)
    } finally {
      setAssigning(false)
    }
  }

  // Discarding goes back to the server's values: in the replica AND in the open form.
  const onDiscard = async () => {
    if (!replica || !attention || !id) return
    await discardEntry(replica.db, attention.seq!)
    email.reset()
    const back = (await replica.db.customers.get(id)) ?? null
    if (!back) return onClose() // a refused new customer: nothing of it is left
    engine.reset(formFromCustomer(back, defs))
    setShown(back)
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
        <EntityFormElement
          form={engine}
          id="customer-form"
          className=""
          data-customer-id={id ?? ''}
          hidden={tab !== 'details'}
        >
          {/* Read-only for employees who may not manage customers in this branch (customers.manage). */}
          <fieldset disabled={!canManage} className="contents">
            <CustomerFormFields
              form={form}
              errors={shownErrors}
              onChange={(patch) => {
                // A corrected field loses its old message at once (the engine checks it again).
                engine.patch(patch)
                if ('email' in patch) email.reset()
              }}
              onEmailBlur={() => {
                if (!shown || form.email.trim().toLowerCase() !== shown.email) void email.check(form.email, id)
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
        </EntityFormElement>
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

const NO_FIELDS: LocalCustomField[] = []
