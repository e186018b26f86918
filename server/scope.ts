import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { ORGANISATION_PERMISSIONS, type Permission } from '../contract/permissions'
import { AppError } from './errors'

/**
 * What a signed-in employee may do inside one organisation. Built once per request by
 * `requireEmployee` (server/auth/guards.ts) and passed to every service.
 */
export type Scope = {
  organisationId: string
  employeeId: string | null
  /** Permissions per branch (salon id → permissions), from roles granted per branch. */
  salonPermissions: Map<string, Set<Permission>>
  /** For the sync ledger/conflict log: which device sent the change, when known. */
  clientId?: string
}

/**
 * The one tenant filter. Every query on a tenant table goes through it, so a row of another
 * organisation is simply not found (404), never leaked.
 */
export function tenant(
  table: { organisationId: PgColumn },
  scope: { organisationId: string },
  ...more: (SQL | undefined)[]
) {
  return and(eq(table.organisationId, scope.organisationId), ...more) as SQL
}

const ORG_LEVEL = new Set<string>(ORGANISATION_PERMISSIONS)

/**
 * Organisation-level permissions count anywhere; employee permissions count in the branch they
 * were granted in. (manageSalons is expanded to every branch when the scope is built.)
 */
export function can(scope: Scope, permission: Permission, salonId?: string): boolean {
  if (ORG_LEVEL.has(permission) || salonId === undefined)
    return [...scope.salonPermissions.values()].some((p) => p.has(permission))
  return scope.salonPermissions.get(salonId)?.has(permission) ?? false
}

export function assertCan(scope: Scope, permission: Permission, salonId?: string): void {
  if (!can(scope, permission, salonId)) throw new AppError('FORBIDDEN', { permission })
}

/** The branches in which the employee holds `permission`. */
export function salonsWith(scope: Scope, permission: Permission): string[] {
  return [...scope.salonPermissions.entries()].filter(([, p]) => p.has(permission)).map(([id]) => id)
}
