import { and, eq, inArray } from 'drizzle-orm'
import type { BranchRole } from '../../../contract/employees'
import type { FieldError } from '../../../contract/errors'
import type { Permission } from '../../../contract/permissions'
import { allows, canAssign, type EmployeeCaller } from '../../../contract/policy'
import type { DbOrTx } from '../../db/client'
import { employeeSalonRoles, roles, salons } from '../../db/schema'
import { AppError, fieldError, validationError } from '../../errors'
import { notDeleted, tenant } from '../../scope'

/*
 * Branch access roles (spec §3, §6) as employees' writes check them: the roles and branches named
 * must be the organisation's own, and — the escalation guard — whoever does not hold
 * managePermissions ("edit organisation roles and assign them to any user") may only grant,
 * change or take away a role whose permissions they hold themselves in that branch.
 */

/** The organisation's roles by id (permissions), for the roles named. */
export async function rolesById(db: DbOrTx, organisationId: string, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({ id: roles.id, permissions: roles.permissions })
        .from(roles)
        .where(tenant(roles, { organisationId }, inArray(roles.id, ids)))
    : []
  return new Map(rows.map((r) => [r.id, r.permissions as Permission[]]))
}

/**
 * Every branch and role of `access` is the organisation's (and the branch not removed); else a
 * 400 at `access.N.salonId` / `access.N.roleId`. Another tenant's id reads exactly like a made-up
 * one. Returns the roles' permissions for the escalation guard.
 */
export async function checkAccessRows(db: DbOrTx, organisationId: string, access: BranchRole[]) {
  const salonIds = [...new Set(access.map((a) => a.salonId))]
  const live = salonIds.length
    ? await db
        .select({ id: salons.id })
        .from(salons)
        .where(tenant(salons, { organisationId }, inArray(salons.id, salonIds), notDeleted(salons)))
    : []
  const branches = new Set(live.map((s) => s.id))
  const known = await rolesById(
    db,
    organisationId,
    access.map((a) => a.roleId),
  )
  const fields: FieldError[] = []
  access.forEach((a, i) => {
    if (!branches.has(a.salonId)) fields.push(fieldError(`access.${i}.salonId`, 'branch'))
    if (!known.has(a.roleId)) fields.push(fieldError(`access.${i}.roleId`, 'role'))
  })
  if (fields.length) throw validationError(fields)
  return known
}

/** Holds managePermissions (an organisation-level permission: held in any branch counts). */
export const managesPermissions = (caller: EmployeeCaller) => allows(caller, 'roles.manage')

/** The escalation guard for a list of (branch, role permissions): ROLE_NOT_ASSIGNABLE. */
export function assertAssignable(
  caller: EmployeeCaller,
  grants: { salonId: string; permissions: readonly Permission[] }[],
): void {
  for (const g of grants) if (!canAssign(caller, g.permissions, g.salonId)) throw new AppError('ROLE_NOT_ASSIGNABLE')
}

/** Every branch access role of one employee (live branches), with the role's permissions. */
export async function currentAccess(db: DbOrTx, organisationId: string, employeeId: string) {
  const rows = await db
    .select({ salonId: employeeSalonRoles.salonId, roleId: employeeSalonRoles.roleId, permissions: roles.permissions })
    .from(employeeSalonRoles)
    .innerJoin(salons, eq(salons.id, employeeSalonRoles.salonId))
    .innerJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
    .where(
      and(
        tenant(employeeSalonRoles, { organisationId }, eq(employeeSalonRoles.employeeId, employeeId)),
        notDeleted(salons),
      ),
    )
  return rows.map((r) => ({ salonId: r.salonId, roleId: r.roleId, permissions: r.permissions as Permission[] }))
}
