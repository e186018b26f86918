import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreateRole, Role, UpdateRole } from '../../../contract/roles'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { organisations, roles } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { nextVersion } from '../../db/versions'
import { audit } from '../audit'
import { touchTeam } from '../employees/team-versions'
import { getRole, holdersOf } from './read'

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
 * Rename a role or change its permissions. Refused (LAST_PERMISSIONS_MANAGER, nothing changed)
 * when afterwards no employee of the organisation would hold managePermissions through a role:
 * nobody could edit roles or assign them any more.
 */
export async function updateRole(opts: { db: Db; caller: TenantCaller; id: string; patch: UpdateRole }): Promise<Role> {
  const { db, caller, id, patch } = opts
  authorize(caller, 'roles.manage')
  const before = await getRole({ db, caller, id })
  const lost =
    before.permissions.includes('managePermissions') && patch.permissions?.includes('managePermissions') === false
  await db.transaction(async (tx) => {
    // Role changes of one organisation take turns, so two changes that each leave someone else
    // in charge cannot together leave nobody.
    if (lost)
      await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, caller.organisationId))
        .for('update')
    const holders = lost ? await holdersOf(tx, caller.organisationId, 'managePermissions') : 0
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
    // Only a change that takes the last holders away is refused (the transaction rolls back).
    if (holders > 0 && (await holdersOf(tx, caller.organisationId, 'managePermissions')) === 0)
      throw new AppError('LAST_PERMISSIONS_MANAGER')
    await audit(tx, {
      organisationId: caller.organisationId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'updateRole',
      data: {
        roleId: id,
        fields: Object.keys(patch),
        ...(patch.permissions ? { permissions: { before: before.permissions, after: patch.permissions } } : {}),
      },
    })
  })
  return getRole({ db, caller, id })
}
