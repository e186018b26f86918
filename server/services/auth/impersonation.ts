import { and, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { type EmployeeSession, IMPERSONATION_MINUTES } from '../../../contract/auth'
import type { Language } from '../../../contract/enums'
import type { Caller } from '../../../contract/policy'
import { authorize } from '../../auth/caller'
import { createSession, deleteSession, type Principal } from '../../auth/sessions'
import type { Db, DbOrTx } from '../../db/client'
import { employees, globalAdmins, impersonations, organisations, sessions } from '../../db/schema'
import { AppError } from '../../errors'
import { impersonationEndedMail } from '../../integrations/mail/impersonation-templates'
import type { Mailer } from '../../integrations/mail/mailer'
import { notDeleted } from '../../scope'
import { audit } from '../audit'
import { buildEmployeeMe } from '../employees/me'
import type { SecretKeys } from '../../auth/secret-box'
import { verifySecondFactor } from './second-factor'

/*
 * Issue 23: a global admin acts as an employee. A separate session (never a swap) that names the
 * admin, with a reason, 30 minutes at most (never extended, never past the admin's own session,
 * which ends it with itself), an impersonations row as the trail, start and stop in the
 * organisation's activity log (actor the employee, impersonated_by the admin), and an e-mail to
 * the employee afterwards. What an impersonation may not do is on the endpoint definitions
 * (`impersonation`, enforced by server/http/handle.ts).
 */

/**
 * POST /global/authentication/impersonate: after a fresh second-factor code, a session as an
 * active employee who is not a global admin, from the admin's own (full) session.
 */
export async function impersonateEmployee(opts: {
  db: Db
  caller: Caller
  /** The admin's own session: the impersonation ends with it. */
  principal: Principal
  employeeId: string
  reason: string
  code: string
  /** SECRETS_KEY: opens the admin's TOTP secret (server/auth/secret-box.ts). */
  keys: SecretKeys
}): Promise<EmployeeSession> {
  const { db, caller, principal } = opts
  authorize(caller, 'platform.manage')
  // Only global admins hold platform.manage; the check narrows the type (and no nesting: an
  // impersonation is an employee's session, refused /global/… by handle before this).
  if (caller.kind !== 'globalAdmin' || principal.kind !== 'globalAdmin') throw new AppError('FORBIDDEN')
  const { adminId } = caller
  const [target] = await db
    .select({
      id: employees.id,
      organisationId: employees.organisationId,
      deactivatedAt: employees.deactivatedAt,
      adminEmail: globalAdmins.id,
    })
    .from(employees)
    .leftJoin(globalAdmins, eq(globalAdmins.email, sql`lower(${employees.email})`))
    .where(and(eq(employees.id, opts.employeeId), notDeleted(employees)))
    .limit(1)
  if (!target) throw new AppError('EMPLOYEE_NOT_FOUND')
  // Deactivated: nobody signs in as them, the platform's administrators neither (issue 9).
  if (target.deactivatedAt) throw new AppError('EMPLOYEE_DEACTIVATED')
  // A global admin's own employee account (or a colleague's) is never acted as.
  if (target.adminEmail) throw new AppError('IMPERSONATION_TARGET_FORBIDDEN')
  // Step-up: the code is checked last, so a refused target does not use it up.
  await verifySecondFactor(db, adminId, opts.code, opts.keys)

  const [admin] = await db.select({ name: globalAdmins.name }).from(globalAdmins).where(eq(globalAdmins.id, adminId))
  const expiresAt = new Date(Math.min(Date.now() + IMPERSONATION_MINUTES * 60_000, principal.expiresAt.getTime()))
  const impersonationId = uuidv7()
  const token = await db.transaction(async (tx) => {
    await tx.insert(impersonations).values({
      id: impersonationId,
      adminId,
      employeeId: target.id,
      organisationId: target.organisationId,
      reason: opts.reason,
      expiresAt,
    })
    const session = await createSession(tx, {
      kind: 'employee',
      subjectId: target.id,
      organisationId: target.organisationId,
      impersonatedBy: adminId,
      impersonationId,
      parentSessionId: principal.sessionId,
      ttlHours: 0,
      expiresAt,
    })
    await audit(tx, {
      organisationId: target.organisationId,
      actorKind: 'employee',
      actorId: target.id,
      impersonatedBy: adminId,
      event: 'impersonationStart',
      data: { reason: opts.reason, impersonationId, until: expiresAt.toISOString() },
    })
    return session.token
  })
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    employee: await buildEmployeeMe(db, { employeeId: target.id, impersonatedBy: adminId }),
    impersonation: { adminName: admin?.name ?? '', reason: opts.reason },
  }
}

