import { oncePerHandle } from '../db/once-per-handle'
import { and, eq, sql } from 'drizzle-orm'
import type { Permission } from '../../contract/permissions'
import {
  type Action,
  allows,
  type Caller,
  type CustomerCaller,
  type EmployeeCaller,
  permissionFor,
  POLICY,
  type Rule,
} from '../../contract/policy'
import type { DbOrTx } from '../db/client'
import { customers, employeeSalonRoles, roles, salons } from '../db/schema'
import { AppError } from '../errors'
import { notDeleted, tenant } from '../scope'
import { type Access, accessOf } from './access'
import type { Principal } from './sessions'

/** A caller inside one organisation (what every tenant service takes). */
export type TenantCaller = EmployeeCaller | CustomerCaller

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
  return (await loadAccess(db, organisationId, employeeId)).grants
}

/**
 * The query of loadAccess, prepared once per database handle (it runs on every staff request;
 * planning it cost more than running it, issue 25). A transaction builds its own.
 */
const buildAccessQuery = (db: DbOrTx) =>
  db
    .select({ salonId: salons.id, permissions: roles.permissions })
    .from(salons)
    .leftJoin(
      employeeSalonRoles,
      and(eq(employeeSalonRoles.salonId, salons.id), eq(employeeSalonRoles.employeeId, sql.placeholder('employeeId'))),
    )
    .leftJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
    .where(tenant(salons, { organisationId: sql.placeholder('organisationId') }, notDeleted(salons)))
    .prepare('load_access')
const accessQuery = oncePerHandle(buildAccessQuery)

/** The employee's grants and every live branch of the organisation, from the same one query. */
async function loadAccess(db: DbOrTx, organisationId: string, employeeId: string): Promise<Access> {
  return accessOf(await accessQuery(db).execute({ organisationId, employeeId }))
}

export async function employeeCallerOf(
  db: DbOrTx,
  organisationId: string,
  employeeId: string,
  impersonatedBy: string | null = null,
  /** Already read (with the session, sessions.ts): no second round trip. */
  known?: Access,
): Promise<EmployeeCaller> {
  const { grants, branches } = known ?? (await loadAccess(db, organisationId, employeeId))
  return { kind: 'employee', organisationId, employeeId, impersonatedBy, grants, branches }
}

/** The branches a (not removed) customer belongs to; none once removed. */
async function customerSalons(db: DbOrTx, organisationId: string, customerId: string): Promise<string[]> {
  const [row] = await db
    .select({ salonIds: customers.salonIds })
    .from(customers)
    .where(tenant(customers, { organisationId }, eq(customers.id, customerId), notDeleted(customers)))
  return row?.salonIds ?? []
}

/**
 * The caller inside the organisation named by the path, from the request's session. Another
 * organisation's id is answered exactly like a missing one (404), so tenants cannot be probed.
 * Fastify-free: routes pass `req.principal`, the sync push its own.
 */
export async function loadCaller(
  db: DbOrTx,
  principal: Principal | null | undefined,
  organisationId: string,
): Promise<TenantCaller> {
  if (!principal) throw new AppError('UNAUTHENTICATED')
  if (principal.kind === 'globalAdmin') throw new AppError('FORBIDDEN')
  if (principal.organisationId !== organisationId) throw new AppError('ORGANISATION_NOT_FOUND')
  if (principal.kind === 'employee')
    return employeeCallerOf(db, organisationId, principal.employeeId, principal.impersonatedBy, principal.access)
  const caller: CustomerCaller = {
    kind: 'customer',
    organisationId,
    customerId: principal.customerId,
    salonIds: await customerSalons(db, organisationId, principal.customerId),
  }
  return caller
}

/**
 * The caller of a call without an organisation in its path (the icon catalogue, the default
 * message texts, the platform's own calls): a global admin as such, anyone else in their own
 * organisation.
 */
export async function loadOwnCaller(db: DbOrTx, principal: Principal | null | undefined): Promise<Caller> {
  if (!principal) throw new AppError('UNAUTHENTICATED')
  if (principal.kind === 'globalAdmin') return { kind: 'globalAdmin', adminId: principal.adminId }
  return loadCaller(db, principal, principal.organisationId)
}

/**
 * The one permission check of the server: throws unless the policy table lets `caller` do
 * `action` (in `salonId`, which must be a live branch of the caller's organisation). A customer outside the branch of an action customers may do learns
 * nothing about the branch: to them it does not exist (404), as before. Staff-only actions are a
 * plain 403 for a customer.
 */
export function authorize(caller: Caller, action: Action, salonId?: string): void {
  // Issue 21 #11: a branch that is not the organisation's (another organisation's, removed, made
  // up), named in a query or body, is not found, as it is in the path (authorizeInBranch): never
  // a 403 that tells it exists. Every service check with a branch comes through here.
  if (salonId !== undefined && caller.kind === 'employee' && caller.branches && !caller.branches.has(salonId))
    throw new AppError('SALON_NOT_FOUND')
  if (allows(caller, action, salonId)) return
  const rule: Rule = POLICY[action]
  if (caller.kind === 'customer' && rule.customer && salonId !== undefined && !caller.salonIds.includes(salonId))
    throw new AppError('SALON_NOT_FOUND')
  const permission = permissionFor(action)
  throw new AppError('FORBIDDEN', permission ? { permission } : undefined)
}

/** `authorize` for a row that lives in several branches (a customer): any one of them will do. */
export function authorizeInAny(caller: Caller, action: Action, salonIds: readonly string[]): void {
  if (salonIds.some((s) => allows(caller, action, s))) return
  authorize(caller, action, salonIds[0] ?? '')
}

/**
 * `authorize` for an action in the branch named by the path: another organisation's branch, a
 * removed one and a made-up id are a 404 first (tenants cannot be probed), then the policy.
 */
export async function authorizeInBranch(db: DbOrTx, caller: TenantCaller, action: Action, salonId: string) {
  await assertBranch(db, caller, salonId)
  authorize(caller, action, salonId)
}

/** The branch is the caller's organisation's and not removed, else SALON_NOT_FOUND. */
export async function assertBranch(db: DbOrTx, caller: { organisationId: string }, salonId: string) {
  const [row] = await db
    .select({ id: salons.id })
    .from(salons)
    .where(tenant(salons, caller, eq(salons.id, salonId), notDeleted(salons)))
    .limit(1)
  if (!row) throw new AppError('SALON_NOT_FOUND')
}

/** Calls only an employee makes for themselves (their profile, PIN, language): else 403. */
export function asEmployee(caller: Caller): EmployeeCaller {
  if (caller.kind !== 'employee') throw new AppError('FORBIDDEN')
  return caller
}

/** Calls only a signed-in customer makes for themselves (their own profile): else 403. */
export function asCustomer(caller: Caller): CustomerCaller {
  if (caller.kind !== 'customer') throw new AppError('FORBIDDEN')
  return caller
}

/** Who to name in the audit log and on submissions: the employee, or nobody for a customer. */
export const employeeIdOf = (caller: Caller) => (caller.kind === 'employee' ? caller.employeeId : null)
