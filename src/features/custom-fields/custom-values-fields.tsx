import { useTranslation } from 'react-i18next'
import type { CustomField } from '../../../contract/custom-fields'
import { DateField } from '../../ui/date-field'
import { RadioGroup } from '../../ui/choices'
import { SelectField, TextField } from '../../ui/fields'

type Props = {
  fields: readonly CustomField[]
  /** Texts by property name (the customer form's `customValues`). */
  values: Record<string, string>
  /** Messages by `customValues.<property>`. */
  errors: Record<string, string>
  onChange: (propertyName: string, text: string) => void
}

/**
 * The organisation's custom fields in the customer drawer (issue 10), under their own heading,
 * each with the input of its type: text, a number pad for numbers, a date as the date of birth
 * is typed, yes/no, and a choice from the options. Nothing when the organisation has none.
 */
export function CustomValuesFields({ fields, values, errors, onChange }: Props) {
  const { t } = useTranslation()
  if (fields.length === 0) return null
  const label = (f: CustomField) => (f.required ? `${f.displayName} *` : f.displayName)
  return (
    <section className="flex flex-col gap-4" data-testid="customer-custom-fields">
      <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{t('custom-fields.section')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const value = values[f.propertyName] ?? ''
          const error = errors[`customValues.${f.propertyName}`]
          const name = `customValues.${f.propertyName}`
          switch (f.type) {
            case 'date':
              return (
                <DateField
                  key={f.id}
                  label={label(f)}
                  name={name}
                  value={value}
                  error={error}
                  onChange={(text) => onChange(f.propertyName, text)}
                />
              )
            case 'boolean':
              // Two or three chips: a whole row, so they never wrap beside a text field.
              return (
                <div key={f.id} className="sm:col-span-2">
                  <RadioGroup
                    label={label(f)}
                    name={name}
                    value={value}
                    error={error}
                    onChange={(v) => onChange(f.propertyName, v)}
                    options={[
                      { value: 'yes', label: t('custom-fields.yes') },
                      { value: 'no', label: t('custom-fields.no') },
                      ...(f.required ? [] : [{ value: '', label: t('custom-fields.notSet') }]),
                    ]}
                  />
                </div>
              )
            case 'option':
              return (
                <SelectField
                  key={f.id}
                  label={label(f)}
                  name={name}
                  value={value}
                  error={error}
                  onChange={(e) => onChange(f.propertyName, e.target.value)}
                  options={[
                    { value: '', label: f.required ? t('custom-fields.choose') : t('custom-fields.notSet') },
                    // A stored value no longer among the options stays visible until changed.
                    ...(value && !f.options.includes(value) ? [value] : []).map((v) => ({ value: v, label: v })),
                    ...f.options.map((o) => ({ value: o, label: o })),
                  ]}
                />
              )
            default:
              return (
                <TextField
                  key={f.id}
                  label={label(f)}
                  name={name}
                  value={value}
                  error={error}
                  autoComplete="off"
                  inputMode={f.type === 'number' ? 'decimal' : undefined}
                  maxLength={2000}
                  onChange={(e) => onChange(f.propertyName, e.target.value)}
                />
              )
          }
        })}
      </div>
    </section>
  )
}
