import { and, eq, inArray } from 'drizzle-orm'
import type { BranchRole, Employee, UpdateEmployee } from '../../../contract/employees'
import { allows, canAssign } from '../../../contract/policy'
import { asEmployee, authorize, type TenantCaller } from '../../auth/caller'
import { deleteSessionsOf } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { employeeSalonRoles, employees } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { assertAssignable, checkAccessRows, currentAccess } from './access'
import { assertEmailFree, type MailOpts, rethrowEmailTaken } from './create'
import { assertStillInCharge, inCharge, lockOrganisation } from './in-charge'
import { assertMaySend } from '../organisations/sending-gate'
import { endOpenLinks, newInvitation, sendInvitation } from './invitation'
import { employeeRow, statusOf, viewOf } from './read'
import { touchTeam } from './team-versions'
import { assertWithinLimit } from '../billing/limits'

const DETAILS = ['firstName', 'lastName', 'email', 'language'] as const

/**
 * PUT /employees/{id}: details, branch access roles, deactivate / reactivate, a new invitation.
 *
 * - The caller manages employees in every branch of the employee they can see and in every
 *   branch the new `access` names. `access` replaces the roles in the branches the caller may
 *   manage employees in; roles in branches beyond their reach stay as they are (a branch manager
 *   cannot strip the owner's other branches).
 * - Without managePermissions: every role granted, changed or taken away must be one the caller
 *   could assign there (ROLE_NOT_ASSIGNABLE), and the e-mail address and status of an employee
 *   holding any role they could not assign are out of reach (EMPLOYEE_OUTRANKS_CALLER; a new
 *   e-mail plus a password reset would take the account over).
 * - Nobody deactivates themselves; afterwards someone active is still in charge (in-charge.ts).
 * - Deactivation ends every session and open link at once; a new e-mail address of an invited
 *   employee gets a fresh invitation (the old link went to the old address).
 */
