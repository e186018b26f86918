import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreateRole, Role, UpdateRole } from '../../../contract/roles'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { employeeSalonRoles, roles } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { nextVersion } from '../../db/versions'
import { audit } from '../audit'
import { touchTeam } from '../employees/team-versions'
import { assertStillInCharge, inCharge, lockOrganisation } from '../employees/in-charge'
import { getRole } from './read'

/*
 * Roles are organisation-level and granted per branch (spec §6). Grants are loaded on every
 * request (server/auth/caller.ts loadGrants), so a change here applies to the next request of
 * every employee holding the role; nothing is cached.
 */

export async function createRole(opts: { db: Db; caller: TenantCaller; input: CreateRole }): Promise<Role> {
  const { db, caller, input } = opts
  authorize(caller, 'roles.manage')
  const id = uuidv7()
  await db.transaction(async (tx) => {
    await tx.insert(roles).values({
      id,
      organisationId: caller.organisationId,
      name: input.name,
      permissions: input.permissions,
      version: await nextVersion(tx, caller.organisationId),
    })
    await audit(tx, {
      organisationId: caller.organisationId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'createRole',
      data: { roleId: id, name: input.name, permissions: input.permissions },
    })
  })
  return getRole({ db, caller, id })
}

/**
 * Rename a role or change its permissions. A permission change is refused (nothing changed) when
 * afterwards nobody active would hold managePermissions (LAST_PERMISSIONS_MANAGER: nobody could
 * edit or assign roles any more) or every organisation permission (LAST_OWNER); see
 * employees/in-charge.ts.
 */
export async function updateRole(opts: { db: Db; caller: TenantCaller; id: string; patch: UpdateRole }): Promise<Role> {
  const { db, caller, id, patch } = opts
  authorize(caller, 'roles.manage')
  const before = await getRole({ db, caller, id })
  // Nothing to change (`{}`): the role as it is, like every other update (issue 21 #10; an empty
  // SET was a 500). Nothing is written, versioned or audited.
  if (patch.name === undefined && patch.permissions === undefined) return before
  const grantsChange = patch.permissions !== undefined
  // Issue 23: a global admin acting as an employee may not change that employee's own rights,
  // neither through the employee's row (employees.update, blockedOnSelf) nor through a role
  // the employee holds.
  if (grantsChange && caller.kind === 'employee' && caller.impersonatedBy)
    if (await holdsRole(db, caller, id)) throw new AppError('IMPERSONATION_FORBIDDEN')
  await db.transaction(async (tx) => {
    // Grant changes of one organisation take turns (the organisation row), so two changes that
    // each leave someone else in charge cannot together leave nobody.
    if (grantsChange) await lockOrganisation(tx, caller.organisationId)
    const charge = grantsChange ? await inCharge(tx, caller.organisationId) : null
    await tx
      .update(roles)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.permissions !== undefined ? { permissions: patch.permissions } : {}),
      })
      .where(tenant(roles, caller, eq(roles.id, id)))
    // New permissions change who sees which employee: every replica re-reads the team.
    if (patch.permissions !== undefined) await touchTeam(tx, caller.organisationId)
    else
      await tx
        .update(roles)
        .set({ version: await nextVersion(tx, caller.organisationId) })
        .where(tenant(roles, caller, eq(roles.id, id)))
    // Only a change that takes the last ones in charge away is refused (the transaction rolls back).
    if (charge) await assertStillInCharge(tx, caller.organisationId, charge)
    await audit(tx, {
      organisationId: caller.organisationId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'updateRole',
      data: {
        roleId: id,
        name: patch.name ?? before.name,
        fields: Object.keys(patch),
        ...(patch.permissions ? { permissions: { before: before.permissions, after: patch.permissions } } : {}),
      },
    })
  })
  return getRole({ db, caller, id })
}

async function holdsRole(db: Db, caller: TenantCaller & { kind: 'employee' }, roleId: string): Promise<boolean> {
  const rows = await db
    .select({ roleId: employeeSalonRoles.roleId })
    .from(employeeSalonRoles)
    .where(
      tenant(
        employeeSalonRoles,
        caller,
        and(eq(employeeSalonRoles.employeeId, caller.employeeId), eq(employeeSalonRoles.roleId, roleId)),
      ),
    )
    .limit(1)
  return rows.length > 0
}
