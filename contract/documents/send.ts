import { z } from 'zod'
import { msg } from '../messages'
import { ZCustomerDocument, ZSendChannel } from './index'

/*
 * Sending documents and consent forms to customers (issue 12): one customer from the drawer, many
 * from the customer list, and a consent form's new version to everyone who needs new consent.
 * Every call names the branch acted in (`salonId`, as comments do): the customers must be visible
 * there.
 */

/** The branch the caller acts in (query of every call). */
export const ZDocumentSendScope = z.object({ salonId: z.string().uuid() })

const zDocumentId = z.string(msg('documentSend.selectDocument')).uuid(msg('documentSend.selectDocument'))

/**
 * POST …/customers/{id}/documents: one document (its current version) to this customer. `id` is
 * the client's UUID of the send: the same send again answers the stored one, with no second message.
 */
export const ZSendDocument = z.object({
  id: z.string().uuid(),
  documentId: zDocumentId,
  /** E-mail or WhatsApp within the customer's allowed types, or in-app (their area shows it). */
  channel: ZSendChannel,
})
export type SendDocument = z.input<typeof ZSendDocument>

/**
 * Why one customer of a bulk send was skipped: the key of its text under `send.` in
 * locales/<lang>/validation.json (the questionnaire send's reasons, spec §8 texts).
 */
export const DOCUMENT_SKIP_REASONS = [
  'customerNotFound',
  'notificationType',
  'noPhone',
  'noCredits',
  'tooMany',
] as const
export const ZDocumentSkipReason = z.enum(DOCUMENT_SKIP_REASONS)
export type DocumentSkipReason = z.infer<typeof ZDocumentSkipReason>

/**
 * POST …/customers/documents/send: one document to many customers. Each customer's send gets an
 * id derived from `batchId` and the customer, so the same batch sent again (a lost answer)
 * answers what was sent and sends nothing twice. Without `channel`, each customer's default
 * messaging type.
 */
export const ZBulkSendDocument = z.object({
  batchId: z.string().uuid(),
  documentId: zDocumentId,
  customerIds: z.array(z.string().uuid()).min(1, msg('required')).max(500),
  channel: ZSendChannel.optional(),
})
export type BulkSendDocument = z.input<typeof ZBulkSendDocument>

/** POST …/documents/{id}/reconsent: the form's current version to everyone in the branch who needs it. */
export const ZReconsentSend = z.object({
  batchId: z.string().uuid(),
  channel: ZSendChannel.optional(),
})
export type ReconsentSend = z.input<typeof ZReconsentSend>

/** One customer's outcome: sent (with the send's id and channel) or skipped with a reason code. */
export const ZDocumentSendOutcome = z.object({
  customerId: z.string().uuid(),
  name: z.string(),
  status: z.enum(['sent', 'skipped']),
  customerDocumentId: z.string().uuid().nullable(),
  channel: ZSendChannel.nullable(),
  reason: ZDocumentSkipReason.nullable(),
})
export type DocumentSendOutcome = z.infer<typeof ZDocumentSendOutcome>

export const ZBulkSendResult = z.object({
  sent: z.number().int(),
  skipped: z.number().int(),
  results: z.array(ZDocumentSendOutcome),
})
export type BulkSendResult = z.infer<typeof ZBulkSendResult>

export const ZCustomerDocumentList = z.array(ZCustomerDocument)
