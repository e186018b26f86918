import { and, eq, isNull } from 'drizzle-orm'
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
  adminId: string
  employeeId: string
  sessionTtlHours: number
}): Promise<EmployeeSession> {
  const { db } = opts
  const [employee] = await db
    .select({ id: employees.id, organisationId: employees.organisationId })
    .from(employees)
    .where(and(eq(employees.id, opts.employeeId), isNull(employees.deletedAt)))
    .limit(1)
  if (!employee) throw new AppError('EMPLOYEE_NOT_FOUND')
  const { token, expiresAt } = await createSession(db, {
    kind: 'employee',
    subjectId: employee.id,
    organisationId: employee.organisationId,
    impersonatedBy: opts.adminId,
    ttlHours: opts.sessionTtlHours,
  })
  await audit(db, {
    organisationId: employee.organisationId,
    actorKind: 'globalAdmin',
    actorId: opts.adminId,
    event: 'login',
    data: { impersonating: employee.id },
  })
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    employee: await buildEmployeeMe(db, { employeeId: employee.id, impersonatedBy: opts.adminId }),
  }
}
