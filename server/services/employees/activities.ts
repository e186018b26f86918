import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { EmployeeActivityPage, EmployeeActivityQuery } from '../../../contract/employees'
import { branchesFor } from '../../../contract/policy'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { auditEvents, customers, employeeSalonRoles, employees, globalAdmins, salons } from '../../db/schema'
import { tenant } from '../../scope'

const DAYS = { '7d': 7, '30d': 30, all: null } as const

/**
 * The activity date: when it happened — for a change made offline and synced later, the device's
 * time corrected by its offset (services/when.ts), never later than the receipt, never the raw
 * device clock — else when the server got it. The log is ordered and filtered by it (newest
 * first), so an offline action sits where it happened in the salon's day.
 */
const activityDate = sql<Date>`coalesce(${auditEvents.occurredAt}, ${auditEvents.createdAt})`

/**
 * POST /employees/activities: the employee activity log (spec §3 "employee name, activity date,
 * type, data, and who was contacted"), i.e. the audit events employees caused. A reader sees the
 * employees they may read: those holding a role in a branch where the reader has readEmployees
 * or manageEmployees; whoever may read employees in every branch (the owner) sees everyone,
 * also employees who hold no role any more. Paged, newest first, period 7d / 30d / all.
 */
export async function listEmployeeActivities(opts: {
  db: DbOrTx
  caller: TenantCaller
  query: EmployeeActivityQuery
}): Promise<EmployeeActivityPage> {
  const { db, caller, query } = opts
  authorize(caller, 'employeeActivities.read')
  const visible = and(
    tenant(auditEvents, caller, eq(auditEvents.actorKind, 'employee')),
    await visibleActors(db, caller),
  ) as SQL
  const days = DAYS[query.period]
  const where = and(
    visible,
    query.employeeId ? eq(auditEvents.actorId, query.employeeId) : undefined,
    query.type ? eq(auditEvents.event, query.type) : undefined,
    days === null ? undefined : gte(activityDate, new Date(Date.now() - days * 86_400_000)),
  ) as SQL
  const { page, pageSize } = query
  // The actor is an employee of this organisation (an id of elsewhere finds nothing).
  const actor = and(eq(employees.id, auditEvents.actorId), eq(employees.organisationId, caller.organisationId))

  const found = await db
    .select({
      a: auditEvents,
      firstName: employees.firstName,
      lastName: employees.lastName,
      customerFirst: customers.firstName,
      customerLast: customers.lastName,
      adminName: globalAdmins.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditEvents)
    .innerJoin(employees, actor)
    // The contacted customer's name as it is now; a hard-deleted one is a nameless tombstone
    // (issue 10), shown as "no longer exists" like a missing row.
    .leftJoin(
      customers,
      and(
        eq(customers.id, auditEvents.customerId),
        eq(customers.organisationId, caller.organisationId),
        isNull(customers.deletedAt),
      ),
    )
    // Issue 23: the global admin who acted as the employee, by name.
    .leftJoin(globalAdmins, eq(globalAdmins.id, auditEvents.impersonatedBy))
    .where(where)
    .orderBy(desc(activityDate), desc(auditEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  // A page past the end carries no row with the total: count separately then (rare).
  const total =
    found[0]?.total ??
    (page === 1
      ? 0
      : ((await db.select({ n: count() }).from(auditEvents).innerJoin(employees, actor).where(where))[0]?.n ?? 0))
  // The filters' choices: every type and every employee of the log the reader sees (any period).
  const types = await db
    .selectDistinct({ type: auditEvents.event })
    .from(auditEvents)
    .innerJoin(employees, actor)
    .where(visible)
    .orderBy(auditEvents.event)
  const actors = await db
    .selectDistinct({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(auditEvents)
    .innerJoin(employees, actor)
    .where(visible)
    .orderBy(employees.firstName, employees.lastName, employees.id)

  return {
    items: found.map(({ a, firstName, lastName, customerFirst, customerLast, adminName }) => ({
      id: a.id,
      employeeId: a.actorId as string,
      employeeName: `${firstName} ${lastName}`,
      impersonatedBy: a.impersonatedBy ? { id: a.impersonatedBy, name: adminName ?? '' } : null,
      type: a.event,
      data: a.data,
      salonId: a.salonId,
      contacted: a.customerId
        ? { customerId: a.customerId, name: customerFirst === null ? null : `${customerFirst} ${customerLast}` }
        : null,
      occurredAt: a.occurredAt?.toISOString() ?? null,
      receivedAt: a.createdAt.toISOString(),
      deviceTime: a.deviceTime?.toISOString() ?? null,
    })),
    total: Number(total),
    page,
    pageSize,
    types: types.map((t) => t.type),
    employees: actors.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}` })),
  }
}

/**
 * Whose actions the caller may see: undefined (everyone) when they may read employees in every
 * live branch, else the employees holding a role in one of the branches where they may.
 */
async function visibleActors(db: DbOrTx, caller: TenantCaller): Promise<SQL | undefined> {
  const readable = branchesFor(caller, 'employeeActivities.read')
  const live = await db
    .select({ id: salons.id })
    .from(salons)
    .where(tenant(salons, caller, isNull(salons.deletedAt)))
  if (live.every((s) => readable.includes(s.id))) return undefined
  const inReadable = db
    .select({ id: employeeSalonRoles.employeeId })
    .from(employeeSalonRoles)
    .where(tenant(employeeSalonRoles, caller, inArray(employeeSalonRoles.salonId, readable)))
  return inArray(auditEvents.actorId, inReadable)
}
