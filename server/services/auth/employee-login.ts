import { and, eq, isNull } from 'drizzle-orm'
import type { EmployeeSession } from '../../../contract/auth'
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords'
import { createSession } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { employees } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'
import { buildEmployeeMe } from '../employees/me'
import { findOrganisation } from '../organisations/find'

/**
 * Finds the employee by e-mail — inside the named organisation (`/{slug}/admin`) or anywhere
 * (`/admin`; employee e-mails are globally unique). An unknown organisation behaves like an
 * unknown e-mail address so nothing about either leaks.
 */
export async function findEmployeeByEmail(db: Db, email: string, org?: string) {
  let orgId: string | undefined
  if (org !== undefined) {
    const o = await findOrganisation(db, org)
    if (!o) return null
    orgId = o.id
  }
  const [row] = await db
    .select()
    .from(employees)
    .where(
      and(
        eq(employees.email, email),
        isNull(employees.deletedAt),
        orgId ? eq(employees.organisationId, orgId) : undefined,
      ),
    )
    .limit(1)
  return row ?? null
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
  // Verify against a dummy hash when there is no account, so the answer takes as long either way.
  const ok = await verifyPassword(opts.password, employee?.passwordHash ?? (await dummyPasswordHash()))
  if (!employee || !ok) {
    await audit(db, {
      organisationId: employee?.organisationId ?? null,
      actorKind: 'employee',
      actorId: employee?.id ?? null,
      event: 'failedLogin',
      data: { email: opts.email, ip: opts.ip },
    })
    throw new AppError('INVALID_CREDENTIALS')
  }
  const { token, expiresAt } = await createSession(db, {
    kind: 'employee',
    subjectId: employee.id,
    organisationId: employee.organisationId,
    ttlHours: opts.sessionTtlHours,
  })
  await audit(db, {
    organisationId: employee.organisationId,
    actorKind: 'employee',
    actorId: employee.id,
    event: 'login',
    data: { ip: opts.ip },
  })
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    employee: await buildEmployeeMe(db, { employeeId: employee.id }),
  }
}
