import { useEmployeeSession } from '../auth/session'
import { useReplica } from '../sync/sync-provider'

/** Branches where the signed-in employee may create and edit customers (roles are per branch). */
export function useManageableSalonIds(): Set<string> {
  const session = useEmployeeSession()
  return new Set(
    (session?.employee.salons ?? []).filter((s) => s.permissions.includes('manageCustomers')).map((s) => s.salonId),
  )
}

/** May the employee create and edit customers in the branch they work in now? */
export function useCanManageCustomers(): boolean {
  const replica = useReplica()
  const ids = useManageableSalonIds()
  return !!replica && ids.has(replica.salonId)
}
