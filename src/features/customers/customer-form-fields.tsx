import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckboxList, RadioGroup } from '../../ui/choices'
import { DateField } from '../../ui/date-field'
import { SelectField, TextArea, TextField } from '../../ui/fields'
import { useSalons } from '../branches/use-salons'
import type { CustomerForm } from './customer-form'
import { useBranchesFor } from '../auth/use-can'
import { CustomValuesFields } from '../custom-fields/custom-values-fields'
import { useCustomFields } from '../custom-fields/use-custom-fields'

type Props = {
  form: CustomerForm
  errors: Record<string, string>
  onChange: (patch: Partial<CustomerForm>) => void
  onEmailBlur: () => void
  emailNotice: ReactNode
  /** Shown under the e-mail field, also beside its error (e.g. open the customer who has it). */
  emailAction?: ReactNode
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{title}</h3>
      {children}
    </section>
  )
}

/** Every customer field of spec §3 (ZCustomerFields), grouped for a tablet screen. */
export function CustomerFormFields({ form, errors, onChange, onEmailBlur, emailNotice, emailAction }: Props) {
  const { t } = useTranslation()
  const manageable = useBranchesFor('customers.manage')
  const customFields = useCustomFields() ?? []
  // Only branches where this employee may manage customers (plus those already assigned).
  const salons = (useSalons() ?? []).filter((s) => manageable.has(s.id) || form.salonIds.includes(s.id))
  const text = (name: keyof CustomerForm) => ({
    name,
    value: form[name] as string,
    error: errors[name],
    onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
  })
  const channels = (['email', 'whatsapp'] as const).map((v) => ({ value: v, label: t(`customers.channel.${v}`) }))
  return (
    <div className="flex flex-col gap-7">
      <Section title={t('customers.sections.person')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('customers.fields.firstName')} autoComplete="off" {...text('firstName')} />
          <TextField label={t('customers.fields.lastName')} autoComplete="off" {...text('lastName')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label={t('customers.fields.dateOfBirth')}
            name="dateOfBirth"
            value={form.dateOfBirth}
            error={errors.dateOfBirth}
            onChange={(dateOfBirth) => onChange({ dateOfBirth })}
          />
          <SelectField
            label={t('customers.fields.gender')}
            name="gender"
            value={form.gender}
            onChange={(e) => onChange({ gender: e.target.value as CustomerForm['gender'] })}
            options={(['female', 'male', 'undefined'] as const).map((g) => ({
              value: g,
              label: t(`customers.gender.${g}`),
            }))}
          />
        </div>
      </Section>
      <Section title={t('customers.sections.contact')}>
        <TextField
          label={t('customers.fields.email')}
          type="email"
          autoComplete="off"
          {...text('email')}
          error={errors.email}
          hint={emailNotice}
          onBlur={onEmailBlur}
        />
        {emailAction}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('customers.fields.phoneNumber')}
            type="tel"
            hint={t('customers.fields.phoneHint')}
            {...text('phoneNumber')}
          />
          <TextField label={t('customers.fields.alternatePhoneNumber')} type="tel" {...text('alternatePhoneNumber')} />
        </div>
        <TextField label={t('customers.fields.address')} {...text('address')} />
        <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
          <TextField label={t('customers.fields.zipCode')} {...text('zipCode')} />
          <TextField label={t('customers.fields.city')} {...text('city')} />
        </div>
        <TextArea
          label={t('customers.fields.notes')}
          name="notes"
          value={form.notes}
          error={errors.notes}
          onChange={(e) => onChange({ notes: e.target.value })}
        />
      </Section>
      <Section title={t('customers.sections.salon')}>
        <CheckboxList
          label={t('customers.fields.salonIds')}
          options={salons.map((s) => ({ value: s.id, label: s.name }))}
          value={form.salonIds}
          onChange={(salonIds) => onChange({ salonIds })}
          error={errors.salonIds}
        />
        <RadioGroup
          label={t('customers.fields.defaultMessagingType')}
          name="defaultMessagingType"
          options={channels}
          value={form.defaultMessagingType}
          onChange={(v) => onChange({ defaultMessagingType: v as CustomerForm['defaultMessagingType'] })}
          error={errors.defaultMessagingType}
        />
        <CheckboxList
          label={t('customers.fields.allowedMessagingTypes')}
          options={channels}
          value={form.allowedMessagingTypes}
          onChange={(v) => onChange({ allowedMessagingTypes: v as CustomerForm['allowedMessagingTypes'] })}
          error={errors.allowedMessagingTypes}
        />
      </Section>
      {/* Issue 10: the organisation's own fields, under their own heading. */}
      <CustomValuesFields
        fields={customFields}
        values={form.customValues}
        errors={errors}
        onChange={(prop, text) => onChange({ customValues: { ...form.customValues, [prop]: text } })}
      />
    </div>
  )
}
