import { uniqueViolation } from '../../db/errors'
import { and, eq, ne } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreateEmployee, Employee } from '../../../contract/employees'
import { asEmployee, authorize, type TenantCaller } from '../../auth/caller'
import type { Db, DbOrTx } from '../../db/client'
import { employeeSalonRoles, employees } from '../../db/schema'
import { AppError, fieldError, validationError } from '../../errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { audit } from '../audit'
import { assertAssignable, checkAccessRows } from './access'
import { assertMaySend } from '../organisations/sending-gate'
import { newInvitation, sendInvitation } from './invitation'
import { employeeRow, viewOf } from './read'
import { touchTeam } from './team-versions'
import { assertWithinLimit } from '../billing/limits'

/** What employee writes need beyond the database: the mail and the public address for links. */
export type MailOpts = { mailer: Mailer; publicUrl: string }

/** E-mail addresses of employees are unique across every organisation (sign-in at /admin). */
export const emailTaken = () => validationError([fieldError('email', 'employeeEmailTaken')])

export async function assertEmailFree(db: DbOrTx, email: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.email, email), exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1)
  if (row) throw emailTaken()
}

/** A concurrent write took the address first (the unique index): the same field error. */
export function rethrowEmailTaken(err: unknown): never {
  if (uniqueViolation(err)?.includes('employees_email')) throw emailTaken()
  throw err
}

/**
 * POST /employees: a new, invited employee (no password) with their branch access roles, and an
 * invitation mail in their language. The caller must manage employees in every branch named and,
 * without managePermissions, hold every permission of the roles they grant (access.ts).
 */
export async function createEmployee(
  opts: { db: Db; caller: TenantCaller; input: CreateEmployee } & MailOpts,
): Promise<Employee> {
  const { db, input } = opts
  authorize(opts.caller, 'employees.manage')
  const caller = asEmployee(opts.caller)
  const permissions = await checkAccessRows(db, caller.organisationId, input.access)
  for (const a of input.access) authorize(caller, 'employees.manage', a.salonId)
  assertAssignable(
    caller,
    input.access.map((a) => ({ salonId: a.salonId, permissions: permissions.get(a.roleId) ?? [] })),
  )
  await assertEmailFree(db, input.email)
  // A new employee is invited by e-mail: not before the owner confirmed their address.
  await assertMaySend(db, caller.organisationId, 'email')

  const id = uuidv7()
  const token = await db
    .transaction(async (tx) => {
      // Issue 22: one more employee must fit the plan (counted under the organisation's row lock).
      await assertWithinLimit(tx, caller.organisationId, 'employees')
      await tx.insert(employees).values({
        id,
        organisationId: caller.organisationId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash: null,
        language: input.language,
      })
      await tx.insert(employeeSalonRoles).values(
        input.access.map((a) => ({
          organisationId: caller.organisationId,
          employeeId: id,
          salonId: a.salonId,
          roleId: a.roleId,
        })),
      )
      // A new employee changes who sees whom and the roles' counts: every replica re-reads the team.
      await touchTeam(tx, caller.organisationId)
      const token = await newInvitation(tx, id)
      await audit(tx, {
        organisationId: caller.organisationId,
        actorKind: 'employee',
        actorId: caller.employeeId,
        event: 'employeeCreate',
        data: {
          employeeId: id,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          language: input.language,
          access: input.access,
        },
      })
      return token
    })
    .catch(rethrowEmailTaken)
  const row = (await employeeRow(db, caller, id))!
  await sendInvitation(db, { ...opts, token, employee: row })
  const view = (await viewOf(db, caller, [row])).get(id)
  if (!view) throw new AppError('EMPLOYEE_NOT_FOUND')
  return view
}
