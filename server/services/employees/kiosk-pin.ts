import { eq } from 'drizzle-orm'
import type { EmployeeMe } from '../../../contract/auth'
import { kioskVerifier } from '../../auth/kiosk-verifier'
import { hashPassword, verifyPassword } from '../../auth/passwords'
import type { Db } from '../../db/client'
import { employees } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'
import type { Caller } from '../../../contract/policy'
import { accountOf, buildEmployeeMe } from './me'

/**
 * Sets, changes (pin) or removes (pin null) the employee's own kiosk PIN. The current password
 * must match every time: a tablet left signed in must not let anyone else give it a PIN. Stored
 * twice: a slow scrypt hash for the server and a PBKDF2 verifier the tablet checks offline.
 */
export async function setKioskPin(
  db: Db,
  input: { caller: Caller; pin: string | null; currentPassword: string },
): Promise<EmployeeMe> {
  const opts = { ...input, ...accountOf(input.caller) }
  const [row] = await db
    .select({ id: employees.id, organisationId: employees.organisationId, passwordHash: employees.passwordHash })
    .from(employees)
    .where(eq(employees.id, opts.employeeId))
  if (!row) throw new AppError('EMPLOYEE_NOT_FOUND')
  // Impersonation never sets someone's PIN: the global admin does not know their password.
  if (opts.impersonatedBy || !row.passwordHash || !(await verifyPassword(opts.currentPassword, row.passwordHash)))
    throw new AppError('WRONG_PASSWORD', {
      fields: [{ path: 'currentPassword', code: 'custom', message: 'The current password is not correct.' }],
    })
  const values = opts.pin
    ? { kioskPinHash: await hashPassword(opts.pin), kioskPinVerifier: await kioskVerifier(opts.pin) }
    : { kioskPinHash: null, kioskPinVerifier: null }
  await db.update(employees).set(values).where(eq(employees.id, row.id))
  await audit(db, {
    organisationId: row.organisationId,
    actorKind: 'employee',
    actorId: row.id,
    event: 'employeeUpdate',
    data: { kioskPin: opts.pin ? 'set' : 'removed' },
  })
  return buildEmployeeMe(db, opts)
}
