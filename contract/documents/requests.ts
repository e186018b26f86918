import { z } from 'zod'
import { customIssue, msg } from '../messages'
import { DOCUMENT_NAME_MAX, DOCUMENT_TEXT_MAX, ZDocument, ZDocumentKind, ZDocumentVersion } from './index'

/*
 * What the documents screen sends (issue 12; spec: GET and POST /organisations/{org}/documents,
 * PUT /organisations/{org}/documents/{id}). The server sanitises `text` (rich text HTML), checks
 * that `pdf.path` is one of the organisation's uploads (`<org>/pdf/<uuid>.pdf`) and hashes it.
 */

/** An uploaded PDF named by its storage path (POST …/upload/pdf answered it) and its file name. */
export const ZDocumentPdfInput = z.object({
  path: z.string().trim().min(1, msg('documentForm.pdf')).max(300),
  name: z.string().trim().min(1).max(255),
})
export type DocumentPdfInput = z.output<typeof ZDocumentPdfInput>

const zName = z.string().trim().min(1, msg('documentForm.name')).max(DOCUMENT_NAME_MAX)
const zText = z.string().max(DOCUMENT_TEXT_MAX)

/** A rich text without any words in it (`<p><br></p>`) counts as empty. */
export const isBlankRichText = (html: string | null | undefined) =>
  !html ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim() === ''

export const ZCreateDocument = z
  .object({
    kind: ZDocumentKind.optional(),
    name: zName,
    text: zText.nullish(),
    pdf: ZDocumentPdfInput.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.kind) return ctx.addIssue({ ...customIssue('documentForm.kind'), path: ['kind'] })
    if (v.kind === 'pdfDocument' && !v.pdf) ctx.addIssue({ ...customIssue('documentForm.pdf'), path: ['pdf'] })
    if (v.kind !== 'pdfDocument' && isBlankRichText(v.text))
      ctx.addIssue({ ...customIssue('documentForm.text'), path: ['text'] })
  })
export type CreateDocument = z.output<typeof ZCreateDocument>

/**
 * A change: the form name always; `text` / `pdf` when they change (absent: kept); `archived` for
 * an information or PDF document (a consent form is never archived: CONSENT_FORM_IMMUTABLE). A
 * change of the content writes a new version; the kind never changes.
 */
export const ZUpdateDocument = z.object({
  name: zName,
  text: zText.optional(),
  pdf: ZDocumentPdfInput.optional(),
  archived: z.boolean().optional(),
})
export type UpdateDocument = z.output<typeof ZUpdateDocument>

export const ZDocumentListQuery = z.object({
  /** Archived information documents too (the screen's filter). */
  includeArchived: z.stringbool().default(false),
})

/** How many customers the document was sent to, by status (live sends of any version). */
export const ZDocumentCounts = z.object({
  sent: z.number().int(),
  seen: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
})
export type DocumentCounts = z.infer<typeof ZDocumentCounts>

/** A row of the documents list: the document with its counts. */
export const ZDocumentListItem = ZDocument.extend({ counts: ZDocumentCounts })
export type DocumentListItem = z.infer<typeof ZDocumentListItem>

/** What a create or update answers: the list row and the current version (the editor's content). */
export const ZDocumentDetail = ZDocumentListItem.extend({ currentVersion: ZDocumentVersion })
export type DocumentDetail = z.infer<typeof ZDocumentDetail>
