import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm'
import type { GlobalAuditPage, GlobalAuditQuery } from '../../../contract/global-organisations'
import type { Caller } from '../../../contract/policy'
import { authorize } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { auditEvents, employees, globalAdmins, organisations } from '../../db/schema'

/*
 * `GET /global/audit` (issue 23): the platform audit is the one audit trail (services/audit.ts
 * `audit()`), read across organisations — employees' actions, the global admins' own (their
 * sign-ins have no organisation; what they do to an organisation is in its trail) and the
 * system's (the purge). Newest first on the created_at index; paged with `hasMore` (one row more
 * than the page is read) instead of counting the whole trail.
 */

export async function listPlatformAudit(opts: {
  db: DbOrTx
  caller: Caller
  query: GlobalAuditQuery
}): Promise<GlobalAuditPage> {
  authorize(opts.caller, 'platform.manage')
  const { db } = opts
  const q = opts.query
  const where = and(
    q.organisationId ? eq(auditEvents.organisationId, q.organisationId) : undefined,
    q.actorId ? eq(auditEvents.actorId, q.actorId) : undefined,
    q.actorKind === 'system'
      ? or(eq(auditEvents.actorKind, 'system'), isNull(auditEvents.actorKind))
      : q.actorKind
        ? eq(auditEvents.actorKind, q.actorKind)
        : undefined,
    q.event ? eq(auditEvents.event, q.event) : undefined,
    q.from ? gte(auditEvents.createdAt, new Date(q.from)) : undefined,
    q.to ? lte(auditEvents.createdAt, new Date(q.to)) : undefined,
  )
  const rows = await db
    .select({
      e: auditEvents,
      organisationName: organisations.companyName,
      employeeName: employees.firstName,
      employeeLastName: employees.lastName,
      employeeEmail: employees.email,
      adminName: globalAdmins.name,
      adminEmail: globalAdmins.email,
    })
    .from(auditEvents)
    .leftJoin(organisations, eq(organisations.id, auditEvents.organisationId))
    .leftJoin(employees, and(eq(auditEvents.actorKind, 'employee'), eq(employees.id, auditEvents.actorId)))
    .leftJoin(globalAdmins, and(eq(auditEvents.actorKind, 'globalAdmin'), eq(globalAdmins.id, auditEvents.actorId)))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize)
  return {
    items: rows.slice(0, q.pageSize).map((r) => ({
      id: r.e.id,
      at: r.e.createdAt.toISOString(),
      event: r.e.event,
      organisation: r.e.organisationId ? { id: r.e.organisationId, name: r.organisationName } : null,
      actor: r.e.actorKind
        ? {
            kind: r.e.actorKind,
            id: r.e.actorId,
            name: r.adminName ?? (r.employeeName ? `${r.employeeName} ${r.employeeLastName}`.trim() : null),
            email: r.adminEmail ?? r.employeeEmail,
          }
        : null,
      data: r.e.data ?? null,
    })),
    page: q.page,
    pageSize: q.pageSize,
    hasMore: rows.length > q.pageSize,
  }
}
