import { z } from 'zod'

/** Spec §3 customer activity types shown in the customer's activity list. */
export const CUSTOMER_ACTIVITY_TYPES = [
  'submissionCreated',
  'answerUpdated',
  'login',
  'failedLogin',
  'codeRequest',
  'profileUpdate',
  // Issue 12: documents and consent forms sent, answered (seen, accepted, declined) or removed.
  'documentStatusUpdated',
  'documentSent',
  'documentDelete',
] as const
export const ZCustomerActivity = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  customerName: z.string(),
  type: z.enum(CUSTOMER_ACTIVITY_TYPES),
  data: z.unknown(),
  createdAt: z.string(),
})
export type CustomerActivity = z.infer<typeof ZCustomerActivity>
/** Spec §9: the activity filter offers last 7 days, last 30 days and all. */
export const ZActivityPeriod = z.enum(['7d', '30d', 'all'])
export type ActivityPeriod = z.infer<typeof ZActivityPeriod>
export const ZActivitiesQuery = z.object({
  customerId: z.string().uuid().optional(),
  period: ZActivityPeriod.default('all'),
})
