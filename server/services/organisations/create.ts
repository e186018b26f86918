import { uniqueViolation } from '../../db/errors'
import { v7 as uuidv7 } from 'uuid'
import type { EmployeeSession } from '../../../contract/auth'
import type { CreateOrganisation, Organisation } from '../../../contract/organisations'
import { hashPassword } from '../../auth/passwords'
import { createSession } from '../../auth/sessions'
import type { Db, Tx } from '../../db/client'
import { employeeSalonRoles, employees, organisations, roles, salons } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { audit } from '../audit'
import { startTrial } from '../billing/trial'
import { buildEmployeeMe } from '../employees/me'
import { presetRoles } from '../roles/presets'
import { copyProviderQuestionnaires } from '../questionnaires/provider-templates'
import { assertEmployeeEmailFree, isCompanyNameAvailable, isSlugAvailable, uniqueCode } from './availability'
import { sendOwnerConfirmation } from './email-confirmation'
import { type OrganisationRow, toOrganisation } from './find'

/** A new organisation as the sign-up and the Plug&Pay webhook make it (the owner's password hashed, or null: invited). */
export type NewOrganisation = Omit<CreateOrganisation, 'admin' | 'branchName'> & {
  branchName: string
  admin: Omit<CreateOrganisation['admin'], 'password'> & { passwordHash: string | null }
}

/**
 * The organisation, its first branch, the preset roles (roles/presets.ts, named in the admin's
 * language) with the Owner role (every permission) granted to the first admin in that branch,
 * the provider's questionnaires and the trial — inside the caller's transaction, so that a
 * failure leaves nothing behind (and the caller's own rows commit with it).
 */
export async function insertOrganisation(
  tx: Tx,
  input: NewOrganisation,
): Promise<{ org: OrganisationRow; employeeId: string }> {
  const { admin, branchName, ...fields } = input
  const orgId = uuidv7()
  const employeeId = uuidv7()
  const [org] = await tx
    .insert(organisations)
    .values({ id: orgId, ...fields })
    .returning()
  const salonId = uuidv7()
  await tx
    .insert(salons)
    .values({ id: salonId, organisationId: orgId, name: branchName, version: await nextVersion(tx, orgId) })
  const presets = presetRoles(orgId, admin.language, uuidv7)
  const roleId = presets.ids.owner
  for (const r of presets.rows) await tx.insert(roles).values({ ...r, version: await nextVersion(tx, orgId) })
  await tx.insert(employees).values({
    id: employeeId,
    organisationId: orgId,
    firstName: admin.firstName,
    lastName: admin.lastName,
    email: admin.email,
    passwordHash: admin.passwordHash,
    language: admin.language,
    version: await nextVersion(tx, orgId),
  })
  await tx.insert(employeeSalonRoles).values({ organisationId: orgId, employeeId, salonId, roleId })
  // Spec §1: the provider's questionnaires are copied into every new organisation.
  await copyProviderQuestionnaires(tx, orgId, fields.invoiceLanguage)
  // Issue 22: every new organisation starts on a trial of the middle plan.
  await startTrial(tx, orgId, new Date())
  await audit(tx, {
    organisationId: orgId,
    actorKind: 'employee',
    actorId: employeeId,
    event: 'salonCreate',
    data: { salonId },
  })
  return { org, employeeId }
}

/** A unique index the insert ran into, as the catalogue's code (SLUG_TAKEN, …); other errors as they were. */
export function takenError(err: unknown): unknown {
  const constraint = uniqueViolation(err)
  const code = constraint === null ? null : uniqueCode(constraint)
  return code ? new AppError(code) : err
}

/**
 * Sign-up: the organisation with its first admin (insertOrganisation), signed in at once — all in
 * one transaction.
 */
export async function createOrganisation(opts: {
  db: Db
  input: CreateOrganisation
  sessionTtlHours: number
  mailer: Mailer
  publicUrl: string
}): Promise<{ organisation: Organisation; session: EmployeeSession }> {
  const { db, input } = opts
  const { admin, ...fields } = input
  if (!(await isSlugAvailable(db, fields.slug))) throw new AppError('SLUG_TAKEN')
  if (!(await isCompanyNameAvailable(db, fields.companyName))) throw new AppError('COMPANY_NAME_TAKEN')
  await assertEmployeeEmailFree(db, admin.email)
  // Hash outside the transaction: scrypt takes ~100 ms and should not hold locks.
  const { password, ...owner } = admin
  const passwordHash = await hashPassword(password)

  let created: { organisation: Organisation; session: EmployeeSession; employeeId: string }
  try {
    created = await db.transaction(async (tx) => {
      const { org, employeeId } = await insertOrganisation(tx, { ...fields, admin: { ...owner, passwordHash } })
      const { token, expiresAt } = await createSession(tx, {
        kind: 'employee',
        subjectId: employeeId,
        organisationId: org.id,
        ttlHours: opts.sessionTtlHours,
      })
      await audit(tx, { organisationId: org.id, actorKind: 'employee', actorId: employeeId, event: 'login' })
      const employee = await buildEmployeeMe(tx, { employeeId })
      return {
        organisation: toOrganisation(org),
        session: { token, expiresAt: expiresAt.toISOString(), employee },
        employeeId,
      }
    })
  } catch (err) {
    throw takenError(err)
  }
  // Issue 21 #16: the session works at once; e-mailing or messaging others waits for this code.
  // A mail that cannot be queued does not undo a sign-up that committed: the banner's "resend" asks again.
  await sendOwnerConfirmation({
    db,
    mailer: opts.mailer,
    publicUrl: opts.publicUrl,
    employeeId: created.employeeId,
  }).catch(() => undefined)
  return { organisation: created.organisation, session: created.session }
}
