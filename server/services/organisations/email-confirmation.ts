import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { EmployeeMe } from '../../../contract/auth'
import type { Language } from '../../../contract/enums'
import { LOGIN_CODE_LENGTH } from '../../../contract/validation'
import { asEmployee, type TenantCaller } from '../../auth/caller'
import { newLoginCode, sha256 } from '../../auth/passwords'
import type { Db, DbOrTx } from '../../db/client'
import { employees, organisations, ownerEmailCodes } from '../../db/schema'
import { AppError } from '../../errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { ownerConfirmMail } from '../../integrations/mail/owner-templates'
import { audit, auditEmployee } from '../audit'
import { buildEmployeeMe } from '../employees/me'

/*
 * Issue 21 #16: a new organisation's owner proves their e-mail address with a code mailed at
 * sign-up (and again on request); until then services/organisations/sending-gate.ts keeps the
 * organisation from e-mailing or WhatsApping others. A day to enter it (the owner may read the
 * mail later), single use, burnt after five wrong tries like a customer's login code.
 */
const CODE_HOURS = 24
export const MAX_CONFIRM_ATTEMPTS = 5

// Salted with the employee id, as login codes are with the customer's.
const codeHash = (employeeId: string, code: string) => sha256(`owner:${employeeId}:${code.toUpperCase()}`)

/** Mails a fresh code to the employee (earlier codes stop working). Call after the sign-up committed. */
export async function sendOwnerConfirmation(opts: {
  db: Db
  mailer: Mailer
  publicUrl: string
  employeeId: string
  impersonatedBy?: string | null
}): Promise<void> {
  const { db } = opts
  const [row] = await db
    .select({ employee: employees, org: organisations })
    .from(employees)
    .innerJoin(organisations, eq(organisations.id, employees.organisationId))
    .where(eq(employees.id, opts.employeeId))
  if (!row || row.org.emailConfirmedAt) return
  const { employee, org } = row
  const code = newLoginCode(LOGIN_CODE_LENGTH)
  await db.transaction(async (tx) => {
    await tx
      .update(ownerEmailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(ownerEmailCodes.employeeId, employee.id), isNull(ownerEmailCodes.usedAt)))
    await tx.insert(ownerEmailCodes).values({
      id: uuidv7(),
      organisationId: org.id,
      employeeId: employee.id,
      codeHash: codeHash(employee.id, code),
      expiresAt: new Date(Date.now() + CODE_HOURS * 3600_000),
    })
    await audit(tx, {
      organisationId: org.id,
      actorKind: 'employee',
      actorId: employee.id,
      event: 'ownerEmailConfirmationSent',
      data: opts.impersonatedBy ? { impersonatedBy: opts.impersonatedBy } : null,
    })
  })
  await opts.mailer.send({
    // The owner's own address, not someone the organisation reaches out to: not gated.
    organisationId: org.id,
    to: employee.email,
    ...ownerConfirmMail(employee.language as Language, {
      code,
      firstName: employee.firstName,
      companyName: org.companyName,
      hours: CODE_HOURS,
      link: `${opts.publicUrl.replace(/\/$/, '')}/${org.slug}/admin`,
    }),
  })
}

/** POST …/email-confirmation/resend: a new code to the caller's own address; nothing once confirmed. */
export async function resendOwnerConfirmation(opts: {
  db: Db
  caller: TenantCaller
  mailer: Mailer
  publicUrl: string
}): Promise<{ ok: true }> {
  const me = asEmployee(opts.caller)
  await sendOwnerConfirmation({ ...opts, employeeId: me.employeeId, impersonatedBy: me.impersonatedBy })
  return { ok: true }
}

/**
 * POST …/email-confirmation: the code mailed to the caller's address confirms the organisation.
 * Answers the caller as /employees/me (now `emailConfirmed`); once confirmed, any code answers so.
 */
export async function confirmOwnerEmail(opts: { db: Db; caller: TenantCaller; code: string }): Promise<EmployeeMe> {
  const { db } = opts
  const me = asEmployee(opts.caller)
  const fresh = () => buildEmployeeMe(db, me)
  if (await isConfirmed(db, me.organisationId)) return fresh()
  const [current] = await db
    .select()
    .from(ownerEmailCodes)
    .where(
      and(
        eq(ownerEmailCodes.employeeId, me.employeeId),
        eq(ownerEmailCodes.organisationId, me.organisationId),
        isNull(ownerEmailCodes.usedAt),
        gt(ownerEmailCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(ownerEmailCodes.createdAt))
    .limit(1)
  if (!current) throw new AppError('INVALID_CONFIRMATION_CODE')
  if (current.codeHash !== codeHash(me.employeeId, opts.code)) {
    // Count the miss; the last allowed miss burns the code (a new one must be requested).
    await db
      .update(ownerEmailCodes)
      .set({
        attempts: sql`${ownerEmailCodes.attempts} + 1`,
        usedAt: sql`case when ${ownerEmailCodes.attempts} + 1 >= ${MAX_CONFIRM_ATTEMPTS} then now() else null end`,
      })
      .where(eq(ownerEmailCodes.id, current.id))
    throw new AppError('INVALID_CONFIRMATION_CODE')
  }
  await db.transaction(async (tx) => {
    // Claimed with a conditional update: single use even when two tabs confirm at once.
    const [claimed] = await tx
      .update(ownerEmailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(ownerEmailCodes.id, current.id), isNull(ownerEmailCodes.usedAt)))
      .returning({ id: ownerEmailCodes.id })
    if (!claimed) return
    await tx
      .update(organisations)
      .set({ emailConfirmedAt: new Date() })
      .where(and(eq(organisations.id, me.organisationId), isNull(organisations.emailConfirmedAt)))
    await auditEmployee(tx, opts.caller, { event: 'ownerEmailConfirmed' })
  })
  return fresh()
}

async function isConfirmed(db: DbOrTx, organisationId: string) {
  const [org] = await db
    .select({ at: organisations.emailConfirmedAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return !!org?.at
}
