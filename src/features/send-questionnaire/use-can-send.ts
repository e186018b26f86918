import { useEmployeeSession } from '../auth/session'
import { useReplica } from '../sync/replica-context'

/** The server's rule for POST …/questionnaires/send: manageCustomers or manageQuestionnaires in this branch. */
export function useCanSendQuestionnaires(): boolean {
  const replica = useReplica()
  const session = useEmployeeSession()
  if (!replica || !session) return false
  const grants = session.employee.salons.find((s) => s.salonId === replica.salonId)?.permissions ?? []
  return ['manageCustomers', 'manageQuestionnaires'].some((p) => grants.includes(p as never))
}
