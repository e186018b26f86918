import { z } from 'zod'
import { ZContactChannel, ZLanguage } from '../enums'
import { MSG } from '../validation'
import { QUESTIONNAIRE_MSG } from './messages'

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

/** Spec §8 texts of sending a questionnaire, per customer and afterwards. */
export const SEND_MSG = {
  noPhone: 'Customer does not have a phone number.',
  notificationType: 'Customer does not accept this notification type.',
  noCredits: 'Not enough Whatsapp credits.',
  customerNotFound: 'Customer not found.',
  failedTo: 'Failed to send questionnaire to: {{names}}.',
  /** Ours (issue 7 #13): this customer got as many messages as the window allows. */
  tooMany: 'This customer has received too many messages; try again in 15 minutes.',
} as const

/** POST …/questionnaires/send: one questionnaire to one or many customers. */
export const ZSendQuestionnaire = z.object({
  questionnaireId: z
    .string({ error: QUESTIONNAIRE_MSG.selectQuestionnaire })
    .uuid(QUESTIONNAIRE_MSG.selectQuestionnaire),
  customerIds: z.array(z.string().uuid()).min(1, MSG.required).max(500),
  /** Without a channel each customer gets their default messaging type. */
  channel: ZContactChannel.optional(),
  /** Overrides the questionnaire's (or the default) template; {{name}} and {{link}} are filled in. */
  message: z.string().trim().min(1).max(2000).optional(),
})
export type SendQuestionnaire = z.input<typeof ZSendQuestionnaire>
export const ZSendResult = z.object({
  sent: z.array(z.object({ customerId: z.string().uuid(), channel: ZContactChannel })),
  failed: z.array(z.object({ customerId: z.string().uuid(), name: z.string(), message: z.string() })),
  /** "Failed to send questionnaire to: {{names}}." with the names filled in, when any failed. */
  message: z.string().nullable(),
})
export type SendResult = z.infer<typeof ZSendResult>
