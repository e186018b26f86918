import { and, eq, inArray } from 'drizzle-orm'
import type { EmployeeMe } from '../../../contract/auth'
import type { Language } from '../../../contract/enums'
import { phoneRegion } from '../../../contract/phone'
import { PERMISSIONS, type Permission } from '../../../contract/permissions'
import type { Caller } from '../../../contract/policy'
import { asEmployee, authorize, loadGrants } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { employees, organisations, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { notDeleted } from '../../scope'

const ORDER = new Map<string, number>(PERMISSIONS.map((p, i) => [p, i]))
const sorted = (set: Iterable<Permission>) => [...set].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!)

/**
 * The one shape of "who is signed in" (EmployeeSession['employee']), used by login, me, language,
 * impersonation and organisation creation, so the client always gets fresh per-branch permissions.
 */
export async function buildEmployeeMe(
  db: DbOrTx,
  opts: { employeeId: string; impersonatedBy?: string | null },
): Promise<EmployeeMe> {
  const [row] = await db
    .select({
      employee: employees,
      orgSlug: organisations.slug,
      orgName: organisations.companyName,
      orgCountry: organisations.country,
      orgConfirmedAt: organisations.emailConfirmedAt,
    })
    .from(employees)
    .innerJoin(organisations, eq(organisations.id, employees.organisationId))
    .where(and(eq(employees.id, opts.employeeId), notDeleted(employees)))
    .limit(1)
  if (!row) throw new AppError('EMPLOYEE_NOT_FOUND')
  const e = row.employee
  const grants = await loadGrants(db, e.organisationId, e.id)
  const ids = [...grants.keys()]
  const names = ids.length
    ? await db.select({ id: salons.id, name: salons.name }).from(salons).where(inArray(salons.id, ids))
    : []
  const nameOf = new Map(names.map((s) => [s.id, s.name]))
  const union = new Set<Permission>()
  const salonAccess = ids
    .map((salonId) => {
      const perms = grants.get(salonId)!
      for (const p of perms) union.add(p)
      return { salonId, salonName: nameOf.get(salonId) ?? '', permissions: sorted(perms) }
    })
    .sort((a, b) => a.salonName.localeCompare(b.salonName))
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    language: e.language as Language,
    organisationId: e.organisationId,
    organisationSlug: row.orgSlug,
    organisationName: row.orgName,
    phoneRegion: phoneRegion(row.orgCountry),
    emailConfirmed: row.orgConfirmedAt !== null,
    permissions: sorted(union),
    salons: salonAccess,
    impersonatedBy: opts.impersonatedBy ?? null,
    // Only the employee's own sessions carry it (this is "me"), and not while impersonated.
    kioskPin: opts.impersonatedBy ? null : (e.kioskPinVerifier ?? null),
  }
}

/** The employee calling, for the calls about their own account (me, language, kiosk PIN). */
export function accountOf(caller: Caller) {
  authorize(caller, 'account.manage')
  const me = asEmployee(caller)
  return { employeeId: me.employeeId, impersonatedBy: me.impersonatedBy }
}

/** GET /employees/me: the signed-in employee with fresh permissions per branch. */
export const getEmployeeMe = (opts: { db: DbOrTx; caller: Caller }) => buildEmployeeMe(opts.db, accountOf(opts.caller))

export async function setEmployeeLanguage(opts: {
  db: DbOrTx
  caller: Caller
  language: Language
}): Promise<EmployeeMe> {
  const me = accountOf(opts.caller)
  await opts.db.update(employees).set({ language: opts.language }).where(eq(employees.id, me.employeeId))
  return buildEmployeeMe(opts.db, me)
}
