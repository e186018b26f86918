import { z } from 'zod'
import { customIssue } from '../messages'
import {
  DECLINE_REASON_MAX,
  DOCUMENT_NAME_MAX,
  SIGNATURE_MAX_BYTES,
  ZCustomerDocument,
  ZDocumentKind,
  ZDocumentPdf,
} from '.'

/*
 * The customer reads and answers a document (issue 12): on their own phone (PUT …/documents/{docId},
 * their session) or on the salon's tablet handed over by staff (the same PUT, or offline the sync
 * mutation `customerDocument.respond`). Seen is idempotent; a consent form is accepted (a drawn
 * signature and the typed name) or declined (an optional reason) once.
 */

export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,'
/** The longest data URL a signature of SIGNATURE_MAX_BYTES can be (base64: 4 characters per 3 bytes). */
const SIGNATURE_URL_MAX = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4
export const TYPED_NAME_MAX = 200

/** The device's own clock and name (evidence: shown next to the server's receive time). */
const ZDevice = z.object({
  deviceTime: z.string().datetime({ offset: true }),
  deviceId: z.string().trim().max(100).optional(),
  deviceName: z.string().trim().max(100).optional(),
})

/**
 * A drawn signature as a PNG data URL. Checked here by shape and size; the server decodes it and
 * checks the bytes are a PNG (a renamed other file is refused).
 */
const signatureProblem = (v: string) =>
  !v.startsWith(SIGNATURE_DATA_URL_PREFIX) || v.length <= SIGNATURE_DATA_URL_PREFIX.length
    ? ('signing.signature' as const)
    : v.length > SIGNATURE_URL_MAX
      ? ('signing.signatureSize' as const)
      : null

export const ZSignature = z.string().superRefine((v, ctx) => {
  const problem = signatureProblem(v)
  if (problem) ctx.addIssue(customIssue(problem))
})

const ZTypedName = z
  .string()
  .trim()
  .max(TYPED_NAME_MAX)
  .superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue(customIssue('signing.typedName'))
  })

/**
 * Issue 21 #23: how an acceptance is signed. `drawn`: on the signature pad. `typed`: for a person
 * who cannot draw (keyboard, switch, screen reader) — the typed name counts as the signature once
 * they tick the explicit statement (`typedStatement: true`); no drawing is sent.
 */
export const SIGNATURE_METHODS = ['drawn', 'typed'] as const
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number]

export const ZRespondSeen = ZDevice.extend({ status: z.literal('seen') })
export const ZRespondAccepted = ZDevice.extend({
  status: z.literal('accepted'),
  /** Absent: drawn (what every client sent before typed signing existed). */
  signatureMethod: z.enum(SIGNATURE_METHODS).default('drawn'),
  signature: z.string().optional(),
  typedName: ZTypedName,
  typedStatement: z.boolean().optional(),
}).superRefine((v, ctx) => {
  if (v.signatureMethod === 'typed') {
    if (v.typedStatement !== true) ctx.addIssue({ ...customIssue('signing.typedStatement'), path: ['typedStatement'] })
    if (v.signature !== undefined) ctx.addIssue({ ...customIssue('signing.signature'), path: ['signature'] })
    return
  }
  const problem = signatureProblem(v.signature ?? '')
  if (problem) ctx.addIssue({ ...customIssue(problem), path: ['signature'] })
})
export const ZRespondDeclined = ZDevice.extend({
  status: z.literal('declined'),
  reason: z.string().trim().max(DECLINE_REASON_MAX).optional(),
})

/** PUT …/customers/{id}/documents/{docId}. */
export const ZRespondDocument = z.discriminatedUnion('status', [ZRespondSeen, ZRespondAccepted, ZRespondDeclined])
export type RespondDocument = z.infer<typeof ZRespondDocument>

/**
 * The tablet's offline answer (sync mutation `customerDocument.respond`): the customer document
 * (`id`), its customer and the tablet's branch, and — when staff handed over a consent form that
 * was never sent to this customer — the version shown (`handOver`), which creates the customer
 * document with this client-made id (channel tablet). Idempotent on `id`: pushed twice, or after
 * the server already has the row, it is answered with the stored row and one evidence record.
 */
export const ZRespondDocumentMutation = z.intersection(
  ZRespondDocument,
  z.object({
    id: z.string().uuid(),
    customerId: z.string().uuid(),
    salonId: z.string().uuid(),
    handOver: z
      .object({
        documentId: z.string().uuid(),
        versionId: z.string().uuid(),
        /** What the tablet shows on its pending row; the server takes both from the version. */
        kind: ZDocumentKind.optional(),
        name: z.string().max(DOCUMENT_NAME_MAX).optional(),
        versionNumber: z.number().int().optional(),
      })
      .optional(),
  }),
)
export type RespondDocumentMutation = z.infer<typeof ZRespondDocumentMutation>

/** A customer document in the customer's own area, with the content of the version sent. */
export const ZMyDocument = ZCustomerDocument.extend({
  /** Sanitised rich text (consent form, information document); null for a PDF. */
  text: z.string().nullable(),
  pdf: ZDocumentPdf.nullable(),
  salonName: z.string(),
})
export type MyDocument = z.infer<typeof ZMyDocument>
