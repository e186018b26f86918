import { describe, expect, it } from 'vitest'
import { EMPLOYEE_PERMISSIONS, ORGANISATION_PERMISSIONS, PERMISSIONS } from '../../../contract/permissions'
import { allows, type EmployeeCaller } from '../../../contract/policy'
import { inOrder, READ_OF_MANAGE, samePermissions, togglePermission } from './permission-coupling'

describe('roles: permission coupling', () => {
  it('ticking a manage permission ticks its read permission', () => {
    expect(togglePermission([], 'manageCustomers', true)).toEqual(['readCustomers', 'manageCustomers'])
    expect(togglePermission(['readCustomers'], 'manageCustomers', true)).toEqual(['readCustomers', 'manageCustomers'])
    expect(togglePermission([], 'manageSalons', true)).toEqual(['readSalons', 'manageSalons'])
  })

  it('unticking a read permission unticks its manage permission, and nothing else', () => {
    expect(togglePermission(['readCustomers', 'manageCustomers', 'readAdvice'], 'readCustomers', false)).toEqual([
      'readAdvice',
    ])
  })

  it('unticking a manage permission keeps the read permission', () => {
    expect(togglePermission(['readEmployees', 'manageEmployees'], 'manageEmployees', false)).toEqual(['readEmployees'])
  })

  it('permissions without a pair change alone', () => {
    expect(togglePermission([], 'managePermissions', true)).toEqual(['managePermissions'])
    expect(togglePermission(['ownOrganisation', 'manageDocuments'], 'ownOrganisation', false)).toEqual([
      'manageDocuments',
    ])
  })

  it('keeps the spec order and drops repeats', () => {
    expect(inOrder(['manageAdvice', 'ownOrganisation', 'manageAdvice'])).toEqual(['ownOrganisation', 'manageAdvice'])
    expect(togglePermission(['manageAdvice'], 'ownOrganisation', true)).toEqual(['ownOrganisation', 'manageAdvice'])
  })

  it('pairs stay within one group of the spec (organisation-level or per branch)', () => {
    const org = new Set<string>(ORGANISATION_PERMISSIONS)
    const branch = new Set<string>(EMPLOYEE_PERMISSIONS)
    for (const [manage, read] of Object.entries(READ_OF_MANAGE)) {
      expect(org.has(manage) === org.has(read as string) && branch.has(manage) === branch.has(read as string)).toBe(
        true,
      )
    }
  })

  it('the coupling never grants more than the manage permission already allows (policy table)', () => {
    // What a role with only the manage permission may do equals what it may do with the pair.
    const caller = (perms: string[]): EmployeeCaller => ({
      kind: 'employee',
      organisationId: 'o',
      employeeId: 'e',
      grants: new Map([['s', new Set(perms as never[])]]),
      impersonatedBy: null,
    })
    for (const [manage, read] of Object.entries(READ_OF_MANAGE)) {
      const alone = caller([manage])
      const pair = caller([manage, read as string])
      for (const action of [
        'customers.read',
        'employees.read',
        'questionnaires.read',
        'salons.readAll',
        'subscription.read',
      ] as const)
        expect([manage, action, allows(alone, action, 's')]).toEqual([manage, action, allows(pair, action, 's')])
    }
  })

  it('compares permission sets regardless of order', () => {
    expect(samePermissions(['readAdvice', 'manageAdvice'], ['manageAdvice', 'readAdvice'])).toBe(true)
    expect(samePermissions(['readAdvice'], ['readAdvice', 'manageAdvice'])).toBe(false)
    expect(samePermissions([...PERMISSIONS], [...PERMISSIONS].reverse())).toBe(true)
  })
})
