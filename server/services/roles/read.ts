import { asc, eq, gt, type SQL, sql } from 'drizzle-orm'
import type { Permission } from '../../../contract/permissions'
import type { Role } from '../../../contract/roles'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { employeeSalonRoles, employees, roles, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'

/** Employees (not removed) holding the role in at least one live branch. */
const employeesCount = sql<number>`(select count(distinct e.id)::int from ${employees} e
  join ${employeeSalonRoles} r on r.employee_id = e.id
  join ${salons} s on s.id = r.salon_id
  where r.role_id = "roles"."id" and e.deleted_at is null and s.deleted_at is null)`

async function select(db: DbOrTx, caller: TenantCaller, where?: SQL): Promise<Role[]> {
  authorize(caller, 'roles.read')
  return query(db, caller, where).orderBy(asc(roles.name), asc(roles.id)).then(toRoles)
}

const query = (db: DbOrTx, caller: TenantCaller, where?: SQL) =>
  db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions, version: roles.version, employeesCount })
    .from(roles)
    .where(tenant(roles, caller, where))
    .$dynamic()

/** Roles changed after `since` in version order (the sync feed; it checks `roles.read` itself). */
export function changedRoles(db: DbOrTx, caller: TenantCaller, since: number, limit: number): Promise<Role[]> {
  return query(db, caller, since === 0 ? undefined : gt(roles.version, since))
    .orderBy(asc(roles.version))
    .limit(limit)
    .then(toRoles)
}

function toRoles(
  rows: { id: string; name: string; permissions: string[]; version: number; employeesCount: number }[],
): Role[] {
  return rows.map((r) => ({
    ...r,
    permissions: r.permissions as Permission[],
    employeesCount: Number(r.employeesCount),
  }))
}

export function listRoles(opts: { db: DbOrTx; caller: TenantCaller }): Promise<Role[]> {
  return select(opts.db, opts.caller)
}

/** One role of the caller's organisation; another organisation's role is not found (404). */
export async function getRole(opts: { db: DbOrTx; caller: TenantCaller; id: string }): Promise<Role> {
  const [row] = await select(opts.db, opts.caller, eq(roles.id, opts.id))
  if (!row) throw new AppError('ROLE_NOT_FOUND')
  return row
}
