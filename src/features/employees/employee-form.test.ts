import { beforeAll, describe, expect, it } from 'vitest'
import type { Employee } from '../../../contract/employees'
import { i18n, loadLanguage } from '../../i18n'
import { changesOf, checkForm, emptyForm, formFromEmployee, formSignature, newRow } from './employee-form'
import { localEffective } from './effective-permissions'

const A = '0190a000-0000-7000-8000-00000000000a'
const B = '0190a000-0000-7000-8000-00000000000b'
const C = '0190a000-0000-7000-8000-00000000000c'
const RECEPTION = '0190a000-0000-7000-8000-000000000001'
const OWNER = '0190a000-0000-7000-8000-000000000002'

const employee: Employee = {
  id: '0190a000-0000-7000-8000-000000000011',
  organisationId: '0190a000-0000-7000-8000-000000000099',
  firstName: 'Bas',
  lastName: 'Jansen',
  email: 'bas@example.test',
  language: 'nl',
  status: 'active',
  access: [{ salonId: A, roleId: RECEPTION }],
  createdAt: '2026-11-23T08:00:00.000Z',
  version: 3,
}

beforeAll(async () => {
  await loadLanguage('en')
  await i18n.changeLanguage('en')
})

describe('employee form', () => {
  it('employees: without a branch access role the form says the spec message at the field', () => {
    const checked = checkForm(i18n.t, {
      ...emptyForm('nl', null),
      firstName: 'Sanne',
      lastName: 'Bos',
      email: 'sanne@example.test',
    })
    expect(checked.ok).toBe(false)
    if (!checked.ok)
      expect(checked.errors.access).toBe('At least one branch access role has to be selected for an employee.')
  })

  it('employees: a branch without a chosen role asks for a role, at that row', () => {
    const form = { ...emptyForm('en', A), firstName: 'Sanne', lastName: 'Bos', email: 'sanne@example.test' }
    const checked = checkForm(i18n.t, form)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.errors['access.0.roleId']).toBe('Choose a role for this branch.')
  })

  it('employees: the same branch twice is refused at the second row', () => {
    const form = {
      ...emptyForm('en', null),
      firstName: 'Sanne',
      lastName: 'Bos',
      email: 'sanne@example.test',
      access: [newRow(A, RECEPTION), newRow(A, OWNER)],
    }
    const checked = checkForm(i18n.t, form)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.errors['access.1.salonId']).toBe('Choose one role per branch.')
  })

  it('employees: an edit sends only what changed, branch access roles as a whole', () => {
    const form = formFromEmployee(employee)
    const same = checkForm(i18n.t, form)
    expect(same.ok && changesOf(employee, same.data)).toEqual({})
    const moved = checkForm(i18n.t, { ...form, firstName: 'Bastiaan', access: [...form.access, newRow(B, OWNER)] })
    expect(moved.ok && changesOf(employee, moved.data)).toEqual({
      firstName: 'Bastiaan',
      access: [
        { salonId: A, roleId: RECEPTION },
        { salonId: B, roleId: OWNER },
      ],
    })
  })

  it('employees: the dirty check ignores row identities', () => {
    expect(formSignature(formFromEmployee(employee))).toBe(formSignature(formFromEmployee(employee)))
  })
})

describe('effective permissions offline', () => {
  it('employees: per branch the role, plus organisation permissions held anywhere', () => {
    const roles = [
      { id: RECEPTION, name: 'Receptie', permissions: ['readCustomers' as const], employeesCount: 1, version: 1 },
      {
        id: OWNER,
        name: 'Team',
        permissions: ['ownOrganisation' as const, 'manageEmployees' as const],
        employeesCount: 1,
        version: 1,
      },
    ]
    const e = {
      ...employee,
      access: [
        { salonId: A, roleId: RECEPTION },
        { salonId: B, roleId: OWNER },
      ],
    }
    const out = localEffective(e, roles, (id) => (id === A ? 'Amsterdam' : 'Utrecht'), [A, B, C])
    expect(out.organisationPermissions).toEqual(['ownOrganisation'])
    expect(out.branches.map((b) => b.salonId)).toEqual([A, B])
    expect(out.branches[0]).toMatchObject({ salonName: 'Amsterdam', roles: [{ name: 'Receptie' }] })
    expect(out.branches[0].permissions.sort()).toEqual(['ownOrganisation', 'readCustomers'])
    expect(out.branches[1].permissions.sort()).toEqual(['manageEmployees', 'ownOrganisation'])
  })

  it('employees: manageSalons reaches every branch with everything held, as the server reads it', () => {
    const roles = [
      { id: RECEPTION, name: 'Receptie', permissions: ['readCustomers' as const], employeesCount: 1, version: 1 },
      {
        id: OWNER,
        name: 'Beheer',
        permissions: ['manageSalons' as const, 'manageEmployees' as const],
        employeesCount: 1,
        version: 1,
      },
    ]
    const e = {
      ...employee,
      access: [
        { salonId: A, roleId: RECEPTION },
        { salonId: B, roleId: OWNER },
      ],
    }
    const out = localEffective(e, roles, (id) => (id === A ? 'Amsterdam' : 'Utrecht'), [A, B, C])
    expect(out.organisationPermissions).toEqual(['manageSalons'])
    expect(out.branches.map((b) => b.salonId).sort()).toEqual([A, B, C].sort())
    const all = ['manageEmployees', 'manageSalons', 'readCustomers']
    for (const b of out.branches) expect(b.permissions.sort()).toEqual(all)
    expect(out.branches.find((b) => b.salonId === A)).toMatchObject({ roles: [{ name: 'Receptie' }] })
    expect(out.branches.find((b) => b.salonId === C)?.roles).toEqual([])
  })
})

describe('assignable roles', () => {
  it("employees: without managePermissions only roles within one's own permissions in that branch", async () => {
    const { canAssign } = await import('../../../contract/policy')
    const manager = {
      kind: 'employee' as const,
      organisationId: employee.organisationId,
      employeeId: employee.id,
      impersonatedBy: null,
      grants: new Map([[A, new Set(['readCustomers', 'manageCustomers', 'manageEmployees', 'readSalons'] as const)]]),
    }
    expect(canAssign(manager, ['readCustomers', 'manageCustomers'], A)).toBe(true)
    expect(canAssign(manager, ['readCustomers'], B)).toBe(false)
    expect(canAssign(manager, ['readSalons'], B)).toBe(true)
    expect(canAssign(manager, ['managePermissions'], A)).toBe(false)
    const owner = { ...manager, grants: new Map([[A, new Set(['managePermissions'] as const)]]) }
    expect(canAssign(owner, ['ownOrganisation', 'readCustomers'], B)).toBe(true)
  })
})
