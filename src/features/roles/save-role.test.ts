import { describe, expect, it } from 'vitest'
import { ZCreateRole } from '../../../contract/roles'
import { rolePatch } from './save-role'

const role = { name: 'Receptie', permissions: ['readCustomers', 'manageCustomers'] as const }
const input = (name: string, permissions: string[]) => ZCreateRole.parse({ name, permissions })

describe('roles: what an edit sends', () => {
  it('nothing when nothing changed (order of the permissions aside)', () => {
    expect(
      rolePatch(
        { ...role, permissions: [...role.permissions] },
        input('Receptie', ['manageCustomers', 'readCustomers']),
      ),
    ).toBeNull()
  })

  it('a rename alone leaves the permissions out (they would re-version the whole team)', () => {
    expect(
      rolePatch({ ...role, permissions: [...role.permissions] }, input('Balie', ['readCustomers', 'manageCustomers'])),
    ).toEqual({
      name: 'Balie',
    })
  })

  it('changed permissions go as the whole new set', () => {
    expect(rolePatch({ ...role, permissions: [...role.permissions] }, input('Receptie', ['readCustomers']))).toEqual({
      permissions: ['readCustomers'],
    })
  })

  it('a name with surrounding spaces is the same name (the contract trims it)', () => {
    expect(
      rolePatch({ ...role, permissions: [...role.permissions] }, input('  Receptie ', [...role.permissions])),
    ).toBeNull()
  })
})
