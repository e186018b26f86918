import { and, eq } from 'drizzle-orm'
import { employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { employees } from '../../db/schema'

/** Who wrote something, as it is stored with it: the employee's id and name. */
export type Author = { employeeId: string; name: string }

/**
 * The employee acting, named as what they write keeps them: "first last" is copied onto the row
 * (a comment, a skin analysis, a document version, a submission taken in the salon, a consent
 * handed over), so it still reads right after the employee leaves or is renamed. A removed
 * (soft-deleted or deactivated) employee keeps their row, so they are still named.
 *
 * `null` when there is nobody to name: the caller is not an employee (a customer in their area
 * or at the kiosk), or no employee of this organisation has that id (an id of another
 * organisation is never named). The one lookup, with that one answer; what a write without an
 * author means is the caller's rule (comments and skin analyses refuse it: FORBIDDEN).
 */
export async function authorOf(db: DbOrTx, caller: TenantCaller): Promise<Author | null> {
  const employeeId = employeeIdOf(caller)
  if (!employeeId) return null
  const [e] = await db
    .select({ firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.organisationId, caller.organisationId)))
  return e ? { employeeId, name: `${e.firstName} ${e.lastName}`.trim() } : null
}
