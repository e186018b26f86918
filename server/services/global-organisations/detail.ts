import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Caller } from '../../../contract/policy'
import type { GlobalEmployee, GlobalOrganisationDetail } from '../../../contract/global-organisations'
import { authorize } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { employeeSalonRoles, employees, organisations, roles, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import { currentEntitlements, usageOf } from '../billing/entitlements'
import { listPayments } from '../billing/read'
import { toSubscription } from '../billing/view'
import { type OrganisationRow, toOrganisation } from '../organisations/find'
import { organisationRow } from './rows'

/** The global admin calling (platform.manage: only they hold it), by id for the audit. */
export function adminIdOf(caller: Caller): string {
  authorize(caller, 'platform.manage')
  if (caller.kind !== 'globalAdmin') throw new AppError('FORBIDDEN')
  return caller.adminId
}

/** The organisation row, deleted ones too (they stay the admin's until the purge). */
export async function organisationById(
  db: DbOrTx,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<OrganisationRow> {
  const q = db.select().from(organisations).where(eq(organisations.id, id))
  const [row] = opts.lock ? await q.for('update') : await q
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND')
  return row
}

/** Everyone of the organisation but the removed, with the names of the roles they hold. */
async function employeesOf(db: DbOrTx, organisationId: string): Promise<GlobalEmployee[]> {
  const rows = await db
    .select()
    .from(employees)
    .where(tenant(employees, { organisationId }, notDeleted(employees)))
    .orderBy(asc(employees.createdAt), asc(employees.id))
  const grants = rows.length
    ? await db
        .selectDistinct({ employeeId: employeeSalonRoles.employeeId, name: roles.name })
        .from(employeeSalonRoles)
        .innerJoin(roles, eq(roles.id, employeeSalonRoles.roleId))
        .where(
          and(
            eq(employeeSalonRoles.organisationId, organisationId),
            inArray(
              employeeSalonRoles.employeeId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : []
  const rolesOf = new Map<string, string[]>()
  for (const g of grants) rolesOf.set(g.employeeId, [...(rolesOf.get(g.employeeId) ?? []), g.name].sort())
  return rows.map((e) => ({
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    language: e.language === 'en' ? 'en' : 'nl',
    roles: rolesOf.get(e.id) ?? [],
    status: e.deactivatedAt ? 'deactivated' : e.passwordHash ? 'active' : 'invited',
  }))
}

/** `GET /global/organisations/{id}`: the organisation as the global admin reads it. */
export async function organisationDetail(db: DbOrTx, id: string, now = new Date()): Promise<GlobalOrganisationDetail> {
  const org = await organisationById(db, id)
  const [row, entitlements, usage, branches, team, payments] = await Promise.all([
    organisationRow(db, id, now),
    currentEntitlements(db, id, now),
    usageOf(db, id),
    db
      .select({ id: salons.id, name: salons.name, createdAt: salons.createdAt })
      .from(salons)
      .where(tenant(salons, { organisationId: id }, notDeleted(salons)))
      .orderBy(asc(salons.createdAt), asc(salons.id)),
    employeesOf(db, id),
    listPayments(db, id),
  ])
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND')
  return {
    organisation: toOrganisation(org),
    status: row.status,
    suspension: org.suspendedAt ? { at: org.suspendedAt.toISOString(), reason: org.suspendedReason ?? '' } : null,
    deletion:
      org.deletedAt && org.purgeAfter
        ? { at: org.deletedAt.toISOString(), purgeAfter: org.purgeAfter.toISOString() }
        : null,
    subscription: entitlements.subscription ? toSubscription(entitlements.subscription, now) : null,
    plan: row.plan,
    usage,
    limits: entitlements.limits,
    lastActivityAt: row.lastActivityAt,
    branches: branches.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    employees: team,
    payments,
  }
}
