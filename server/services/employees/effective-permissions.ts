import { inArray } from 'drizzle-orm'
import type { EffectivePermissions } from '../../../contract/employees'
import { ORGANISATION_PERMISSIONS, PERMISSIONS, type Permission } from '../../../contract/permissions'
import { branchesFor } from '../../../contract/policy'
import { asEmployee, authorize, loadGrants, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { roles, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { currentAccess } from './access'
import { employeeRow, viewOf } from './read'

const ORDER = new Map<string, number>(PERMISSIONS.map((p, i) => [p, i]))
const sorted = (set: Iterable<Permission>) => [...set].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!)
const ORG_LEVEL = new Set<Permission>(ORGANISATION_PERMISSIONS)

/**
 * GET /employees/{id}/effectivePermissions ("what can Bas do in Utrecht?"): for every branch the
 * caller may read employees in where the employee may do something, the roles held there and
 * what they add up to — with the same rules the server applies on every request (loadGrants):
 * organisation-level permissions count in every branch, manageSalons reaches every branch.
 * An employee the caller may not see is not found (404).
 */
export async function effectivePermissions(opts: {
  db: DbOrTx
  caller: TenantCaller
  id: string
}): Promise<EffectivePermissions> {
  const { db, id } = opts
  authorize(opts.caller, 'employees.read')
  const caller = asEmployee(opts.caller)
  const row = await employeeRow(db, caller, id)
  if (!row || !(await viewOf(db, caller, [row])).get(row.id)) throw new AppError('EMPLOYEE_NOT_FOUND')

  const grants = await loadGrants(db, caller.organisationId, id)
  const held = new Set([...grants.values()].flatMap((s) => [...s]))
  const organisationPermissions = sorted([...held].filter((p) => ORG_LEVEL.has(p)))
  const readable = branchesFor(caller, 'employees.read').filter((s) => grants.has(s))
  const access = await currentAccess(db, caller.organisationId, id)
  const roleIds = [...new Set(access.map((a) => a.roleId))]
  const [names, roleRows] = await Promise.all([
    readable.length
      ? db
          .select({ id: salons.id, name: salons.name })
          .from(salons)
          .where(tenant(salons, caller, inArray(salons.id, readable)))
      : [],
    roleIds.length
      ? db
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(tenant(roles, caller, inArray(roles.id, roleIds)))
      : [],
  ])
  const salonName = new Map(names.map((s) => [s.id, s.name]))
  const roleName = new Map(roleRows.map((r) => [r.id, r.name]))
  const branches = readable
    .map((salonId) => ({
      salonId,
      salonName: salonName.get(salonId) ?? '',
      roles: access
        .filter((a) => a.salonId === salonId)
        .map((a) => ({ id: a.roleId, name: roleName.get(a.roleId) ?? '' })),
      permissions: sorted(new Set([...(grants.get(salonId) ?? []), ...organisationPermissions])),
    }))
    .sort((a, b) => a.salonName.localeCompare(b.salonName))
  return { employeeId: id, branches, organisationPermissions }
}
