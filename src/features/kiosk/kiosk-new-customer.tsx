import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { createCustomer } from '../../local-db/mutations'
import { FormDrawer, useEntityForm } from '../../ui'
import type { CustomerFields } from '../../../contract/customers'
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
  const form = useEntityForm({
    schema: z.custom<CustomerFields>(),
    initial: (): CustomerForm => emptyForm(replica?.salonId ?? ''),
    resetKey: open && replica ? 'open' : null,
    onReset: () => email.reset(),
    validate: (v) => {
      const r = validateForm(t, v)
      return r.ok ? { ok: true, data: r.fields } : r
    },
    submit: async (fields) => {
      if (!replica) return
      // Checked again before anything is written: a customer the server will refuse is never made.
      const check = await email.check(fields.email, null)
      if (check.result === 'taken') return
      // Known in another branch (online check): saving adds this branch, as on the customers screen.
      onCreated(await createCustomer(replica.db, fields, { assignExisting: check.result === 'otherBranch' }))
    },
  })
  const errors = form.messages
  const shown = email.result === 'taken' && !errors.email ? { ...errors, email: t('customers.emailTaken') } : errors

  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={t('customers.createTitle')}
      formId="kiosk-customer-form"
      className=""
      submitLabel={t('common.save')}
    >
      {replica && (
        <CustomerFormFields
          form={form.values}
          errors={shown}
          onChange={(patch) => {
            form.patch(patch)
            if ('email' in patch) email.reset()
          }}
          onEmailBlur={() => void email.check(form.values.email, null)}
          emailNotice={email.result === 'otherBranch' ? t('customers.existsInOtherBranch') : undefined}
        />
      )}
    </FormDrawer>
  )
}
