import { z } from 'zod'
import { AUDIT_EVENTS } from './value-lists'

export { AUDIT_EVENTS }

export const ZAuditEvent = z.enum(AUDIT_EVENTS)
export type AuditEvent = z.infer<typeof ZAuditEvent>
