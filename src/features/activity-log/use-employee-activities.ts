import { useCallback, useEffect, useState } from 'react'
import type { EmployeeActivityPage, EmployeeActivityQuery } from '../../../contract/employees'
import { API, call } from '../../api/client'
import { useOnline } from '../app/use-online'
import { getEmployeeToken } from '../auth/session'
import { useReplica } from '../sync/replica-context'

export type ActivityFilter = Pick<EmployeeActivityQuery, 'period' | 'employeeId' | 'type' | 'page'>
type State =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: EmployeeActivityPage }

export const PAGE_SIZE = 25

/**
 * POST /employees/activities with the filter. The log is the server's audit trail (sign-ins,
 * what other tablets sent), never held on this device, so the screen is online only: offline it
 * says so instead. The filter choices of the last answer are kept while the next page loads.
 */
export function useEmployeeActivities(filter: ActivityFilter) {
  const replica = useReplica()
  const online = useOnline()
  const [state, setState] = useState<State>({ status: 'loading' })
  const [choices, setChoices] = useState<Pick<EmployeeActivityPage, 'types' | 'employees'> | null>(null)
  const [attempt, setAttempt] = useState(0)
  const { period, employeeId, type, page } = filter
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry
  useEffect(() => {
    if (!replica) return
    if (!online) return setState({ status: 'offline' })
    setState({ status: 'loading' })
    const ctrl = new AbortController()
    call(API.employees.activities, {
      params: { org: replica.orgId },
      body: { period, employeeId, type, page, pageSize: PAGE_SIZE },
      token: getEmployeeToken(),
      signal: ctrl.signal,
    })
      .then((data) => {
        setState({ status: 'ready', data })
        setChoices({ types: data.types, employees: data.employees })
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error', error })
      })
    return () => ctrl.abort()
  }, [replica, online, period, employeeId, type, page, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, choices, retry }
}
