import { useLiveQuery } from 'dexie-react-hooks'
import { type EmployeeStatus, worksInBranch } from '../../../contract/employees'
import type { LocalEmployee, LocalRole } from '../../local-db/types'
import { useReplica } from '../sync/replica-context'
import { useLiveRow } from '../sync/use-live-row'

/*
 * The team from the replica (issue 9: "Staff read the employee list and roles from the replica,
 * offline too"). The feed carries exactly what GET …/employees and …/permissions/roles answer this
 * employee; changes are made online (REST) and arrive here through the next sync.
 */

export type EmployeeFilter = {
  /** Part of the name or e-mail address, any case. */
  search?: string
  /** Only employees holding a role in this branch. */
  salonId?: string
  status?: EmployeeStatus
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** Does the employee match the filter (search by name or e-mail, branch, status)? */
export function matchesEmployee(e: LocalEmployee, f: EmployeeFilter): boolean {
  if (f.salonId && !worksInBranch(e, f.salonId)) return false
  if (f.status && e.status !== f.status) return false
  const words = fold(f.search?.trim() ?? '')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return true
  const text = fold(`${e.firstName} ${e.lastName} ${e.email}`)
  return words.every((w) => text.includes(w))
}

const byName = (a: LocalEmployee, b: LocalEmployee) =>
  a.lastName.localeCompare(b.lastName, 'nl') || a.firstName.localeCompare(b.firstName, 'nl')

/** Employees matching the filter, by last name; undefined while loading or without a replica. */
export function useEmployees(filter: EmployeeFilter = {}): LocalEmployee[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const rows = await replica.db.employees.toArray()
    return rows.filter((e) => matchesEmployee(e, filter)).sort(byName)
  }, [replica, filter.search, filter.salonId, filter.status])
}

/** One employee (null when not in the replica, undefined while loading). */
export function useEmployee(id: string | null | undefined): LocalEmployee | null | undefined {
  const replica = useReplica()
  return useLiveRow(id, async (key) => (replica ? replica.db.employees.get(key) : undefined), [replica])
}

/** The organisation's roles by name; undefined while loading or without a replica. */
export function useRoles(): LocalRole[] | undefined {
  const replica = useReplica()
  return useLiveQuery(
    async () =>
      replica ? (await replica.db.roles.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'nl')) : undefined,
    [replica],
  )
}

/** One role (null when not in the replica, undefined while loading). */
export function useRole(id: string | null | undefined): LocalRole | null | undefined {
  const replica = useReplica()
  return useLiveRow(id, async (key) => (replica ? replica.db.roles.get(key) : undefined), [replica])
}
