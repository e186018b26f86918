import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Permission } from '../../contract/permissions'
import type { DbOrTx } from '../db/client'
import { employeeSalonRoles, roles, salons } from '../db/schema'
import { AppError } from '../errors'
import type { Scope } from '../scope'
import type { Principal } from './sessions'

/** Loads an employee's permissions per branch (roles are granted per branch, spec §6). */
export async function loadScope(db: DbOrTx, organisationId: string, employeeId: string): Promise<Scope> {
  const grants = await db
    .select({ salonId: employeeSalonRoles.salonId, permissions: roles.permissions })
    .from(employeeSalonRoles)
    .innerJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
    .innerJoin(salons, eq(salons.id, employeeSalonRoles.salonId))
    .where(
      and(
        eq(employeeSalonRoles.organisationId, organisationId),
        eq(employeeSalonRoles.employeeId, employeeId),
        isNull(salons.deletedAt),
      ),
    )
  const salonPermissions = new Map<string, Set<Permission>>()
  for (const g of grants) {
    const set = salonPermissions.get(g.salonId) ?? new Set<Permission>()
    for (const p of g.permissions) set.add(p as Permission)
    salonPermissions.set(g.salonId, set)
  }
  // Spec §6: manageSalons means all branches — including branches created after the grant.
  const union = new Set([...salonPermissions.values()].flatMap((s) => [...s]))
  if (union.has('manageSalons')) {
    const all = await db
      .select({ id: salons.id })
      .from(salons)
      .where(and(eq(salons.organisationId, organisationId), isNull(salons.deletedAt)))
    for (const s of all) salonPermissions.set(s.id, new Set(union))
  }
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
