import { useMemo } from 'react'
import { ORGANISATION_PERMISSIONS, type Permission } from '../../../contract/permissions'
import { allows, type EmployeeCaller, employeeCaller } from '../../../contract/policy'
import { useEmployeeSession } from '../auth/session'

const ORG_LEVEL = new Set<Permission>(ORGANISATION_PERMISSIONS)

/**
 * May this caller grant a role with these permissions in this branch? The server's escalation
 * guard (server/services/employees/access.ts `canAssign`, ROLE_NOT_ASSIGNABLE), read here so the
 * role select only offers what the server will accept: with managePermissions any role; without,
 * only roles whose permissions the caller holds there (organisation-level ones: anywhere).
 */
export function canAssign(caller: EmployeeCaller, permissions: readonly Permission[], salonId: string): boolean {
  if (allows(caller, 'roles.manage')) return true
  const here = caller.grants.get(salonId) ?? new Set<Permission>()
  const anywhere = new Set([...caller.grants.values()].flatMap((s) => [...s]))
  return permissions.every((p) => (ORG_LEVEL.has(p) ? anywhere.has(p) : here.has(p)))
}

/** canAssign for the signed-in employee. */
export function useCanAssign(): (permissions: readonly Permission[], salonId: string) => boolean {
  const session = useEmployeeSession()
  return useMemo(() => {
    const caller = session ? employeeCaller(session.employee) : null
    return (permissions, salonId) => !!caller && canAssign(caller, permissions, salonId)
  }, [session])
}
