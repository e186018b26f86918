import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { ORGANISATION_PERMISSIONS, type Permission } from '../../../contract/permissions'
import type { DbOrTx } from '../../db/client'
import { employeeSalonRoles, employees, organisations, roles, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'

/*
 * Somebody stays in charge (issue 9): whatever changes — an employee's roles or status, a role's
 * permissions — the organisation keeps
 *   (a) an ACTIVE employee (signed up or accepted the invitation, not deactivated, not removed)
 *       holding managePermissions, so roles can still be edited and assigned; and
 *   (b) an active employee holding EVERY organisation-level permission, so someone can still run
 *       the organisation (its settings, subscription, branches).
 * Writers call `lockOrganisation` first, take `inCharge` before and after their change in the
 * same transaction, and `assertStillInCharge` refuses (the transaction rolls back, nothing
 * changes) a change that breaks a rule which held before. An organisation that already broke a
 * rule (say, test data) is not blocked from unrelated changes.
 */

export type InCharge = { permissionsManager: boolean; owner: boolean }

/**
 * Changes to who is in charge take turns per organisation, so two changes that each leave
 * someone else in charge cannot together leave nobody (row lock until the transaction ends).
 */
export async function lockOrganisation(tx: DbOrTx, organisationId: string): Promise<void> {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
}

/** Who is in charge now, as this transaction sees it. */
export async function inCharge(tx: DbOrTx, organisationId: string): Promise<InCharge> {
  const rows = await tx
    .select({ employeeId: employees.id, permissions: roles.permissions })
    .from(employees)
    .innerJoin(employeeSalonRoles, eq(employeeSalonRoles.employeeId, employees.id))
    .innerJoin(salons, eq(salons.id, employeeSalonRoles.salonId))
    .innerJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
    .where(
      tenant(
        employees,
        { organisationId },
        and(
          isNull(employees.deletedAt),
          isNull(employees.deactivatedAt),
          isNotNull(employees.passwordHash),
          isNull(salons.deletedAt),
        ),
      ),
    )
  const held = new Map<string, Set<Permission>>()
  for (const r of rows) {
    const set = held.get(r.employeeId) ?? new Set<Permission>()
    for (const p of r.permissions) set.add(p as Permission)
    held.set(r.employeeId, set)
  }
  const all = [...held.values()]
  return {
    permissionsManager: all.some((s) => s.has('managePermissions')),
    owner: all.some((s) => ORGANISATION_PERMISSIONS.every((p) => s.has(p))),
  }
}

/** Refuses the change when it breaks a rule that held before it (LAST_PERMISSIONS_MANAGER first). */
export async function assertStillInCharge(tx: DbOrTx, organisationId: string, before: InCharge): Promise<void> {
  if (!before.permissionsManager && !before.owner) return
  const after = await inCharge(tx, organisationId)
  if (before.permissionsManager && !after.permissionsManager) throw new AppError('LAST_PERMISSIONS_MANAGER')
  if (before.owner && !after.owner) throw new AppError('LAST_OWNER')
}
