import type { TFunction } from 'i18next'
import { type BranchRole, type CreateEmployee, type Employee, ZCreateEmployee } from '../../../contract/employees'
import type { Language } from '../../../contract/enums'
import { sameValues, translateValidation, zodFieldErrors } from '../../ui'

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

/** What the form says, without row identities: the form follows its row when this changes. */
export const formSignature = (f: EmployeeForm) => JSON.stringify(toInput(f))

/** The body the form's values make (ZCreateEmployee's input). */
export const toInput = (f: EmployeeForm) => ({ ...f, access: accessOf(f.access) })

export type Checked = { ok: true; data: CreateEmployee } | { ok: false; errors: Record<string, string> }

/**
 * The drawer's check as one call (what useEntityForm does with the schema and roleChecks):
 * errors keyed by the body's dotted path (`email`, `access.1.roleId`), translated.
 */
export function checkForm(t: TFunction, form: EmployeeForm): Checked {
  const parsed = ZCreateEmployee.safeParse(toInput(form))
  const own = roleChecks(t, form)
  if (parsed.success && !Object.keys(own).length) return { ok: true, data: parsed.data }
  const kept = parsed.success ? {} : zodFieldErrors(parsed.error)
  const errors = Object.fromEntries(Object.entries(kept).map(([path, ref]) => [path, translateValidation(t, ref)]))
  return { ok: false, errors: { ...errors, ...own } }
}

/**
 * What the contract schema cannot say well: an empty role select is "no role chosen", not the
 * schema's "not a valid id". Keyed by the body's dotted path, as the schema's and the server's.
 */
export function roleChecks(t: TFunction, form: EmployeeForm): Record<string, string> {
  const errors: Record<string, string> = {}
  form.access.forEach((row, i) => {
    if (!row.roleId) errors[`access.${i}.roleId`] = t('employees.form.chooseRole')
  })
  return errors
}

/** What changed against the employee as shown: a PUT names only that (access as a whole). */
export function changesOf(before: Employee, data: CreateEmployee): Partial<CreateEmployee> {
  const patch: Partial<CreateEmployee> = {}
  if (data.firstName !== before.firstName) patch.firstName = data.firstName
  if (data.lastName !== before.lastName) patch.lastName = data.lastName
  if (data.email !== before.email) patch.email = data.email
  if (data.language !== before.language) patch.language = data.language
  const shown = before.access.map(({ salonId, roleId }) => ({ salonId, roleId }))
  if (!sameValues(data.access, shown)) patch.access = data.access
  return patch
}
