import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createCustomer } from '../../local-db/mutations'
import { Button, Drawer, useFieldErrors } from '../../ui'
import { type CustomerForm, emptyForm, validateForm } from '../customers/customer-form'
import { CustomerFormFields } from '../customers/customer-form-fields'
import { useEmailCheck } from '../customers/use-email-check'
import { useReplica } from '../sync/replica-context'

type Props = { open: boolean; onClose: () => void; onCreated: (id: string) => void }

/**
 * A new customer for the hand-over, with the customers' own form and rules. Written to the
 * replica + outbox like the customers screen does, so it works offline; the queued submission
 * follows the create in the same outbox, in order.
 */
export function KioskNewCustomer({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const email = useEmailCheck()
  const [form, setForm] = useState<CustomerForm | null>(null)
  const [errors, setErrors] = useFieldErrors<Record<string, string>>()
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (open && replica) setForm(emptyForm(replica.salonId))
    if (!open) {
      setErrors({})
      email.reset()
    }
  }, [open, replica, email.reset, setErrors])

  const shown = email.result === 'taken' && !errors.email ? { ...errors, email: t('customers.emailTaken') } : errors
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!replica || !form || saving) return
    const v = validateForm(t, form)
    if (!v.ok) return setErrors(v.errors)
    setSaving(true)
    try {
      // Checked again before anything is written: a customer the server will refuse is never made.
      const check = await email.check(v.fields.email, null)
      if (check.result === 'taken') return
      // Known in another branch (online check): saving adds this branch, as on the customers screen.
      onCreated(await createCustomer(replica.db, v.fields, { assignExisting: check.result === 'otherBranch' }))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      dirty={!!form && !!replica && JSON.stringify(form) !== JSON.stringify(emptyForm(replica.salonId))}
      title={t('customers.createTitle')}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="kiosk-customer-form" loading={saving}>
            {t('common.save')}
          </Button>
        </>
      )}
    >
      {form && (
        <form id="kiosk-customer-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <CustomerFormFields
            form={form}
            errors={shown}
            onChange={(patch) => {
              setForm({ ...form, ...patch })
              setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !(k in patch))))
              if ('email' in patch) email.reset()
            }}
            onEmailBlur={() => void email.check(form.email, null)}
            emailNotice={email.result === 'otherBranch' ? t('customers.existsInOtherBranch') : undefined}
          />
        </form>
      )}
    </Drawer>
  )
}
