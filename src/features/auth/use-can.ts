import { useCallback, useMemo } from 'react'
import { type Action, allows, branchesFor, employeeCaller, POLICY } from '../../../contract/policy'
import { useCurrentSalonId } from '../shell/current-salon'
import { useReplica } from '../sync/replica-context'
import { useEmployeeSession } from './session'

/**
 * The client's reading of the policy table (contract/policy.ts): the same `allows()` the server's
 * guard asks, on the signed-in employee. Screens, navigation and route guards ask this and never
 * name permissions themselves.
 *
 * Without an explicit branch, a branch-level action is asked in the branch the employee works in
 * now (the replica's; the branch switcher's before the replica is open): that is the branch every
 * request of the screen goes to, so the screen offers exactly what the server will accept.
 */
export function useCanCheck(): (action: Action, salonId?: string) => boolean {
  const session = useEmployeeSession()
  const replica = useReplica()
  const current = useCurrentSalonId()
  const caller = useMemo(() => (session ? employeeCaller(session.employee) : null), [session])
  const here = replica?.salonId ?? current ?? undefined
  return useCallback(
    (action: Action, salonId?: string) =>
      allows(caller, action, salonId ?? (POLICY[action].level === 'branch' ? here : undefined)),
    [caller, here],
  )
}

/** May the signed-in employee do `action` (in `salonId`, else in the branch they work in now)? */
export function useCan(action: Action, salonId?: string): boolean {
  return useCanCheck()(action, salonId)
}

/** The branches in which the signed-in employee may do `action`. */
export function useBranchesFor(action: Action): Set<string> {
  const session = useEmployeeSession()
  return useMemo(() => new Set(session ? branchesFor(employeeCaller(session.employee), action) : []), [session, action])
}
