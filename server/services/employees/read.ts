import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { BranchRole, Employee, EmployeeStatus } from '../../../contract/employees'
import type { Language } from '../../../contract/enums'
import { branchesFor, type EmployeeCaller } from '../../../contract/policy'
import type { DbOrTx } from '../../db/client'
import { employeeSalonRoles, employees, salons } from '../../db/schema'
import { tenant } from '../../scope'

/*
 * Who may read which employee (issue 9): an employee is visible to a caller when they hold a
 * role in a branch where the caller may read employees (`employees.read`), and the caller sees
 * only those branches' access roles (nothing of branches they cannot see). The REST list and the
 * sync feed both read through here, so a replica never holds more than REST answers.
 */

/** invited: no password yet; deactivated wins over both. */
export const statusOf = (r: { passwordHash: string | null; deactivatedAt: Date | null }): EmployeeStatus =>
  r.deactivatedAt ? 'deactivated' : r.passwordHash ? 'active' : 'invited'

type EmployeeRow = typeof employees.$inferSelect

/** Every branch access role (live branches only) of these employees. */
export async function accessOf(
  db: DbOrTx,
  organisationId: string,
  employeeIds: string[],
): Promise<Map<string, BranchRole[]>> {
  const out = new Map<string, BranchRole[]>()
  if (employeeIds.length === 0) return out
  const rows = await db
    .select({
      employeeId: employeeSalonRoles.employeeId,
      salonId: employeeSalonRoles.salonId,
      roleId: employeeSalonRoles.roleId,
    })
    .from(employeeSalonRoles)
    .innerJoin(salons, eq(salons.id, employeeSalonRoles.salonId))
    .where(
      tenant(
        employeeSalonRoles,
        { organisationId },
        inArray(employeeSalonRoles.employeeId, employeeIds),
        isNull(salons.deletedAt),
      ),
    )
    .orderBy(asc(employeeSalonRoles.salonId))
  for (const r of rows) {
    const list = out.get(r.employeeId) ?? []
    list.push({ salonId: r.salonId, roleId: r.roleId })
    out.set(r.employeeId, list)
  }
  return out
}

export const toEmployee = (r: EmployeeRow, access: BranchRole[]): Employee => ({
  id: r.id,
  organisationId: r.organisationId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  language: r.language as Language,
  status: statusOf(r),
  access,
  createdAt: r.createdAt.toISOString(),
  version: r.version,
})

/**
 * The caller's view of these employee rows: each with the access roles of the branches the
 * caller may read employees in, or null when that leaves none (not visible to this caller).
 */
export async function viewOf(
  db: DbOrTx,
  caller: EmployeeCaller,
  rows: EmployeeRow[],
): Promise<Map<string, Employee | null>> {
  const readable = new Set(branchesFor(caller, 'employees.read'))
  const access = await accessOf(
    db,
    caller.organisationId,
    rows.map((r) => r.id),
  )
  const out = new Map<string, Employee | null>()
  for (const r of rows) {
    const seen = (access.get(r.id) ?? []).filter((a) => readable.has(a.salonId))
    out.set(r.id, r.deletedAt === null && seen.length > 0 ? toEmployee(r, seen) : null)
  }
  return out
}

/** The employees visible to the caller (not removed), by last name. `where` narrows further. */
export async function visibleEmployees(db: DbOrTx, caller: EmployeeCaller, where?: SQL): Promise<Employee[]> {
  if (branchesFor(caller, 'employees.read').length === 0) return []
  const rows = await db
    .select()
    .from(employees)
    .where(tenant(employees, caller, isNull(employees.deletedAt), where))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
  const view = await viewOf(db, caller, rows)
  return rows.map((r) => view.get(r.id)).filter((e): e is Employee => !!e)
}

/** Holds a role in one of these (live) branches: the visibility rule as SQL. */
const holdsRoleIn = (salonIds: string[]) =>
  sql`exists (select 1 from ${employeeSalonRoles} esr join ${salons} s on s.id = esr.salon_id
    where esr.employee_id = ${employees.id} and s.deleted_at is null and esr.salon_id in ${salonIds})`

/**
 * Employee rows for the sync feed, in version order. From 0 (a fresh replica): only the rows the
 * caller may see, so the page never fills with rows it then drops. Later: every row changed
 * after `since` — the caller's view turns the ones it may not see (any more) into tombstones.
 */
export function changedEmployeeRows(db: DbOrTx, caller: EmployeeCaller, since: number, limit: number) {
  const readable = branchesFor(caller, 'employees.read')
  const where =
    since === 0
      ? and(isNull(employees.deletedAt), readable.length ? holdsRoleIn(readable) : sql`false`)
      : gt(employees.version, since)
  return db
    .select()
    .from(employees)
    .where(tenant(employees, caller, where))
    .orderBy(asc(employees.version))
    .limit(limit)
}

/** One employee of the caller's organisation (any status), or undefined. */
export async function employeeRow(db: DbOrTx, caller: { organisationId: string }, id: string) {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(tenant(employees, caller, isNull(employees.deletedAt)), eq(employees.id, id)))
  return row
}
