import { useCallback, useEffect, useState } from 'react'
import type { CustomerActivity } from '../../../contract/questionnaires'
import { API, call } from '../../api/client'
import { getEmployeeToken } from '../auth/session'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'

import type { ActivityPeriod } from '../../../contract/questionnaires/activities'

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
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry
  useEffect(() => {
    if (!replica) return
    if (!online) return setState({ status: 'offline' })
    setState({ status: 'loading' })
    const ctrl = new AbortController()
    call(API.customers.activities, {
      params: { org: replica.orgId },
      query: { customerId, period },
      token: getEmployeeToken(),
      signal: ctrl.signal,
    })
      .then((items) => setState({ status: 'ready', items }))
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error', error })
      })
    return () => ctrl.abort()
  }, [replica, online, customerId, period, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, retry }
}
