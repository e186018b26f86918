import type { Caller } from '../../../contract/policy'
import { authorize } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../errors'
import { type AuditEvent, audit } from '../audit'

/** The global admin acting (`platform.manage` is theirs alone; the check narrows the type). */
export function adminOf(caller: Caller): string {
  authorize(caller, 'platform.manage')
  if (caller.kind !== 'globalAdmin') throw new AppError('FORBIDDEN')
  return caller.adminId
}

/** Who did what: the admin as the actor; `organisationId` when it concerns one organisation. */
export const auditAdmin = (
  db: DbOrTx,
  adminId: string,
  e: { event: AuditEvent; organisationId?: string | null; data: Record<string, unknown> },
) =>
  audit(db, {
    organisationId: e.organisationId ?? null,
    actorKind: 'globalAdmin',
    actorId: adminId,
    event: e.event,
    data: e.data,
  })
