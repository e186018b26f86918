import { useEmployeeSession } from '../auth/session'
import { useReplica } from '../sync/replica-context'

/** Staff who may take a submission in this branch (the server's TAKE_SUBMISSIONS rule). */
export function useMayTakeSubmissions(): boolean {
  const replica = useReplica()
  const session = useEmployeeSession()
  if (!replica || !session) return false
  const grants: string[] = session.employee.salons.find((s) => s.salonId === replica.salonId)?.permissions ?? []
  return ['readQuestionnaires', 'manageCustomers', 'manageQuestionnaires'].some((p) => grants.includes(p))
}
