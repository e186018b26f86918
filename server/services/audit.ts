import { v7 as uuidv7 } from 'uuid'
import type { DbOrTx } from '../db/client'
import { auditEvents, customerActivities } from '../db/schema'

/** Spec §3 audit events. */
export type AuditEvent =
  | 'login'
  | 'failedLogin'
  | 'passwordResetRequest'
  | 'successfulPasswordReset'
  | 'customerCreate'
  | 'customerUpdate'
  | 'customersSearch'
  | 'customerHardDelete'
  | 'employeeCreate'
  | 'employeeUpdate'
  | 'organisationUpdate'
  | 'createRole'
  | 'updateRole'
  | 'salonCreate'
  | 'salonUpdate'
  | 'questionnaireCreate'
  | 'questionnaireUpdate'

export async function audit(
  db: DbOrTx,
  e: { organisationId: string | null; actorKind?: string; actorId?: string | null; event: AuditEvent; data?: unknown },
): Promise<void> {
  await db.insert(auditEvents).values({
    id: uuidv7(),
    organisationId: e.organisationId,
    actorKind: e.actorKind ?? null,
    actorId: e.actorId ?? null,
    event: e.event,
    data: e.data ?? null,
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
  a: { organisationId: string; customerId: string; type: ActivityType; data?: unknown },
): Promise<void> {
  await db.insert(customerActivities).values({
    id: uuidv7(),
    organisationId: a.organisationId,
    customerId: a.customerId,
    type: a.type,
    data: a.data ?? null,
  })
}
