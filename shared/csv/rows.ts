import type { ImportRow } from '../../contract/customer-imports'
import { type CustomField, type CustomValueProblem, parseCustomValue } from '../../contract/custom-fields'
import { isIsoDate, parseDateText } from '../../contract/dates'
import { normalisePhone, type PhoneRegion } from '../../contract/phone'
import { zEmail } from '../../contract/validation'
import type { ColumnMapping } from './mapping'

/*
 * The dry run's local part: every data row of the file, mapped and checked with the contract's
 * own parsers (zEmail, contract/phone, contract/dates, parseCustomValue), so what passes here
 * passes the server. Rows are counted, in this order: empty e-mail (skipped, spec §5), the same
 * e-mail again further down the file (case-insensitive; the first one is kept, the spec skips
 * the others), a value that cannot be read (invalid, with the reason), and the rest (candidates,
 * which the server check then splits into "already a customer" and "to create").
 */

export type RowProblem =
  | { field: 'email'; reason: 'email' }
  | { field: 'firstName' | 'lastName'; reason: 'required' | 'tooLong' }
  | { field: 'phoneNumber' | 'alternatePhoneNumber'; reason: 'phone' }
  | { field: 'dateOfBirth'; reason: 'date' }
  | { field: 'address' | 'city' | 'zipCode' | 'notes'; reason: 'tooLong' }
  | { field: `custom:${string}`; reason: CustomValueProblem }

export type RowOutcome =
  | { kind: 'candidate'; row: number; data: ImportRow }
  | { kind: 'empty'; row: number }
  | { kind: 'duplicate'; row: number; email: string; firstRow: number }
  | { kind: 'invalid'; row: number; email: string; problems: { field: string; reason: string; value: string }[] }

export type DryRun = {
  /** Data rows read (the header not counted). */
  rows: number
  candidates: ImportRow[]
  skippedEmpty: number[]
  duplicates: { row: number; email: string; firstRow: number }[]
  invalid: { row: number; email: string; problems: { field: string; reason: string; value: string }[] }[]
}

const MAX = { firstName: 100, lastName: 100, address: 200, city: 100, zipCode: 20, notes: 5000 } as const

const GENDERS: Record<string, 'male' | 'female'> = {
  m: 'male',
  man: 'male',
  male: 'male',
  heer: 'male',
  dhr: 'male',
  mr: 'male',
  v: 'female',
  f: 'female',
  vrouw: 'female',
  female: 'female',
  mevr: 'female',
  mevrouw: 'female',
  mrs: 'female',
  ms: 'female',
}

/** "man", "Vrouw", "Dhr." → the spec's gender; anything else is "undefined" (never an error). */
export function readGender(text: string): 'male' | 'female' | 'undefined' {
  return GENDERS[text.trim().toLowerCase().replace(/\./g, '')] ?? 'undefined'
}

/** A date of birth as typed (dd-mm-yyyy, with - / or .) or ISO. */
export function readDate(text: string): string | null {
  const s = text.trim()
  const typed: unknown = s // isIsoDate narrows; keep `s` a string for the dd-mm-yyyy reading
  if (isIsoDate(typed)) return typed
  const d = parseDateText(s.replace(/[/.]/g, '-'))
  return d.ok ? d.iso : null
}

/** "Anna de Vries" → first "Anna", last "de Vries". */
export function splitFullName(text: string): { firstName: string; lastName: string } {
  const parts = text.trim().split(/\s+/).filter(Boolean)
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') }
}

