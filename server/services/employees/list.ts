import { type Employee, type EmployeeStatus, worksInBranch } from '../../../contract/employees'
import { asEmployee, authorize, authorizeInBranch, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { visibleEmployees } from './read'

/** Lower case without diacritics: "Zoë" is found by "zoe", "ZOË" and "zoë". */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * GET /employees: the employees the caller may read (read.ts decides who and which branches),
 * narrowed by a search on name and e-mail, one branch and one status. Teams are small, so the
 * search runs on the visible list itself (diacritics and case ignored, like the customer search).
 */
export async function listEmployees(opts: {
  db: DbOrTx
  caller: TenantCaller
  query: { search?: string; salonId?: string; status?: EmployeeStatus }
}): Promise<Employee[]> {
  const { db, query } = opts
  authorize(opts.caller, 'employees.read')
  const caller = asEmployee(opts.caller)
  // A branch the caller may not read employees in is refused (403), another tenant's is 404.
  if (query.salonId) await authorizeInBranch(db, caller, 'employees.read', query.salonId)
  const terms = fold(query.search ?? '')
    .split(/\s+/)
    .filter(Boolean)
  return (await visibleEmployees(db, caller)).filter((e) => {
    if (query.status && e.status !== query.status) return false
    if (query.salonId && !worksInBranch(e, query.salonId)) return false
    const text = fold(`${e.firstName} ${e.lastName} ${e.email}`)
    return terms.every((t) => text.includes(t))
  })
}
