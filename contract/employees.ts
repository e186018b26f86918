import { z } from 'zod'
import { ZLanguage } from './enums'
import { customIssue } from './messages'
import { ZPermission } from './permissions'
import { ZActivityPeriod } from './questionnaires/activities'
import { zEmail, zPageBody, zRequired } from './validation'
import { EMPLOYEE_STATUSES } from './value-lists'

export { EMPLOYEE_STATUSES }

/*
 * Employees (spec §3 "Employee: branch access roles (at least one required)", §6; issue 9).
 * Roles are organisation-level and granted per branch: an employee holds one role in each branch
 * they work in.
 */

export const ZEmployeeStatus = z.enum(EMPLOYEE_STATUSES)
export type EmployeeStatus = z.infer<typeof ZEmployeeStatus>

/** One branch access role: the role the employee holds in that branch. */
export const ZBranchRole = z.object({ salonId: z.string().uuid(), roleId: z.string().uuid() })
export type BranchRole = z.infer<typeof ZBranchRole>

/**
 * Issue 21 #18: who counts as an employee of a branch — one who holds a role in it. The branch's
 * employee count (server/services/salons/counts.ts, the same rule in SQL), the employee list's
 * branch filter on the server and in the replica all read this, so "1 medewerker" on a branch
 * is the one person the list filtered to it shows.
 */
export const worksInBranch = (e: { access: readonly BranchRole[] }, salonId: string) =>
  e.access.some((a) => a.salonId === salonId)

/** At least one branch access role, one role per branch (spec §5). */
export const zBranchRoles = z
  .array(ZBranchRole)
  .max(500)
  .superRefine((list, ctx) => {
    if (list.length === 0) ctx.addIssue(customIssue('branchAccess'))
    const seen = new Set<string>()
    list.forEach((a, i) => {
      if (seen.has(a.salonId)) ctx.addIssue({ ...customIssue('branchAccessOnePerBranch'), path: [i, 'salonId'] })
      seen.add(a.salonId)
    })
  })

export const ZEmployeeFields = z.object({
  firstName: zRequired('required').max(100),
  lastName: zRequired('required').max(100),
  email: zEmail,
  language: ZLanguage,
  access: zBranchRoles,
})
/** POST /employees: the employee is invited by e-mail (in their language) to set a password. */
export const ZCreateEmployee = ZEmployeeFields
export type CreateEmployee = z.infer<typeof ZCreateEmployee>

/** PUT /employees/{id}: what it names changes; `access` replaces every branch access role. */
export const ZUpdateEmployee = ZEmployeeFields.partial().extend({
  /** false: deactivate (sign-in refused, sessions end at once); true: reactivate. */
  active: z.boolean().optional(),
  /** Send a new invitation (an invited employee only); earlier links stop working. */
  resendInvitation: z.literal(true).optional(),
})
export type UpdateEmployee = z.infer<typeof ZUpdateEmployee>

/** An employee as the employees screen and the replica show them. */
export const ZEmployee = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: ZLanguage,
  status: ZEmployeeStatus,
  /** Branch access roles, limited to the branches the reader may read employees in. */
  access: z.array(ZBranchRole),
  createdAt: z.string(),
  version: z.number().int(),
})
export type Employee = z.infer<typeof ZEmployee>

/** GET /employees: search (name, e-mail), one branch, one status. */
export const ZEmployeeListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  salonId: z.string().uuid().optional(),
  status: ZEmployeeStatus.optional(),
})

/** GET /employees/{id}/effectivePermissions: per branch, what the roles add up to. */
export const ZEffectiveBranchPermissions = z.object({
  salonId: z.string().uuid(),
  salonName: z.string(),
  roles: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  /**
   * Everything the employee may do there: the roles' branch permissions plus the organisation-
   * level ones held anywhere (they count in every branch); manageSalons reaches every branch.
   */
  permissions: z.array(ZPermission),
})
export const ZEffectivePermissions = z.object({
  employeeId: z.string().uuid(),
  branches: z.array(ZEffectiveBranchPermissions),
  /** Organisation-level permissions held (in any branch). */
  organisationPermissions: z.array(ZPermission),
})
export type EffectivePermissions = z.infer<typeof ZEffectivePermissions>

/** POST /employees/activities: the employee activity log's filter (spec §3, §9), paged. */
export const ZEmployeeActivityQuery = z.object({
  period: ZActivityPeriod.default('7d'),
  employeeId: z.string().uuid().optional(),
  /** An audit event name (spec §3 "Audit events"). */
  type: z.string().trim().min(1).max(60).optional(),
  ...zPageBody,
})
export type EmployeeActivityQuery = z.infer<typeof ZEmployeeActivityQuery>

/** Spec §3 employee activity log entry: employee name, activity date, type, data, who was contacted. */
export const ZEmployeeActivity = z.object({
  id: z.string().uuid(),
  employeeId: z.string().uuid(),
  employeeName: z.string(),
  /**
   * Issue 23: the global admin who did it acting as the employee (shown as "Employee (via platform
   * admin Name)"); null for the employee's own actions.
   */
  impersonatedBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable().optional(),
  type: z.string(),
  data: z.unknown(),
  salonId: z.string().uuid().nullable(),
  /**
   * The customer acted on or contacted, when there is one, with their name as it is now; name
   * null: the customer was removed for good (hard delete), the entry stays without their name.
   */
  contacted: z.object({ customerId: z.string().uuid(), name: z.string().nullable() }).nullable(),
  /**
   * When it happened (ARCHITECTURE "Time"): for an action done offline, the device's time
   * corrected by its offset, never later than `receivedAt`; the log is ordered and dated by it.
   * Null: recorded before it existed (`receivedAt` is its date then).
   */
  occurredAt: z.string().nullable(),
  /** When the server received it. */
  receivedAt: z.string(),
  /** The device's own clock at the action, as it reported it (audit only; dates nothing). */
  deviceTime: z.string().nullable().optional(),
})
export type EmployeeActivity = z.infer<typeof ZEmployeeActivity>
export const ZEmployeeActivityPage = z.object({
  items: z.array(ZEmployeeActivity),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The types that occur in the log (the type filter's choices). */
  types: z.array(z.string()),
  /**
   * The employees whose actions the reader sees in the log, by name (the employee filter's
   * choices; also those who hold no role any more, whose history is kept).
   */
  employees: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
})
export type EmployeeActivityPage = z.infer<typeof ZEmployeeActivityPage>
