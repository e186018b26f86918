import { z } from 'zod'
import { type MessageKey, msg } from '../messages'
import { ZContactChannel, ZLanguage } from '../enums'

export const ZMessageTemplateQuery = z.object({ language: ZLanguage.optional() })
export const ZMessageTemplate = z.object({
  language: ZLanguage,
  channel: ZContactChannel.optional(),
  subject: z.string(),
  /** Placeholders: {{name}} (the customer's first name) and {{link}} (the shortcut link). */
  text: z.string(),
})

/** Fills {{name}} and {{link}} (and any other {{key}}) in a message template. */
export const fillTemplate = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => values[k] ?? m)

/** POST …/questionnaires/send: one questionnaire to one or many customers. */
export const ZSendQuestionnaire = z.object({
  questionnaireId: z.string(msg('questionnaire.selectQuestionnaire')).uuid(msg('questionnaire.selectQuestionnaire')),
  customerIds: z.array(z.string().uuid()).min(1, msg('required')).max(500),
  /** Without a channel each customer gets their default messaging type. */
  channel: ZContactChannel.optional(),
  /** Overrides the questionnaire's (or the default) template; {{name}} and {{link}} are filled in. */
  message: z.string().trim().min(1).max(2000).optional(),
})
export type SendQuestionnaire = z.input<typeof ZSendQuestionnaire>
/**
 * Why one customer was not sent, as a key of the contract catalogue (contract/messages.ts, under
 * `send.`): the client translates it from locales/<lang>/validation.json, never from the text.
 */
export const SEND_FAILURE_CODES = [
  'send.customerNotFound',
  'send.notificationType',
  'send.noPhone',
  'send.tooMany',
  'send.noCredits',
] as const satisfies readonly MessageKey[]
export const ZSendFailureCode = z.enum(SEND_FAILURE_CODES)
export type SendFailureCode = z.infer<typeof ZSendFailureCode>
export const ZSendResult = z.object({
  sent: z.array(z.object({ customerId: z.string().uuid(), channel: ZContactChannel })),
  /** Per customer `{ code, params }` to translate (see contract/messages.ts) and the English `message`. */
  failed: z.array(
    z.object({
      customerId: z.string().uuid(),
      name: z.string(),
      code: ZSendFailureCode,
      params: z.record(z.string(), z.string()),
      message: z.string(),
    }),
  ),
  /** `send.failedTo` with the names (joined by ", ") to fill in, when any failed; translate this. */
  summary: z.object({ code: z.literal('send.failedTo'), params: z.object({ names: z.string() }) }).nullable(),
  /** "Failed to send questionnaire to: {{names}}." with the names filled in, when any failed (English). */
  message: z.string().nullable(),
})
export type SendResult = z.infer<typeof ZSendResult>
