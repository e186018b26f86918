import { eq, type Placeholder, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { AuditEvent } from '../../contract/audit'
import type { Caller } from '../../contract/policy'
import { currentImpersonator, impersonatorOf } from '../auth/acting'
import type { DbOrTx } from '../db/client'
import { oncePerHandle } from '../db/once-per-handle'
import { auditEvents, customerActivities } from '../db/schema'
import { type Happened, happenedFor } from './when'

export type { AuditEvent } from '../../contract/audit'

/**
 * One audit event. `data` holds ids and field names, never a customer's personal data: a
 * customerHardDelete removes the customer and everything about them, and the audit trail stays
 * (the activity log shows the customer's current name through `customerId` instead).
 */
export type AuditEntry = {
  organisationId: string | null
  actorKind?: string
  actorId?: string | null
  event: AuditEvent
  data?: unknown
  /** The branch acted in, when there is one. */
  salonId?: string | null
  /** The customer acted on or contacted. */
  customerId?: string | null
  /** Issue 23: the global admin who did it acting as the employee (`actorId`). */
  impersonatedBy?: string | null
  /**
   * A synced action's times (services/when.ts): when it happened (corrected), when it was
   * received and the device's own clock as reported. Absent: it happened when it was recorded.
   */
  happened?: Happened
}

/** One audit row's values as its insert takes them: ids, the data as JSON text, times as text. */
export function auditValues(e: AuditEntry) {
  return {
    id: uuidv7(),
    organisationId: e.organisationId,
    actorKind: e.actorKind ?? null,
    actorId: e.actorId ?? null,
    event: e.event,
    data: e.data === undefined || e.data === null ? null : JSON.stringify(e.data),
    salonId: e.salonId ?? null,
    customerId: e.customerId ?? null,
    impersonatedBy: e.impersonatedBy ?? (e.actorKind === 'employee' ? impersonatorOf(e.actorId) : null),
    // The audit keeps both clocks: the device's as reported, and the server's receipt
    // (created_at; now when not a synced action); occurred_at is the corrected time the
    // activity log orders and dates by.
    occurredAt: e.happened?.occurredAt?.toISOString() ?? null,
    deviceTime: e.happened?.deviceTime?.toISOString() ?? null,
    createdAt: e.happened?.receivedAt.toISOString() ?? null,
  }
}
export type AuditValues = ReturnType<typeof auditValues>
/** The values, or placeholders for them in a statement built once. */
export type AuditParams = { [K in keyof AuditValues]: AuditValues[K] | Placeholder }

const KEYS = Object.keys(auditValues({ organisationId: null, event: 'login' })) as (keyof AuditValues)[]
/** Placeholders for every value, named `${prefix}${key}` (a statement holding an audit row beside its own values). */
export const auditPlaceholders = (prefix = ''): AuditParams =>
  Object.fromEntries(KEYS.map((k) => [k, sql.placeholder(`${prefix}${k}`)])) as AuditParams

/** The insert of one audit row. The times and the data go as text, cast in SQL, so PGlite and node-postgres send them alike. */
const auditInsert = (db: DbOrTx, v: AuditParams) =>
  db.insert(auditEvents).values({
    id: v.id,
    organisationId: v.organisationId,
    actorKind: v.actorKind,
    actorId: v.actorId,
    event: v.event,
    data: sql`${v.data}::jsonb`,
    salonId: v.salonId,
    customerId: v.customerId,
    impersonatedBy: v.impersonatedBy,
    occurredAt: sql`${v.occurredAt}::timestamptz`,
    deviceTime: sql`${v.deviceTime}::timestamptz`,
    createdAt: sql`coalesce(${v.createdAt}::timestamptz, now())`,
  })

/** The insert, its SQL text built once per database handle. */
const insertAudit = oncePerHandle((db) => auditInsert(db, auditPlaceholders()).prepare('audit_insert'))

export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await insertAudit(db).execute(auditValues(e))
}

/**
 * The same insert as a data-modifying CTE of another statement (`with audit as (insert …)
 * select …`): a read that must leave its audit row writes it in the same round trip and
 * transaction. The customer search does (issue 25: as a statement of its own the audit row cost
 * a third of a search's time, on the server and in the database alike).
 */
export const auditWith = (db: DbOrTx, v: AuditParams) => db.$with('audit', {}).as(auditInsert(db, v).getSQL())

/** The data of an audit row written moments ago, corrected (what it recorded changed before the answer). */
export async function correctAuditData(db: DbOrTx, id: string, data: unknown): Promise<void> {
  await db
    .update(auditEvents)
    .set({ data: sql`${JSON.stringify(data)}::jsonb` })
    .where(eq(auditEvents.id, id))
}

/**
 * An employee's action, as the employee activity log shows it: the caller is the actor, the
 * times of a synced change come with the caller (sync push; services/when.ts), and a global admin acting as
 * the employee is recorded with them (`impersonated_by`, issue 23). A customer acting for themselves is not an employee action:
 * their own activity list (logActivity) records that, so nothing is written here.
 */
export async function auditEmployee(
  db: DbOrTx,
  caller: Caller,
  e: { event: AuditEvent; data?: Record<string, unknown>; salonId?: string | null; customerId?: string | null },
): Promise<void> {
  if (caller.kind !== 'employee') return
  await audit(db, {
    organisationId: caller.organisationId,
    actorKind: 'employee',
    actorId: caller.employeeId,
    event: e.event,
    data: e.data ?? null,
    impersonatedBy: caller.impersonatedBy,
    salonId: e.salonId,
    customerId: e.customerId,
    happened: happenedFor(caller),
  })
}

/** Spec §3 customer activity types. */
export type ActivityType =
  | 'submissionCreated'
  | 'answerUpdated'
  | 'login'
  | 'failedLogin'
  | 'codeRequest'
  | 'profileUpdate'
  | 'documentStatusUpdated'
  | 'documentSent'
  | 'documentDelete'

export async function logActivity(
  db: DbOrTx,
  a: {
    organisationId: string
    customerId: string
    type: ActivityType
    data?: unknown
    /** A write's times (services/when.ts `happenedFor`): dated when it happened, not when synced. */
    happened?: Happened
  },
): Promise<void> {
  await db.insert(customerActivities).values({
    id: uuidv7(),
    organisationId: a.organisationId,
    customerId: a.customerId,
    type: a.type,
    data: withImpersonator(a.data),
    ...(a.happened ? { createdAt: a.happened.occurredAt, receivedAt: a.happened.receivedAt } : {}),
  })
}

/** Issue 23: a customer activity written while a global admin acts as an employee names the admin. */
function withImpersonator(data: unknown): unknown {
  const adminId = currentImpersonator()
  if (!adminId) return data ?? null
  return data && typeof data === 'object' && !Array.isArray(data)
    ? { ...data, impersonatedBy: adminId }
    : { impersonatedBy: adminId }
}
