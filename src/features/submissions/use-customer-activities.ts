import type { CustomerActivity } from '../../../contract/questionnaires'
import type { ActivityPeriod } from '../../../contract/questionnaires/activities'
import { API } from '../../api/client'
import { onlineState, useApiQuery } from '../../api/query'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'

export type { ActivityPeriod }
type State =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; items: CustomerActivity[] }

/**
 * GET /customers/activities for one customer. The activity log is server data (sign-ins and code
 * requests never pass through this device), so it is online only; offline says so instead.
 */
export function useCustomerActivities(customerId: string, period: ActivityPeriod) {
  const replica = useReplica()
  const online = useOnline()
  const q = useApiQuery(
    API.customers.activities,
    replica && online ? { params: { org: replica.orgId }, query: { customerId, period } } : null,
  )
  const s = onlineState(q, online)
  const state: State = s.status === 'ready' ? { status: 'ready', items: s.data } : s
  return { state, retry: () => void q.refetch() }
}
