import { z } from 'zod'

/** Plug&Pay sends ids as numbers; we keep them as text (the idempotency key, the API path). */
const zPlugAndPayId = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^[A-Za-z0-9_-]+$/))

/**
 * POST /organisations/plug-and-pay/new-organisation/webhook (issue 23 G1): Plug&Pay's webhooks
 * V2 carry only the event (research §5); the order itself is fetched from its API.
 */
export const ZPlugAndPayWebhook = z.object({
  trigger_type: z.string().trim().min(1).max(100),
  triggerable_id: zPlugAndPayId,
  triggerable_type: z.string().trim().max(100).optional(),
  tenant_id: zPlugAndPayId,
  rule_id: z.union([z.string().max(64), z.number()]).optional(),
  sent_at: z.string().max(64).optional(),
})
export type PlugAndPayWebhook = z.infer<typeof ZPlugAndPayWebhook>

/** Why an event made no organisation (it is answered 200 all the same: Plug&Pay need not retry). */
export const PLUG_AND_PAY_IGNORED = [
  'otherTrigger',
  'orderNotFound',
  'notPaid',
  'otherProduct',
  'noEmail',
  'emailTaken',
] as const

/**
 * The answer: `created` (the organisation and its invited owner), `alreadyHandled` (a replay of
 * an order that made one) or `ignored` with the reason. Only Plug&Pay (the key's holder) reads it.
 */
export const ZPlugAndPayOutcome = z.object({
  outcome: z.enum(['created', 'alreadyHandled', 'ignored']),
  reason: z.enum(PLUG_AND_PAY_IGNORED).optional(),
  organisationId: z.string().uuid().nullable().optional(),
})
export type PlugAndPayOutcome = z.infer<typeof ZPlugAndPayOutcome>
