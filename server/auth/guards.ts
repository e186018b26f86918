import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Permission } from '../../contract/permissions'
import type { DbOrTx } from '../db/client'
import { employeeSalonRoles, roles, salons } from '../db/schema'
import { AppError } from '../errors'
import type { Scope } from '../scope'
import type { Principal } from './sessions'

/**
 * Loads an employee's permissions per branch (roles are granted per branch, spec §6) in one
 * query: every live branch of the organisation with the employee's grants in it, if any. Runs on
 * every staff request, hence a single round trip.
 */
export async function loadScope(db: DbOrTx, organisationId: string, employeeId: string): Promise<Scope> {
  const rows = await db
    .select({ salonId: salons.id, permissions: roles.permissions })
    .from(salons)
    .leftJoin(
      employeeSalonRoles,
      and(eq(employeeSalonRoles.salonId, salons.id), eq(employeeSalonRoles.employeeId, employeeId)),
    )
    .leftJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
    .where(and(eq(salons.organisationId, organisationId), isNull(salons.deletedAt)))
  const salonPermissions = new Map<string, Set<Permission>>()
  for (const r of rows) {
    if (!r.permissions) continue
    const set = salonPermissions.get(r.salonId) ?? new Set<Permission>()
    for (const p of r.permissions) set.add(p as Permission)
    salonPermissions.set(r.salonId, set)
  }
  // Spec §6: manageSalons means all branches — including branches created after the grant.
  const union = new Set([...salonPermissions.values()].flatMap((s) => [...s]))
  if (union.has('manageSalons')) for (const r of rows) salonPermissions.set(r.salonId, new Set(union))
  return { organisationId, employeeId, salonPermissions }
}

export function requirePrincipal(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
  return req.principal
}

/**
 * The employee's scope in the organisation named by the path. Another organisation's id is
 * answered exactly like a missing one (404), so ids of other tenants cannot be probed.
 */
export async function requireEmployee(req: FastifyRequest, organisationId: string): Promise<Scope> {
  const p = requirePrincipal(req)
  if (p.kind !== 'employee') throw new AppError('FORBIDDEN')
  if (p.organisationId !== organisationId) throw new AppError('NOT_FOUND')
  return loadScope(req.server.db, organisationId, p.employeeId)
}

export function requireCustomer(req: FastifyRequest, organisationId: string) {
  const p = requirePrincipal(req)
  if (p.kind !== 'customer') throw new AppError('FORBIDDEN')
  if (p.organisationId !== organisationId) throw new AppError('NOT_FOUND')
  return p
}

export function requireGlobalAdmin(req: FastifyRequest) {
  const p = requirePrincipal(req)
  if (p.kind !== 'globalAdmin') throw new AppError('FORBIDDEN')
  return p
}
