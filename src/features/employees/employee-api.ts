import type { CreateEmployee, Employee, UpdateEmployee } from '../../../contract/employees'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { pingSync } from '../../local-db/mutations'
import { refreshEmployee } from '../auth/employee-auth'
import { getSession } from '../auth/session'
import type { Replica } from '../sync/replica-context'

/*
 * Employee changes are online only (issue 9: security changes are decided by the server at once),
 * so they go straight to REST, never through the outbox. The server's answer is put into the
 * replica at once (the list shows it without waiting) and the sync worker is woken, so the rest
 * of what the change touched (branch counts, a re-versioned team) follows right away.
 */

function session() {
  const s = getSession('employee')
  if (!s) throw new Error('not signed in')
  return s
}

async function settle(replica: Replica | null, saved: Employee) {
  if (replica) {
    await replica.db.employees.put(saved)
    pingSync(replica.db)
  }
  // A change to one's own roles changes what this screen (and the navigation) may offer.
  const s = getSession('employee')
  if (s && s.employee.id === saved.id) await refreshEmployee(s)
  return saved
}

export async function createEmployee(replica: Replica | null, body: CreateEmployee): Promise<Employee> {
  const s = session()
  const saved = await apiCall(API.employees.create, {
    params: { org: s.employee.organisationId },
    body,
  })
  return settle(replica, saved)
}

/** Details, branch access roles, deactivate/reactivate or a new invitation. */
export async function updateEmployee(replica: Replica | null, id: string, body: UpdateEmployee): Promise<Employee> {
  const s = session()
  const saved = await apiCall(API.employees.update, {
    params: { org: s.employee.organisationId, id },
    body,
  })
  return settle(replica, saved)
}

export async function fetchEffectivePermissions(id: string) {
  const s = session()
  return apiCall(API.employees.effectivePermissions, {
    params: { org: s.employee.organisationId, id },
  })
}
