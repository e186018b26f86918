import { useMemo } from 'react'
import type { Permission } from '../../../contract/permissions'
import { canAssign, employeeCaller } from '../../../contract/policy'
import { useEmployeeSession } from '../auth/session'

/** `canAssign` (contract/policy.ts, the server's escalation guard) for the signed-in employee. */
export function useCanAssign(): (permissions: readonly Permission[], salonId: string) => boolean {
  const session = useEmployeeSession()
  return useMemo(() => {
    const caller = session ? employeeCaller(session.employee) : null
    return (permissions, salonId) => !!caller && canAssign(caller, permissions, salonId)
  }, [session])
}