export async function updateEmployee(
  opts: { db: Db; caller: TenantCaller; id: string; patch: UpdateEmployee } & MailOpts,
): Promise<Employee> {
  const { db, id, patch } = opts
  authorize(opts.caller, 'employees.manage')
  const caller = asEmployee(opts.caller)
  const row = await employeeRow(db, caller, id)
  const seen = row ? (await viewOf(db, caller, [row])).get(row.id) : null
  if (!row || !seen) throw new AppError('EMPLOYEE_NOT_FOUND')
  for (const a of seen.access) authorize(caller, 'employees.manage', a.salonId)

  const before = await currentAccess(db, caller.organisationId, id)
  const status = statusOf(row)
  const details = Object.fromEntries(
    DETAILS.filter((k) => patch[k] !== undefined && patch[k] !== row[k]).map((k) => [k, patch[k]]),
  ) as Partial<Pick<UpdateEmployee, (typeof DETAILS)[number]>>
  const deactivate = patch.active === false && status !== 'deactivated'
  const reactivate = patch.active === true && status === 'deactivated'
  if (deactivate && id === caller.employeeId) throw new AppError('CANNOT_DEACTIVATE_SELF')
  if (patch.resendInvitation && status !== 'invited') throw new AppError('EMPLOYEE_NOT_INVITED')

  // The new branch access roles: the caller's branches as asked, the others as they are.
  let access: BranchRole[] | null = null
  if (patch.access) {
    const permissions = await checkAccessRows(db, caller.organisationId, patch.access)
    for (const a of patch.access) authorize(caller, 'employees.manage', a.salonId)
    const mine = (salonId: string) => allows(caller, 'employees.manage', salonId)
    const kept = before.filter((b) => !mine(b.salonId))
    const next = [...kept.map(({ salonId, roleId }) => ({ salonId, roleId })), ...patch.access]
    const changed = [
      ...patch.access
        .filter((a) => !before.some((b) => b.salonId === a.salonId && b.roleId === a.roleId))
        .map((a) => ({ salonId: a.salonId, permissions: permissions.get(a.roleId) ?? [] })),
      ...before.filter(
        (b) => mine(b.salonId) && !patch.access!.some((a) => a.salonId === b.salonId && a.roleId === b.roleId),
      ),
    ]
    assertAssignable(caller, changed)
    if (changed.length) access = next
  }
  const sensitive = details.email !== undefined || deactivate || reactivate
  if (sensitive && !before.every((b) => canAssign(caller, b.permissions, b.salonId)))
    throw new AppError('EMPLOYEE_OUTRANKS_CALLER')
  if (details.email !== undefined) await assertEmailFree(db, details.email, id)

  const invite = status === 'invited' && !deactivate && (patch.resendInvitation || details.email !== undefined)
  if (invite) await assertMaySend(db, caller.organisationId, 'email')
  const token = await db
    .transaction(async (tx) => {
      const grantsChange = access !== null || deactivate || reactivate
      if (grantsChange) await lockOrganisation(tx, caller.organisationId)
      const charge = grantsChange ? await inCharge(tx, caller.organisationId) : null
      // Issue 22: a reactivated employee counts against the plan's limit again.
      if (reactivate) await assertWithinLimit(tx, caller.organisationId, 'employees')
      const fields = {
        ...details,
        ...(deactivate ? { deactivatedAt: new Date() } : {}),
        ...(reactivate ? { deactivatedAt: null } : {}),
      }
      if (Object.keys(fields).length)
        await tx
          .update(employees)
          .set(fields)
          .where(tenant(employees, caller, eq(employees.id, id)))
      if (access) {
        const replaced = before.map((b) => b.salonId).filter((s) => allows(caller, 'employees.manage', s))
        const named = patch.access!.map((a) => a.salonId)
        await tx
          .delete(employeeSalonRoles)
          .where(
            tenant(
              employeeSalonRoles,
              caller,
              and(
                eq(employeeSalonRoles.employeeId, id),
                inArray(employeeSalonRoles.salonId, [...new Set([...replaced, ...named])]),
              ),
            ),
          )
        await tx
          .insert(employeeSalonRoles)
          .values(patch.access!.map((a) => ({ organisationId: caller.organisationId, employeeId: id, ...a })))
        // Grants decide who sees whom: every replica re-reads the team (team-versions.ts).
        await touchTeam(tx, caller.organisationId)
      } else if (Object.keys(fields).length)
        await tx
          .update(employees)
          .set({ version: await nextVersion(tx, caller.organisationId) })
          .where(tenant(employees, caller, eq(employees.id, id)))
      if (deactivate) {
        // Sign-in is refused from now on; whoever is signed in is out at their next request.
        await deleteSessionsOf(tx, id)
        await endOpenLinks(tx, id)
      }
      if (charge) await assertStillInCharge(tx, caller.organisationId, charge)
      const token = invite ? await newInvitation(tx, id) : null
      const fieldNames = [
        ...Object.keys(details),
        ...(access ? ['access'] : []),
        ...(deactivate || reactivate ? ['active'] : []),
        ...(invite ? ['invitation'] : []),
      ]
      if (fieldNames.length)
        await audit(tx, {
          organisationId: caller.organisationId,
          actorKind: 'employee',
          actorId: caller.employeeId,
          event: 'employeeUpdate',
          data: {
            employeeId: id,
            fields: fieldNames,
            changes: Object.fromEntries(
              Object.entries(details).map(([k, v]) => [k, { before: row[k as keyof typeof row], after: v }]),
            ),
            ...(access
              ? {
                  access: {
                    before: before.map(({ salonId, roleId }) => ({ salonId, roleId })),
                    after: access,
                  },
                }
              : {}),
            ...(deactivate ? { active: false } : reactivate ? { active: true } : {}),
          },
        })
      return token
    })
    .catch(rethrowEmailTaken)

  const fresh = (await employeeRow(db, caller, id))!
  if (token) await sendInvitation(db, { ...opts, token, employee: fresh })
  const view = (await viewOf(db, caller, [fresh])).get(id)
  // The caller moved the employee out of every branch they can see: nothing more to show them.
  if (!view) throw new AppError('EMPLOYEE_NOT_FOUND')
  return view
}
