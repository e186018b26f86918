import { describe, expect, it } from 'vitest'
import type { Permission } from './permissions'
import { ACTIONS, allows, branchesFor, type Caller, POLICY, type Rule } from './policy'

const A = 'a0000000-0000-4000-8000-000000000001'
const B = 'b0000000-0000-4000-8000-000000000002'
const employee = (grants: Record<string, Permission[]>): Caller => ({
  kind: 'employee',
  organisationId: 'o',
  employeeId: 'e',
  impersonatedBy: null,
  grants: new Map(Object.entries(grants).map(([k, v]) => [k, new Set(v)])),
})

describe('policy table', () => {
  it('branch rules hold only in the branch they were granted in', () => {
    const receptionist = employee({ [A]: ['readCustomers', 'manageCustomers'] })
    expect(allows(receptionist, 'customers.manage', A)).toBe(true)
    expect(allows(receptionist, 'customers.manage', B)).toBe(false)
    expect(allows(receptionist, 'customers.manage')).toBe(true)
    expect(allows(receptionist, 'questionnaires.read', A)).toBe(false)
    expect(allows(receptionist, 'dashboard.read')).toBe(false)
    expect(allows(receptionist, 'salons.readAll')).toBe(false)
    expect(branchesFor(receptionist, 'customers.read')).toEqual([A])
  })

  it('a rule of several groups needs all of them in the same branch', () => {
    const split = employee({ [A]: ['readCustomers'], [B]: ['readQuestionnaires'] })
    expect(allows(split, 'kiosk.use', A)).toBe(false)
    expect(allows(split, 'kiosk.use')).toBe(false)
    expect(allows(employee({ [A]: ['readCustomers', 'readQuestionnaires'] }), 'kiosk.use', A)).toBe(true)
  })

  it('organisation-level permissions count everywhere', () => {
    const owner = employee({ [A]: ['ownOrganisation', 'readSalons'] })
    expect(allows(owner, 'organisation.manage')).toBe(true)
    expect(allows(owner, 'salons.readAll', B)).toBe(true)
  })

  it('customers act only where the rule says so, in their own branches', () => {
    const customer: Caller = { kind: 'customer', organisationId: 'o', customerId: 'c', salonIds: [A] }
    expect(allows(customer, 'submissions.take', A)).toBe(true)
    expect(allows(customer, 'submissions.take', B)).toBe(false)
    expect(allows(customer, 'customers.read', A)).toBe(false)
  })

  it('global admins do platform actions only (and the reads shared with employees: user manuals), and nobody else does', () => {
    const admin: Caller = { kind: 'globalAdmin', adminId: 'g' }
    const everything = employee({ [A]: [...new Set(Object.values(POLICY).flatMap((r) => r.needs.flat()))] })
    for (const action of ACTIONS) {
      const rule: Rule = POLICY[action]
      expect(allows(admin, action)).toBe(rule.globalAdmin === true || rule.alsoGlobalAdmin === true)
      if (!rule.globalAdmin) expect(allows(everything, action, A)).toBe(true)
    }
    expect(allows(everything, 'platform.manage')).toBe(false)
    // Issue 24: only the user manuals' read is shared between employees and global admins.
    expect(ACTIONS.filter((a) => (POLICY[a] as Rule).alsoGlobalAdmin)).toEqual(['userManuals.read'])
    expect(allows(everything, 'userManuals.read')).toBe(true)
    expect(allows(null, 'customers.read')).toBe(false)
  })
})
