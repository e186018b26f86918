import { sql } from 'drizzle-orm'
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

/**
 * The insert of one audit row, its SQL text built once per database handle (every customer
 * search writes one, outside a transaction). The times and the data go as text, cast in SQL, so
 * PGlite and node-postgres send them alike.
 */
const insertAudit = oncePerHandle((db) => {
  const p = sql.placeholder
  return db
    .insert(auditEvents)
    .values({
      id: p('id'),
      organisationId: p('organisationId'),
      actorKind: p('actorKind'),
      actorId: p('actorId'),
      event: p('event'),
      data: sql`${p('data')}::jsonb`,
      salonId: p('salonId'),
      customerId: p('customerId'),
      impersonatedBy: p('impersonatedBy'),
      occurredAt: sql`${p('occurredAt')}::timestamptz`,
      deviceTime: sql`${p('deviceTime')}::timestamptz`,
      createdAt: sql`coalesce(${p('createdAt')}::timestamptz, now())`,
    })
    .prepare('audit_insert')
})

export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await insertAudit(db).execute({
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
  })
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
