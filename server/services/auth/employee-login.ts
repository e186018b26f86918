import { and, eq, isNull } from 'drizzle-orm'
import { notDeleted } from '../../scope'
import type { EmployeeSession } from '../../../contract/auth'
import { signInWithPassword } from '../../auth/credentials'
import type { Db } from '../../db/client'
import { employees, organisations } from '../../db/schema'
import { buildEmployeeMe } from '../employees/me'
import { findOrganisation } from '../organisations/find'

/**
 * Finds the employee by e-mail — inside the named organisation (`/{slug}/admin`) or anywhere
 * (`/admin`; employee e-mails are globally unique). An unknown organisation behaves like an
 * unknown e-mail address so nothing about either leaks. Somebody who cannot sign in (deactivated,
 * or invited without a password yet) is nobody here: the sign-in answers the usual invalid
 * credentials, after the same throttle and password hash check as any unknown address.
 */
export async function findEmployeeByEmail(db: Db, email: string, org?: string) {
  const row = await findLiveEmployee(db, email, org)
  return row?.passwordHash ? { ...row, passwordHash: row.passwordHash } : null
}

/** The employee by e-mail (see above), invited ones included; never a deactivated one. */
export async function findLiveEmployee(db: Db, email: string, org?: string) {
  let orgId: string | undefined
  if (org !== undefined) {
    const o = await findOrganisation(db, org)
    if (!o) return null
    orgId = o.id
  }
  // Issue 23: the employees of an organisation a global admin deleted are nobody here either.
  const [row] = await db
    .select({ employee: employees })
    .from(employees)
    .innerJoin(organisations, eq(organisations.id, employees.organisationId))
    .where(
      and(
        eq(employees.email, email),
        notDeleted(employees),
        isNull(employees.deactivatedAt),
        isNull(organisations.deletedAt),
        orgId ? eq(employees.organisationId, orgId) : undefined,
      ),
    )
    .limit(1)
  return row?.employee ?? null
}

export async function loginEmployee(opts: {
  db: Db
  email: string
  password: string
  org?: string
  ip: string
  sessionTtlHours: number
}): Promise<EmployeeSession> {
  const { db } = opts
  const employee = await findEmployeeByEmail(db, opts.email, opts.org)
  const { token, expiresAt, account } = await signInWithPassword({
    db,
    kind: 'employee',
    account: employee,
    email: opts.email,
    password: opts.password,
    ip: opts.ip,
    ttlHours: opts.sessionTtlHours,
  })
  return { token, expiresAt, employee: await buildEmployeeMe(db, { employeeId: account.id }) }
}
