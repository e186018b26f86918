import { and, eq, gt, isNull } from 'drizzle-orm'
import { notDeleted } from '../../scope'
import { v7 as uuidv7 } from 'uuid'
import type { Language } from '../../../contract/enums'
import { hashPassword, newToken, sha256 } from '../../auth/passwords'
import { deleteSessionsOf } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { employees, organisations, passwordResets } from '../../db/schema'
import { AppError } from '../../errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { passwordResetMail } from '../../integrations/mail/templates'
import { audit } from '../audit'
import { findOrganisation, mailBrandOf } from '../organisations/find'
import { newInvitation, sendInvitation } from '../employees/invitation'
import { findLiveEmployee } from './employee-login'
import { nextVersion } from '../../db/versions'

const RESET_MINUTES = 60

/**
 * Mails a single-use reset link valid for one hour. The answer is the same whether or not the
 * address exists, so the call cannot be used to find employees. An invited employee never had a
 * password: they get a fresh invitation instead (earlier links stop working). A deactivated one
 * gets nothing.
 */
export async function requestPasswordReset(opts: {
  db: Db
  mailer: Mailer
  publicUrl: string
  email: string
  org?: string
  ip: string
}): Promise<void> {
  const employee = await findLiveEmployee(opts.db, opts.email, opts.org)
  if (!employee) return
  if (!employee.passwordHash) {
    const invitation = await opts.db.transaction(async (tx) => {
      const token = await newInvitation(tx, employee.id)
      await audit(tx, {
        organisationId: employee.organisationId,
        actorKind: 'employee',
        actorId: employee.id,
        event: 'passwordResetRequest',
        data: { ip: opts.ip, invitation: true },
      })
      return token
    })
    await sendInvitation(opts.db, { ...opts, token: invitation, employee })
    return
  }
  const token = newToken()
  await opts.db.transaction(async (tx) => {
    // Only the newest link works: an older mail lying around cannot be used any more.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.employeeId, employee.id), isNull(passwordResets.usedAt)))
    await tx.insert(passwordResets).values({
      id: uuidv7(),
      employeeId: employee.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
    })
    await audit(tx, {
      organisationId: employee.organisationId,
      actorKind: 'employee',
      actorId: employee.id,
      event: 'passwordResetRequest',
      data: { ip: opts.ip },
    })
  })
  const link = `${opts.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`
  await opts.mailer.send({
    organisationId: employee.organisationId,
    to: employee.email,
    ...passwordResetMail(employee.language as Language, {
      link,
      firstName: employee.firstName,
      minutes: RESET_MINUTES,
      brand: await mailBrandOf(opts.db, employee.organisationId, opts.publicUrl),
    }),
  })
}

/**
 * Sets the new password and ends every session of the employee (a stolen session dies too).
 * Also accepts an invitation (purpose 'invitation', issue 9): the invited employee sets their
 * first password and is active from then on. A deactivated employee's link does nothing.
 */
export async function resetPassword(opts: { db: Db; token: string; password: string; org?: string }): Promise<void> {
  const { db } = opts
  // Cheap check first so a guessed token costs no scrypt run; the claim below is the real check.
  const [known] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(opts.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1)
  if (!known) throw new AppError('INVALID_RESET_TOKEN')
  const passwordHash = await hashPassword(opts.password)
  let orgId: string | undefined
  if (opts.org !== undefined) {
    const org = await findOrganisation(db, opts.org)
    if (!org) throw new AppError('INVALID_RESET_TOKEN')
    orgId = org.id
  }
  await db.transaction(async (tx) => {
    // The conditional update claims the token: two concurrent resets cannot both use it.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(opts.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ employeeId: passwordResets.employeeId, purpose: passwordResets.purpose })
    if (!claimed) throw new AppError('INVALID_RESET_TOKEN')
    const [employee] = await tx
      .update(employees)
      .set({ passwordHash })
      .where(
        and(
          eq(employees.id, claimed.employeeId),
          notDeleted(employees),
          isNull(employees.deactivatedAt),
          orgId ? eq(employees.organisationId, orgId) : undefined,
        ),
      )
      .returning({ id: employees.id, organisationId: employees.organisationId })
    if (!employee) throw new AppError('INVALID_RESET_TOKEN')
    // Invited → active changes the employee's status: replicas re-read the row.
    if (claimed.purpose === 'invitation')
      await tx
        .update(employees)
        .set({ version: await nextVersion(tx, employee.organisationId) })
        .where(eq(employees.id, employee.id))
    // Issue 23 G1: the owner of an organisation made from a Plug&Pay order starts with an
    // invitation instead of a password; following the mailed link proves the address as the
    // confirmation code would (issue 21 #16). Only such owners hold an invitation while the
    // address is unconfirmed: employees can be invited only after the confirmation.
    if (claimed.purpose === 'invitation') {
      const [confirmed] = await tx
        .update(organisations)
        .set({ emailConfirmedAt: new Date() })
        .where(and(eq(organisations.id, employee.organisationId), isNull(organisations.emailConfirmedAt)))
        .returning({ id: organisations.id })
      if (confirmed)
        await audit(tx, {
          organisationId: employee.organisationId,
          actorKind: 'employee',
          actorId: employee.id,
          event: 'ownerEmailConfirmed',
        })
    }
    await deleteSessionsOf(tx, employee.id)
    await audit(tx, {
      organisationId: employee.organisationId,
      actorKind: 'employee',
      actorId: employee.id,
      event: 'successfulPasswordReset',
      ...(claimed.purpose === 'invitation' ? { data: { invitationAccepted: true } } : {}),
    })
  })
}
