import { and, eq, isNull } from 'drizzle-orm'
import { type Action, allows, type Caller, type EmployeeCaller, permissionFor } from '../../contract/policy'
import type { Permission } from '../../contract/permissions'
import type { DbOrTx } from '../db/client'
import { customers, employeeSalonRoles, roles, salons } from '../db/schema'
import { AppError } from '../errors'
import type { Principal } from './sessions'

/**
 * An employee's grants per branch (roles are granted per branch, spec §6) in one query: every
 * live branch of the organisation with the employee's grants in it, if any. Runs on every staff
 * request, hence a single round trip.
 */
export async function loadGrants(
  db: DbOrTx,
  organisationId: string,
  employeeId: string,
): Promise<Map<string, Set<Permission>>> {
  const rows = await db
    .select({ salonId: salons.id, permissions: roles.permissions })
    .from(salons)
    .leftJoin(
      employeeSalonRoles,
      and(eq(employeeSalonRoles.salonId, salons.id), eq(employeeSalonRoles.employeeId, employeeId)),
    )
    .leftJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
    .where(and(eq(salons.organisationId, organisationId), isNull(salons.deletedAt)))
  const grants = new Map<string, Set<Permission>>()
  for (const r of rows) {
    if (!r.permissions) continue
    const set = grants.get(r.salonId) ?? new Set<Permission>()
    for (const p of r.permissions) set.add(p as Permission)
    grants.set(r.salonId, set)
  }
  // Spec §6: manageSalons means all branches — including branches created after the grant.
  const union = new Set([...grants.values()].flatMap((s) => [...s]))
  if (union.has('manageSalons')) for (const r of rows) grants.set(r.salonId, new Set(union))
  return grants
}

export async function employeeCallerOf(
  db: DbOrTx,
  organisationId: string,
  employeeId: string,
  impersonatedBy: string | null = null,
): Promise<EmployeeCaller> {
  return {
    kind: 'employee',
    organisationId,
    employeeId,
    impersonatedBy,
    grants: await loadGrants(db, organisationId, employeeId),
  }
}

/** The branches a (not removed) customer belongs to; none once removed. */
async function customerSalons(db: DbOrTx, organisationId: string, customerId: string): Promise<string[]> {
  const [row] = await db
    .select({ salonIds: customers.salonIds })
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        eq(customers.id, customerId),
        eq(customers.deleted, false),
        isNull(customers.deletedAt),
      ),
    )
  return row?.salonIds ?? []
}

/**
 * The caller inside the organisation named by the path, from the request's session. Another
 * organisation's id is answered exactly like a missing one (404), so tenants cannot be probed.
 * Fastify-free: routes pass `req.principal`, the sync push its own.
 */
export async function loadCaller(db: DbOrTx, principal: Principal | null | undefined, organisationId: string) {
  if (!principal) throw new AppError('UNAUTHENTICATED')
  if (principal.kind === 'globalAdmin') throw new AppError('FORBIDDEN')
  if (principal.organisationId !== organisationId) throw new AppError('NOT_FOUND')
  if (principal.kind === 'employee')
    return employeeCallerOf(db, organisationId, principal.employeeId, principal.impersonatedBy)
  const caller: Caller = {
    kind: 'customer',
    organisationId,
    customerId: principal.customerId,
    salonIds: await customerSalons(db, organisationId, principal.customerId),
  }
  return caller
}

/**
 * The one permission check of the server: throws unless the policy table lets `caller` do
 * `action` (in `salonId`). A customer outside the branch learns nothing about it: to them the
 * branch does not exist (404), as before.
 */
export function authorize(caller: Caller, action: Action, salonId?: string): void {
  if (allows(caller, action, salonId)) return
  if (caller.kind === 'customer' && salonId !== undefined && !caller.salonIds.includes(salonId))
    throw new AppError('SALON_NOT_FOUND')
  const permission = permissionFor(action)
  throw new AppError('FORBIDDEN', permission ? { permission } : undefined)
}
