import { z } from 'zod'
import {
  ADMIN_SUBSCRIPTION_STATES,
  AUDIT_EVENTS,
  EMPLOYEE_STATUSES,
  ORGANISATION_STATUSES,
  QUESTIONNAIRE_KINDS,
  SUBSCRIPTION_PERIODS,
} from '../../contract/value-lists'

/*
 * Search params of the routes (the URL keeps list filters, paging and what is open). Each route's
 * `validateSearch` is one of these schemas, so screens read typed values through
 * `useSearch({ from })` and never cast. The URLs are the ones people bookmarked: the router reads
 * `?search=123` as a number and `?page=x` as text, so every field accepts what an old or hand-typed
 * address holds and falls back to "not set" instead of failing the page.
 */

/** Text in the URL; a number-looking value (`?search=0612`) arrives as a number. */
const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .optional()
  .catch(undefined)
/** Text that means nothing when empty (an id, a filter). */
const id = text.transform((v) => v || undefined)
/** A page number from 1; anything else is the first page. */
const page = z.coerce.number().int().min(1).optional().catch(undefined)

/** A yes/no filter: `?deleted=1` (or true) is on; anything else off. */
const flag = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || undefined)
  .optional()
  .catch(undefined)

/** `/{slug}/admin/customers?search=&page=&deleted=1` (deleted: the include-deleted filter, issue 10) */
export const ZCustomersSearch = z.object({ search: id, page, deleted: flag })

/**
 * `/{slug}/admin/branches?new=1`: the create drawer open (issue 22: the payment return page's
 * "Add a branch" once the new plan allows one more).
 */
export const ZBranchesSearch = z.object({ new: flag })

/** `/{slug}/admin/questionnaires?search=&kind=` */
export const ZQuestionnairesSearch = z.object({
  search: id,
  kind: z.enum(QUESTIONNAIRE_KINDS).optional().catch(undefined),
})

/** `/{slug}/admin/employees?search=&salonId=&status=` */
export const ZEmployeesSearch = z.object({
  search: id,
  salonId: id,
  status: z.enum(EMPLOYEE_STATUSES).optional().catch(undefined),
})

/** `/{slug}/admin/dashboard?submissionId=` (the submission open in the drawer) */
export const ZDashboardSearch = z.object({ submissionId: id })

/** `/{slug}/admin/submissions?questionnaireId=&submissionId=` */
export const ZSubmissionsSearch = z.object({ questionnaireId: id, submissionId: id })

/** `/{slug}/admin/fill/{questionnaireId}?customerId=` */
export const ZStaffFillSearch = z.object({ customerId: id })

/** `/{slug}/admin/kiosk?customer=` */
export const ZKioskSearch = z.object({ customer: id })

/** `/admin/reset-password?token=`, `/shortcut?code=`, `/new-questionnaire?code=` */
export const ZTokenSearch = z.object({ token: text.transform((v) => v ?? '') })
export const ZCodeSearch = z.object({ code: text.transform((v) => v ?? '') })

/** `/{slug}/admin/activity-log?period=&employeeId=&type=&page=` (period: the spec's 7d / 30d / all) */
export const ZActivityLogSearch = z.object({
  period: z.enum(['7d', '30d', 'all']).optional().catch(undefined),
  employeeId: id,
  type: id,
  page,
})

/** `/{slug}/admin/subscription/plans?period=` (monthly or yearly; not set: the current one's). */
export const ZPlansSearch = z.object({
  period: z.enum(SUBSCRIPTION_PERIODS).optional().catch(undefined),
})

/** `/global-admin/organisations?q=&status=&page=` (issue 23). */
export const ZGlobalOrganisationsSearch = z.object({
  q: id,
  status: z.enum(ORGANISATION_STATUSES).optional().catch(undefined),
  page,
})

/** `/global-admin/subscriptions?q=&state=&page=` (issue 23): every organisation's subscription. */
export const ZGlobalSubscriptionsSearch = z.object({
  q: id,
  state: z.enum(ADMIN_SUBSCRIPTION_STATES).optional().catch(undefined),
  page,
})

/** `/global-admin/audit?organisationId=&actorKind=&event=&from=&to=&page=` (dates as dd-mm-yyyy). */
export const ZGlobalAuditSearch = z.object({
  organisationId: id,
  actorKind: z.enum(['globalAdmin', 'employee', 'customer', 'system']).optional().catch(undefined),
  event: z.enum(AUDIT_EVENTS).optional().catch(undefined),
  from: id,
  to: id,
  page,
})

/** `/{slug}/admin/blueprint/{courseId}?segment=`: the open segment of a course (issue 24); none: where the employee left off. */
export const ZBlueprintCourseSearch = z.object({ segment: id })

/** The columns the owner's progress screen sorts by (issue 24). */
export const COURSE_PROGRESS_SORTS = ['name', 'done', 'startedAt', 'completedAt'] as const
export type CourseProgressSort = (typeof COURSE_PROGRESS_SORTS)[number]

/** `/{slug}/admin/blueprint/manage/{courseId}/progress?sort=&dir=`: the column and direction (default: name, ascending). */
export const ZCourseProgressSearch = z.object({
  sort: z.enum(COURSE_PROGRESS_SORTS).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
})

/** `/{slug}/admin/manual?q=&course=&page=`: the user manual, searched, a manual open, a page (segment key) shown. */
export const ZUserManualSearch = z.object({ q: id, course: id, page: id })
