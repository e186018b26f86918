import type { TFunction } from 'i18next'
import { type BranchRole, type CreateEmployee, type Employee, ZCreateEmployee } from '../../../contract/employees'
import type { Language } from '../../../contract/enums'
import { translateValidation, zodFieldErrors } from '../../ui'

/*
 * The employee drawer's form: what is typed, how it is checked (the contract's own schema, so the
 * screen says exactly what the server would) and what a save sends.
 */

/** One branch access role as edited: `key` keeps a row's identity while its branch changes. */
export type AccessRow = { key: string; salonId: string; roleId: string }

export type EmployeeForm = {
  firstName: string
  lastName: string
  email: string
  language: Language
  access: AccessRow[]
}

let rowSeq = 0
export const newRow = (salonId: string, roleId = ''): AccessRow => ({ key: `row-${++rowSeq}`, salonId, roleId })

export const emptyForm = (language: Language, firstSalonId: string | null): EmployeeForm => ({
  firstName: '',
  lastName: '',
  email: '',
  language,
  access: firstSalonId ? [newRow(firstSalonId)] : [],
})

export const formFromEmployee = (e: Employee): EmployeeForm => ({
  firstName: e.firstName,
  lastName: e.lastName,
  email: e.email,
  language: e.language,
  access: e.access.map((a) => newRow(a.salonId, a.roleId)),
})

const accessOf = (rows: AccessRow[]): BranchRole[] => rows.map(({ salonId, roleId }) => ({ salonId, roleId }))

/** The form without row identities: equal when it says the same (dirty check). */
export const formSignature = (f: EmployeeForm) => JSON.stringify({ ...f, access: accessOf(f.access) })

export type Checked = { ok: true; data: CreateEmployee } | { ok: false; errors: Record<string, string> }

/**
 * Checks the form with ZCreateEmployee. Errors are keyed by the body's dotted path (`email`,
 * `access`, `access.1.roleId`), the same paths the server's field errors use, translated at once.
 */
export function checkForm(t: TFunction, form: EmployeeForm): Checked {
  const parsed = ZCreateEmployee.safeParse({ ...form, access: accessOf(form.access) })
  if (parsed.success) return { ok: true, data: parsed.data }
  const errors = translateErrors(t, zodFieldErrors(parsed.error))
  // An empty role select is "no role chosen", not the schema's "not a valid id".
  form.access.forEach((row, i) => {
    if (!row.roleId) errors[`access.${i}.roleId`] = t('employees.form.chooseRole')
  })
  return { ok: false, errors }
}

/** Kept field messages (contract refs, the server's details.fields) in the reader's language. */
export const translateErrors = (t: TFunction, kept: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(kept).map(([path, ref]) => [path, translateValidation(t, ref)]))

/** What changed against the employee as shown: a PUT names only that (access as a whole). */
export function changesOf(before: Employee, data: CreateEmployee): Partial<CreateEmployee> {
  const patch: Partial<CreateEmployee> = {}
  if (data.firstName !== before.firstName) patch.firstName = data.firstName
  if (data.lastName !== before.lastName) patch.lastName = data.lastName
  if (data.email !== before.email) patch.email = data.email
  if (data.language !== before.language) patch.language = data.language
  const shown = before.access.map(({ salonId, roleId }) => ({ salonId, roleId }))
  if (JSON.stringify(data.access) !== JSON.stringify(shown)) patch.access = data.access
  return patch
}