export function mapRow(
  cells: string[],
  rowNumber: number,
  mapping: ColumnMapping,
  customFields: Pick<CustomField, 'propertyName' | 'type' | 'options' | 'required'>[],
  region: PhoneRegion | undefined,
): Exclude<RowOutcome, { kind: 'duplicate' }> {
  const raw: Record<string, string> = {}
  mapping.forEach((target, i) => {
    if (target) raw[target] = (cells[i] ?? '').replaceAll('\0', '').trim()
  })
  const emailText = raw.email ?? ''
  if (!emailText) return { kind: 'empty', row: rowNumber }
  const problems: { field: string; reason: string; value: string }[] = []
  const email = zEmail.safeParse(emailText)
  if (!email.success) problems.push({ field: 'email', reason: 'email', value: emailText })

  const split = raw.fullName ? splitFullName(raw.fullName) : { firstName: '', lastName: '' }
  const firstName = raw.firstName || split.firstName
  const lastName = raw.lastName || split.lastName
  for (const [field, v] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    if (!v) problems.push({ field, reason: 'required', value: '' })
    else if (v.length > MAX[field]) problems.push({ field, reason: 'tooLong', value: v.slice(0, 40) })
  }
  const phones: Record<'phoneNumber' | 'alternatePhoneNumber', string | null> = {
    phoneNumber: null,
    alternatePhoneNumber: null,
  }
  for (const f of ['phoneNumber', 'alternatePhoneNumber'] as const) {
    const text = raw[f]
    if (!text) continue
    const e164 = normalisePhone(text, region)
    if (e164) phones[f] = e164
    else problems.push({ field: f, reason: 'phone', value: text })
  }
  let dateOfBirth: string | null = null
  if (raw.dateOfBirth) {
    dateOfBirth = readDate(raw.dateOfBirth)
    if (!dateOfBirth) problems.push({ field: 'dateOfBirth', reason: 'date', value: raw.dateOfBirth })
  }
  const texts: Record<'address' | 'city' | 'zipCode' | 'notes', string | null> = {
    address: null,
    city: null,
    zipCode: null,
    notes: null,
  }
  for (const f of ['address', 'city', 'zipCode', 'notes'] as const) {
    const v = raw[f]
    if (!v) continue
    if (v.length > MAX[f]) problems.push({ field: f, reason: 'tooLong', value: v.slice(0, 40) })
    else texts[f] = v
  }
  const customValues: Record<string, string | number | boolean> = {}
  for (const field of customFields) {
    const key = `custom:${field.propertyName}`
    // A required custom field with no column mapped is not the row's fault: it stays empty.
    if (!(key in raw)) continue
    const r = parseCustomValue(field, raw[key])
    if (!r.ok) problems.push({ field: key, reason: r.problem, value: raw[key].slice(0, 40) })
    else if (r.value !== undefined) customValues[field.propertyName] = r.value
  }
  if (problems.length) return { kind: 'invalid', row: rowNumber, email: emailText, problems }
  return {
    kind: 'candidate',
    row: rowNumber,
    data: {
      row: rowNumber,
      email: email.data as string,
      firstName,
      lastName,
      dateOfBirth,
      gender: raw.gender ? readGender(raw.gender) : 'undefined',
      ...phones,
      ...texts,
      customValues,
    },
  }
}

/**
 * The dry run over all data rows. Row numbers are the file's record numbers as a spreadsheet
 * shows them: the header is row 1, the first customer row 2.
 */
export function dryRun(
  rows: string[][],
  mapping: ColumnMapping,
  customFields: Pick<CustomField, 'propertyName' | 'type' | 'options' | 'required'>[],
  region: PhoneRegion | undefined,
): DryRun {
  const out: DryRun = { rows: rows.length, candidates: [], skippedEmpty: [], duplicates: [], invalid: [] }
  const emailCol = mapping.indexOf('email')
  const firstSeen = new Map<string, number>()
  rows.forEach((cells, i) => {
    const rowNumber = i + 2
    // Duplicates first (on the e-mail as written, case-insensitively), so a later copy of a
    // customer is "duplicate" even when its other values differ.
    const key = (cells[emailCol] ?? '').trim().toLowerCase()
    if (key) {
      const first = firstSeen.get(key)
      if (first !== undefined) {
        out.duplicates.push({ row: rowNumber, email: key, firstRow: first })
        return
      }
      firstSeen.set(key, rowNumber)
    }
    const r = mapRow(cells, rowNumber, mapping, customFields, region)
    if (r.kind === 'empty') out.skippedEmpty.push(r.row)
    else if (r.kind === 'invalid') out.invalid.push({ row: r.row, email: r.email, problems: r.problems })
    else if (r.kind === 'candidate') out.candidates.push(r.data)
  })
  return out
}
