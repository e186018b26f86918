import type { CreateRole, Role, UpdateRole } from '../../../contract/roles'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import type { ReplicaDb } from '../../local-db/db'
import { pingSync } from '../../local-db/mutations'
import { refreshEmployee } from '../auth/employee-auth'
import { getSession } from '../auth/session'
import { samePermissions } from './permission-coupling'

/**
 * Roles are written straight to the server (REST), never through the outbox: a security change
 * is decided by the server at once (issue 9), and the next request of every employee holding the
 * role is checked against it. Afterwards:
 * - the answer goes into the replica at once, and a sync is started so the rest of the team
 *   (re-versioned by the server when permissions change) follows;
 * - the signed-in employee's own permissions are read again: they may hold this role themselves,
 *   and the navigation and route guards read the session.
 *
 * An edit sends only what changed: a rename alone leaves the team's versions untouched.
 * Answers undefined when an edit changed nothing.
 */
export async function saveRole(opts: {
  role: Role | null
  input: CreateRole
  db: ReplicaDb | undefined
}): Promise<Role | undefined> {
  const { role, input, db } = opts
  const session = getSession('employee')
  if (!session) throw new Error('not signed in')
  const org = session.employee.organisationId
  let saved: Role
  if (!role) {
    saved = await apiCall(API.roles.create, { params: { org }, body: input })
  } else {
    const patch = rolePatch(role, input)
    if (!patch) return undefined
    saved = await apiCall(API.roles.update, { params: { org, id: role.id }, body: patch })
  }
  if (db) {
    await db.roles.put(saved)
    pingSync(db)
  }
  await refreshEmployee(session)
  return saved
}

/**
 * What an edit changes: the name and/or the permissions (as a set: order and repeats do not
 * count), or null for nothing. Permissions are sent only when they change, because a permission
 * change re-versions the whole team on every replica (server/services/roles/write.ts).
 */
export function rolePatch(role: Pick<Role, 'name' | 'permissions'>, input: CreateRole): UpdateRole | null {
  const patch: UpdateRole = {}
  if (input.name !== role.name) patch.name = input.name
  if (!samePermissions(input.permissions, role.permissions)) patch.permissions = input.permissions
  return Object.keys(patch).length ? patch : null
}
