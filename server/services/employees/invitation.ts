import { and, eq, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { Language } from '../../../contract/enums'
import { newToken, sha256 } from '../../auth/passwords'
import type { DbOrTx } from '../../db/client'
import { passwordResets } from '../../db/schema'
import type { Mailer } from '../../integrations/mail/mailer'
import { invitationMail } from '../../integrations/mail/templates'
import { mailBrandOf } from '../organisations/find'

/*
 * Invitations (issue 9): a new employee has no password (status invited) and sets one through a
 * single-use link, stored like a password reset (only the SHA-256 of the token; purpose
 * 'invitation'), valid for a week. The link opens /admin/set-password; the reset endpoint
 * accepts the token (server/services/auth/password-reset.ts).
 */

export const INVITATION_DAYS = 7

/** Where the link leads: the set-password page (absolute, as the reset mail builds it). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/admin/set-password?token=${encodeURIComponent(token)}`

/**
 * Ends every open link of the employee (reset or invitation): only the newest works, and a
 * deactivated employee keeps none.
 */
export async function endOpenLinks(tx: DbOrTx, employeeId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.employeeId, employeeId), isNull(passwordResets.usedAt)))
}

/**
 * A fresh invitation token for the employee (earlier links stop working). Call inside the
 * write's transaction; send the mail after it commits (`sendInvitation`).
 */
export async function newInvitation(tx: DbOrTx, employeeId: string): Promise<string> {
  const token = newToken()
  await endOpenLinks(tx, employeeId)
  await tx.insert(passwordResets).values({
    id: uuidv7(),
    employeeId,
    purpose: 'invitation',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000),
  })
  return token
}

/** The invitation mail, in the employee's language, naming the organisation under its logo. */
export async function sendInvitation(
  db: DbOrTx,
  opts: {
    mailer: Mailer
    publicUrl: string
    token: string
    employee: { organisationId: string; email: string; firstName: string; language: string }
  },
): Promise<void> {
  const { employee } = opts
  const brand = await mailBrandOf(db, employee.organisationId, opts.publicUrl)
  await opts.mailer.send({
    organisationId: employee.organisationId,
    to: employee.email,
    ...invitationMail(employee.language as Language, {
      link: invitationLink(opts.publicUrl, opts.token),
      firstName: employee.firstName,
      companyName: brand?.companyName ?? '',
      logoUrl: brand?.logoUrl,
      days: INVITATION_DAYS,
    }),
  })
}
