import { keepPreviousData } from '@tanstack/react-query'
import type { EmployeeActivityQuery } from '../../../contract/employees'
import { API } from '../../api/client'
import { onlineState, useApiQuery } from '../../api/query'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'

export type ActivityFilter = Pick<EmployeeActivityQuery, 'period' | 'employeeId' | 'type' | 'page'>

export const PAGE_SIZE = 25

/**
 * POST /employees/activities with the filter. The log is the server's audit trail (sign-ins,
 * what other tablets sent), never held on this device, so the screen is online only: offline it
 * says so instead. The filter choices of the last answer are kept while the next page loads.
 */
export function useEmployeeActivities(filter: ActivityFilter) {
  const replica = useReplica()
  const online = useOnline()
  const { period, employeeId, type, page } = filter
  const q = useApiQuery(
    API.employees.activities,
    replica && online
      ? { params: { org: replica.orgId }, body: { period, employeeId, type, page, pageSize: PAGE_SIZE } }
      : null,
    // The previous answer stays as the source of the filter choices while the next one loads.
    { placeholderData: keepPreviousData },
  )
  const last = q.data
  const state = onlineState({ ...q, data: q.isPlaceholderData ? undefined : q.data }, online)
  const choices = last ? { types: last.types, employees: last.employees } : null
  return { state, choices, retry: () => void q.refetch() }
}
