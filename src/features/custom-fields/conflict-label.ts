import type { TFunction } from 'i18next'
import { type CustomField, type CustomValue, formatCustomValue } from '../../../contract/custom-fields'

const customProperty = (field: string) => (field.startsWith('customValues.') ? field.slice(13) : null)

/**
 * The name of a clashing field in the customer's conflict log: a custom value's clash
 * (`customValues.<property>`, issue 10) is named by its field's display name, the property name
 * when the field is gone; other fields by their customer field label.
 */
export function conflictFieldLabel(t: TFunction, field: string, customFields: readonly CustomField[]): string {
  const prop = customProperty(field)
  if (prop === null) return t(`customers.fields.${field}`, { defaultValue: field })
  return customFields.find((f) => f.propertyName === prop)?.displayName ?? prop
}

/** A clashing value as text: custom values as the list prints them (yes/no, dd-mm-yyyy). */
export function conflictValue(
  t: TFunction,
  field: string,
  value: unknown,
  customFields: readonly CustomField[],
): unknown {
  const prop = customProperty(field)
  const def = prop === null ? undefined : customFields.find((f) => f.propertyName === prop)
  if (!def || value === null || value === undefined) return value
  return def.type === 'boolean'
    ? value === true
      ? t('custom-fields.yes')
      : value === false
        ? t('custom-fields.no')
        : String(value)
    : formatCustomValue(def, value as CustomValue, 'nl')
}
