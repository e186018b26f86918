import { z } from 'zod'

/*
 * Documents and consent forms (issue 12; spec §3 "Document", §4 "Consent forms cannot be edited
 * or deleted after creation"). A document is the stable identity; each change writes a new,
 * immutable version identified by the SHA-256 of its content. A customer document is one version
 * sent to (or handed over on a tablet to) one customer, with its status; an accept or decline is
 * recorded as evidence in a hash chain per organisation.
 */

/** Spec §3: the interface names them Consent form, Information document, PDF information document. */
export const DOCUMENT_KINDS = ['consentForm', 'document', 'pdfDocument'] as const
export const ZDocumentKind = z.enum(DOCUMENT_KINDS)
export type DocumentKind = z.infer<typeof ZDocumentKind>

/** Spec §3/§4: notSeen → seen → accepted | declined (an information document is only seen). */
export const CUSTOMER_DOCUMENT_STATUSES = ['notSeen', 'seen', 'accepted', 'declined'] as const
export const ZCustomerDocumentStatus = z.enum(CUSTOMER_DOCUMENT_STATUSES)
export type CustomerDocumentStatus = z.infer<typeof ZCustomerDocumentStatus>

/** How a document reached the customer: the spec's notification channels, or a tablet hand-over. */
export const DOCUMENT_CHANNELS = ['email', 'whatsApp', 'inApp', 'tablet'] as const
export const ZDocumentChannel = z.enum(DOCUMENT_CHANNELS)
export type DocumentChannel = z.infer<typeof ZDocumentChannel>
/** What staff choose when sending (a tablet hand-over is the kiosk's). */
export const SEND_CHANNELS = ['email', 'whatsApp', 'inApp'] as const
export const ZSendChannel = z.enum(SEND_CHANNELS)
export type SendChannel = z.infer<typeof ZSendChannel>

/** Where the customer answered: their own phone or computer, or the salon's tablet. */
export const EVIDENCE_CHANNELS = ['ownDevice', 'tablet'] as const
export const ZEvidenceChannel = z.enum(EVIDENCE_CHANNELS)
export type EvidenceChannel = z.infer<typeof ZEvidenceChannel>

/** Limits (DESIGN/spec constants for documents). */
export const DOCUMENT_NAME_MAX = 200
export const DOCUMENT_TEXT_MAX = 200_000
/** An uploaded PDF information document: at most 20 MB. */
export const PDF_MAX_BYTES = 20 * 1024 * 1024
/** A drawn signature as a PNG data URL: at most 512 kB. */
export const SIGNATURE_MAX_BYTES = 512 * 1024
export const DECLINE_REASON_MAX = 1000

/** A stored PDF of a version (`<org>/pdf/<uuid>.pdf`). */
export const ZDocumentPdf = z.object({
  path: z.string().max(300),
  /** Where to read it (`/storage/…`). */
  url: z.string().max(400),
  name: z.string().max(255),
  size: z.number().int().nonnegative(),
})
export type DocumentPdf = z.infer<typeof ZDocumentPdf>

/** A document as lists and the replica hold it (the current version's name). */
export const ZDocument = z.object({
  id: z.string().uuid(),
  kind: ZDocumentKind,
  name: z.string(),
  currentVersionId: z.string().uuid(),
  currentVersionNumber: z.number().int(),
  versionsCount: z.number().int(),
  /** An information document taken out of use (never a consent form). */
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type Document = z.infer<typeof ZDocument>

/** One immutable version of a document. */
export const ZDocumentVersion = z.object({
  id: z.string().uuid(),
  documentId: z.string().uuid(),
  number: z.number().int(),
  name: z.string(),
  /** Sanitised rich text (consent form, information document); null for a PDF document. */
  text: z.string().nullable(),
  pdf: ZDocumentPdf.nullable(),
  /** SHA-256 (hex) of `versionContentOf` (what the evidence names). */
  contentHash: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  version: z.number().int(),
})
export type DocumentVersion = z.infer<typeof ZDocumentVersion>

/** What an accept or decline recorded (the customer document carries its summary). */
export const ZEvidenceSummary = z.object({
  id: z.string().uuid(),
  position: z.number().int(),
  recordHash: z.string(),
  versionHash: z.string(),
  decision: z.enum(['accepted', 'declined']),
  channel: ZEvidenceChannel,
  typedName: z.string().nullable(),
  /**
   * How an acceptance was signed (issue 21 #23): drawn, or typed with the explicit statement.
   * Null for a decline and for acceptances recorded before the method was kept; optional so a
   * replica's rows from before it still parse.
   */
  signatureMethod: z.enum(['drawn', 'typed']).nullable().optional(),
  takenByName: z.string().nullable(),
  deviceName: z.string().nullable(),
  /** The device's clock at the answer, as reported (kept as evidence; dates nothing). */
  deviceTime: z.string().nullable(),
  receivedAt: z.string(),
  /**
   * When the customer answered: the device's time corrected by its offset, never later than
   * `receivedAt` (ARCHITECTURE "Time"); what screens and the certificate show. Optional: replicas
   * filled before it hold none (show `receivedAt` then).
   */
  occurredAt: z.string().optional(),
})
export type EvidenceSummary = z.infer<typeof ZEvidenceSummary>

/** One document sent to one customer, with its status (synced; the customer's own list too). */
export const ZCustomerDocument = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
  documentId: z.string().uuid(),
  versionId: z.string().uuid(),
  kind: ZDocumentKind,
  /** The sent version's name and number (what the customer saw). */
  name: z.string(),
  versionNumber: z.number().int(),
  status: ZCustomerDocumentStatus,
  channel: ZDocumentChannel,
  sentAt: z.string(),
  sentByName: z.string(),
  seenAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  evidence: ZEvidenceSummary.nullable(),
  version: z.number().int(),
})
export type CustomerDocument = z.infer<typeof ZCustomerDocument>

/**
 * The canonical content of a version, hashed (SHA-256, hex) into `contentHash`: kind, name, text
 * and the PDF's own SHA-256, one JSON array so no field can bleed into another.
 */
export function versionContentOf(v: {
  kind: DocumentKind
  name: string
  text: string | null
  pdfSha256: string | null
}): string {
  return JSON.stringify(['salon-document-v1', v.kind, v.name, v.text ?? null, v.pdfSha256 ?? null])
}

/** Whether answering applies: a consent form is accepted or declined; other kinds are only seen. */
export const needsAnswer = (kind: DocumentKind): boolean => kind === 'consentForm'

/**
 * Re-consent (issue 12), one rule for the card, the tablet and the server's bulk re-send:
 * - `current`: the customer accepted the form's current version (or never accepted any version);
 * - `needed`: they accepted an older version and the current one was not sent to them since;
 * - `sent`: they accepted an older version and the current one is waiting for their answer.
 */
export type ReconsentState = 'current' | 'needed' | 'sent'
export function reconsentState(
  sent: readonly Pick<CustomerDocument, 'documentId' | 'versionId' | 'status'>[],
  document: Pick<Document, 'id' | 'kind' | 'currentVersionId'>,
): ReconsentState {
  if (document.kind !== 'consentForm') return 'current'
  const mine = sent.filter((d) => d.documentId === document.id)
  const current = mine.filter((d) => d.versionId === document.currentVersionId)
  if (current.some((d) => d.status === 'accepted')) return 'current'
  if (!mine.some((d) => d.versionId !== document.currentVersionId && d.status === 'accepted')) return 'current'
  return current.some((d) => d.status === 'notSeen' || d.status === 'seen') ? 'sent' : 'needed'
}