/** POST /global/authentication/impersonation/stop: the impersonation calling ends now. */
export async function stopImpersonation(opts: { db: Db; mailer: Mailer; principal: Principal }): Promise<void> {
  const { principal } = opts
  if (principal.kind !== 'employee' || !principal.impersonatedBy || !principal.impersonationId)
    throw new AppError('FORBIDDEN')
  await deleteSession(opts.db, principal.sessionId)
  await finishImpersonation(opts.db, opts.mailer, principal.impersonationId)
}

/**
 * Records the end of an impersonation once (the row's `ended_at`; a second caller finds it taken):
 * its session goes, the stop enters the organisation's activity log, and the employee is e-mailed
 * in their language. A mail that cannot be queued is left for the sweep (`notified_at` stays null).
 */
export async function finishImpersonation(db: Db, mailer: Mailer, impersonationId: string, now = new Date()) {
  const [row] = await db
    .update(impersonations)
    .set({ endedAt: now })
    .where(and(eq(impersonations.id, impersonationId), isNull(impersonations.endedAt)))
    .returning()
  if (!row) return
  await db.delete(sessions).where(eq(sessions.impersonationId, row.id))
  // It ended when stopped, or at its end when that came first (expired, found later by the sweep).
  const endedAt = new Date(Math.min(now.getTime(), row.expiresAt.getTime()))
  await audit(db, {
    organisationId: row.organisationId,
    actorKind: 'employee',
    actorId: row.employeeId,
    impersonatedBy: row.adminId,
    event: 'impersonationStop',
    data: { reason: row.reason, impersonationId: row.id, startedAt: row.createdAt.toISOString() },
    happened: { occurredAt: endedAt, receivedAt: now, deviceTime: null },
  })
  try {
    await notifyEmployee(db, mailer, { ...row, endedAt })
  } catch {
    // Left for the sweep: `notified_at` stays null and it tries again.
  }
}

const timeOf = (d: Date, lang: Language) =>
  d.toLocaleString(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Amsterdam',
  })

/** The e-mail to the employee acted as (issue 23): who, why, from when until when. */
async function notifyEmployee(
  db: DbOrTx,
  mailer: Mailer,
  row: typeof impersonations.$inferSelect & { endedAt: Date },
): Promise<void> {
  const [who] = await db
    .select({ employee: employees, adminName: globalAdmins.name, companyName: organisations.companyName })
    .from(employees)
    .innerJoin(organisations, eq(organisations.id, employees.organisationId))
    .leftJoin(globalAdmins, eq(globalAdmins.id, row.adminId))
    .where(eq(employees.id, row.employeeId))
  if (!who) return
  const lang: Language = who.employee.language === 'en' ? 'en' : 'nl'
  await mailer.send({
    organisationId: row.organisationId,
    to: who.employee.email,
    ...impersonationEndedMail(lang, {
      firstName: who.employee.firstName,
      adminName: who.adminName ?? '',
      reason: row.reason,
      from: timeOf(row.createdAt, lang),
      until: timeOf(row.endedAt, lang),
      companyName: who.companyName,
    }),
  })
  await db.update(impersonations).set({ notifiedAt: new Date() }).where(eq(impersonations.id, row.id))
}

/**
 * The sweep (server/jobs/impersonation.ts): every impersonation that is over but was not stopped
 * (its time ran out, or its session ended with the admin's: sign-out, a change to the account) is
 * finished: the stop logged, the employee told. Returns how many.
 */
export async function sweepImpersonations(deps: { db: Db; mailer: Mailer }, now = new Date()): Promise<number> {
  const over = await deps.db
    .select({ id: impersonations.id })
    .from(impersonations)
    .where(
      and(
        isNull(impersonations.endedAt),
        or(
          lte(impersonations.expiresAt, now),
          notExists(
            deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.impersonationId, impersonations.id)),
          ),
        ),
      ),
    )
    .limit(100)
  for (const { id } of over) await finishImpersonation(deps.db, deps.mailer, id, now)
  // Ended, but the e-mail could not be queued then: try again.
  const unsent = await deps.db
    .select()
    .from(impersonations)
    .where(and(isNull(impersonations.notifiedAt), lte(impersonations.endedAt, now)))
    .limit(100)
  for (const row of unsent)
    if (row.endedAt) await notifyEmployee(deps.db, deps.mailer, { ...row, endedAt: row.endedAt }).catch(() => undefined)
  return over.length
}
