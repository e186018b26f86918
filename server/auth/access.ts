import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Permission } from '../../contract/permissions'
import { expandGrants } from '../../contract/policy'
import { employeeSalonRoles, roles, salons } from '../db/schema'
import { notDeleted, tenant } from '../scope'

/** An employee's grants per branch, and every live branch of the organisation. */
export type Access = { grants: Map<string, Set<Permission>>; branches: Set<string> }
/** One live branch and the permissions of one of the employee's roles there (none: null). */
export type AccessRow = [salonId: string, permissions: string[] | null]

/**
 * The rows of an employee's access as one JSON value, for a subquery of the session lookup
 * (sessions.ts: the session and the access in one round trip, issue 25). The organisation and
 * employee are columns of the outer query.
 */
export function accessRows(organisationId: PgColumn | SQL, employeeId: PgColumn | SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_array(${salons.id}, ${roles.permissions})), '[]'::json)
    from ${salons}
    left join ${employeeSalonRoles} on ${and(eq(employeeSalonRoles.salonId, salons.id), eq(employeeSalonRoles.employeeId, employeeId))}
    left join ${roles} on ${eq(roles.id, employeeSalonRoles.roleId)}
    where ${tenant(salons, { organisationId }, notDeleted(salons))})`
}

/** The access from its rows (loadAccess in caller.ts reads the same rows on its own). */
export function accessOf(rows: { salonId: string; permissions: string[] | null }[] | AccessRow[]): Access {
  const list = rows.map((r) => (Array.isArray(r) ? { salonId: r[0], permissions: r[1] } : r))
  const perBranch = new Map<string, Set<Permission>>()
  for (const r of list) {
    if (!r.permissions) continue
    const set = perBranch.get(r.salonId) ?? new Set<Permission>()
    for (const p of r.permissions) set.add(p as Permission)
    perBranch.set(r.salonId, set)
  }
  const branches = new Set(list.map((r) => r.salonId))
  // Spec §6: manageSalons means all branches — including branches created after the grant.
  return { grants: expandGrants(perBranch, [...branches]), branches }
}
