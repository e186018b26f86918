import { useEmployeeSession } from '../auth/session'
import { useReplica } from '../sync/replica-context'

/**
 * May the employee create and edit questionnaires? manageQuestionnaires is granted per branch,
 * and the server checks it in the branch of the request: the one the employee works in now.
 */
export function useCanManageQuestionnaires(): boolean {
  const session = useEmployeeSession()
  const replica = useReplica()
  const salon = session?.employee.salons.find((s) => s.salonId === replica?.salonId)
  return !!salon?.permissions.includes('manageQuestionnaires')
}
