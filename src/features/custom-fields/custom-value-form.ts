import type { TFunction } from 'i18next'
import {
  type CustomField,
  type CustomValues,
  formatCustomValue,
  parseCustomValue,
} from '../../../contract/custom-fields'
import { sameValues } from '../../ui/form/form-values'

/*
 * Custom values in the customer drawer (issue 10): shown as text the way each input takes it,
 * read back with the contract's one parser (parseCustomValue), as the import and server read them.
 */

/** Stored values → the texts the inputs show (yes/no as 'yes'/'no', dates dd-mm-yyyy). */
export function customValueTexts(fields: readonly CustomField[], values: CustomValues): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of fields) {
    const v = values[f.propertyName]
    out[f.propertyName] =
      f.type === 'boolean' ? (v === true ? 'yes' : v === false ? 'no' : '') : formatCustomValue(f, v, 'nl')
  }
  return out
}

/**
 * Typed texts → the customer's whole map of values. It starts from `kept` (the row as shown), so
 * values of fields deleted meanwhile stay as they are, in their order (an unchanged map is no edit).
 */
export function readCustomValues(
  t: TFunction,
  fields: readonly CustomField[],
  texts: Record<string, string>,
  kept: CustomValues,
): { ok: true; values: CustomValues } | { ok: false; errors: Record<string, string> } {
  const values: CustomValues = { ...kept }
  const errors: Record<string, string> = {}
  for (const f of fields) {
    const text = texts[f.propertyName] ?? ''
    const r = parseCustomValue(f, text)
    if (!r.ok) {
      errors[`customValues.${f.propertyName}`] = t(`custom-fields.problems.${r.problem}`, {
        value: text.trim(),
        options: f.options.join(', '),
      })
    } else if (r.value === undefined) delete values[f.propertyName]
    else if (!sameValues(values[f.propertyName], r.value)) values[f.propertyName] = r.value
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values }
}
