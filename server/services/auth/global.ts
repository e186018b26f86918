import { and, eq } from 'drizzle-orm'
import type { Caller } from '../../../contract/policy'
import { authorize } from '../../auth/caller'
import { notDeleted } from '../../scope'
import type { EmployeeSession, GlobalSession } from '../../../contract/auth'
import { signInWithPassword } from '../../auth/credentials'
import { createSession } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { employees, globalAdmins } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'
import { buildEmployeeMe } from '../employees/me'

export async function loginGlobalAdmin(opts: {
  db: Db
  email: string
  password: string
  ip: string
  sessionTtlHours: number
}): Promise<GlobalSession> {
  const { db } = opts
  const [admin] = await db.select().from(globalAdmins).where(eq(globalAdmins.email, opts.email)).limit(1)
  const { token, expiresAt, account } = await signInWithPassword({
    db,
    kind: 'globalAdmin',
    account: admin ? { ...admin, organisationId: null } : null,
    email: opts.email,
    password: opts.password,
    ip: opts.ip,
    ttlHours: opts.sessionTtlHours,
  })
  return { token, expiresAt, admin: { id: account.id, email: account.email, name: account.name } }
}

/** Spec §6: a global admin can act as an employee; the session remembers who really acts. */
export async function impersonateEmployee(opts: {
  db: Db
  caller: Caller
  employeeId: string
  sessionTtlHours: number
}): Promise<EmployeeSession> {
  const { db, caller } = opts
  authorize(caller, 'platform.manage')
  // Only global admins hold platform.manage; the check narrows the type.
  if (caller.kind !== 'globalAdmin') throw new AppError('FORBIDDEN')
  const { adminId } = caller
  const [employee] = await db
    .select({ id: employees.id, organisationId: employees.organisationId, deactivatedAt: employees.deactivatedAt })
    .from(employees)
    .where(and(eq(employees.id, opts.employeeId), notDeleted(employees)))
    .limit(1)
  if (!employee) throw new AppError('EMPLOYEE_NOT_FOUND')
  // Deactivated: nobody signs in as them, the platform's administrators neither (issue 9).
  if (employee.deactivatedAt) throw new AppError('EMPLOYEE_DEACTIVATED')
  const { token, expiresAt } = await createSession(db, {
    kind: 'employee',
    subjectId: employee.id,
    organisationId: employee.organisationId,
    impersonatedBy: adminId,
    ttlHours: opts.sessionTtlHours,
  })
  await audit(db, {
    organisationId: employee.organisationId,
    actorKind: 'globalAdmin',
    actorId: adminId,
    event: 'login',
    data: { impersonating: employee.id },
  })
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    employee: await buildEmployeeMe(db, { employeeId: employee.id, impersonatedBy: adminId }),
  }
}

/** The global admin with this e-mail, for the sign-in throttle's per-account count (or null). */
export async function findGlobalAdminByEmail(db: Db, email: string) {
  const [admin] = await db.select().from(globalAdmins).where(eq(globalAdmins.email, email)).limit(1)
  return admin ?? null
}
