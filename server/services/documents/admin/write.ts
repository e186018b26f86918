import { createHash } from 'node:crypto'
import { eq, max } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { type DocumentKind, versionContentOf } from '../../../../contract/documents'
import type {
  CreateDocument,
  DocumentDetail,
  DocumentPdfInput,
  UpdateDocument,
} from '../../../../contract/documents/requests'
import { isBlankRichText } from '../../../../contract/documents/requests'
import { authorize, employeeIdOf, type TenantCaller } from '../../../auth/caller'
import type { Db, DbOrTx } from '../../../db/client'
import { documents, documentVersions } from '../../../db/schema'
import { nextVersion } from '../../../db/versions'
import { AppError, fieldError, validationError } from '../../../errors'
import type { FileStore } from '../../../integrations/storage'
import { sanitizeRichText } from '../../../lib/rich-text'
import { tenant } from '../../../scope'
import { auditEmployee } from '../../audit'
import { isPdf } from '../../uploads/pdf'
import { documentDetail, loadDocument } from './read'
import { authorOf } from '../../employees/author'

/*
 * The documents screen's writes (issue 12; spec manageDocuments), online only. A document's
 * content (form name, text, PDF) lives in immutable versions: a change of content writes version
 * N+1 and points the document at it, for every kind, so what a customer saw is always kept (and
 * the database refuses changing a written version: trigger document_versions_immutable). Each
 * version is identified by the SHA-256 of its canonical content (contract versionContentOf), a
 * PDF by its file's own SHA-256. A consent form is never archived or deleted (spec §4); an
 * information or PDF document may be archived and brought back. The kind never changes.
 * Audit: documentCreate / documentUpdate (ids, kind and version number only).
 */

type Base = { db: Db; caller: TenantCaller; storage: FileStore }

/** What a version says: the content that is hashed, with the PDF's stored file. */
type Content = {
  name: string
  text: string | null
  pdf: { key: string; name: string; size: number; sha256: string } | null
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

const hashOf = (kind: DocumentKind, c: Content) =>
  sha256(versionContentOf({ kind, name: c.name, text: c.text, pdfSha256: c.pdf?.sha256 ?? null }))

/** `<org>/pdf/<name>.pdf`: a file uploaded to this organisation's PDF storage (POST …/upload/pdf). */
const pdfPathOf = (orgId: string) => new RegExp(`^${orgId}/pdf/[A-Za-z0-9_-]{1,100}\\.pdf$`)

/** The uploaded PDF a document names: the organisation's, stored, a PDF; hashed from its bytes. */
async function resolvePdf(storage: FileStore, orgId: string, pdf: { path: string; name: string }) {
  const bytes = pdfPathOf(orgId).test(pdf.path) ? await storage.read(pdf.path) : null
  if (!bytes || !isPdf(bytes)) throw validationError([fieldError('pdf.path', 'documentForm.pdfPath')])
  return { key: pdf.path, name: pdf.name, size: bytes.length, sha256: sha256(bytes) }
}

/** The sanitised text of a consent form or information document; an empty one is refused. */
function cleanText(text: string | null | undefined): string {
  const clean = sanitizeRichText(text ?? '')
  if (isBlankRichText(clean)) throw validationError([fieldError('text', 'documentForm.text')])
  return clean
}

async function insertVersion(
  tx: DbOrTx,
  o: { caller: TenantCaller; documentId: string; kind: DocumentKind; number: number; content: Content },
) {
  const id = uuidv7()
  const author = await authorOf(tx, o.caller)
  await tx.insert(documentVersions).values({
    id,
    organisationId: o.caller.organisationId,
    documentId: o.documentId,
    number: o.number,
    name: o.content.name,
    text: o.content.text,
    pdfKey: o.content.pdf?.key ?? null,
    pdfName: o.content.pdf?.name ?? null,
    pdfSize: o.content.pdf?.size ?? null,
    contentHash: hashOf(o.kind, o.content),
    createdBy: author?.employeeId ?? null,
    createdByName: author?.name ?? '',
    version: await nextVersion(tx, o.caller.organisationId),
  })
  return id
}

/** POST /organisations/{org}/documents: the document and its version 1, in one transaction. */
export async function createDocument(opts: Base & { input: CreateDocument }): Promise<DocumentDetail> {
  const { db, caller, input } = opts
  authorize(caller, 'documents.manage')
  const kind = input.kind as DocumentKind
  const content: Content =
    kind === 'pdfDocument'
      ? {
          name: input.name,
          text: null,
          pdf: await resolvePdf(opts.storage, caller.organisationId, input.pdf as DocumentPdfInput),
        }
      : { name: input.name, text: cleanText(input.text), pdf: null }
  const id = uuidv7()
  await db.transaction(async (tx) => {
    // The version row's id is made first so the document never points at nothing.
    const version = await nextVersion(tx, caller.organisationId)
    await tx.insert(documents).values({
      id,
      organisationId: caller.organisationId,
      kind,
      name: content.name,
      versionsCount: 1,
      createdBy: employeeIdOf(caller),
      version,
    })
    const versionId = await insertVersion(tx, { caller, documentId: id, kind, number: 1, content })
    await tx
      .update(documents)
      .set({ currentVersionId: versionId })
      .where(tenant(documents, caller, eq(documents.id, id)))
    await auditEmployee(tx, caller, { event: 'documentCreate', data: { documentId: id, kind, versionNumber: 1 } })
  })
  return documentDetail(db, caller, id)
}

/**
 * PUT /organisations/{org}/documents/{id}: a changed form name, text or PDF writes version N+1
 * (the written ones stay as they are); `archived` takes an information or PDF document out of
 * use or back. Nothing changed: nothing written.
 */
export async function updateDocument(opts: Base & { id: string; input: UpdateDocument }): Promise<DocumentDetail> {
  const { db, caller, id, input } = opts
  authorize(caller, 'documents.manage')
  // Read (and the PDF hashed) before the transaction: a 20 MB file is not read under a row lock.
  const before = await loadDocument(db, caller, id)
  const kind = before.kind as DocumentKind
  if (kind === 'consentForm' && input.archived === true) throw new AppError('CONSENT_FORM_IMMUTABLE')
  const newPdf =
    kind === 'pdfDocument' && input.pdf ? await resolvePdf(opts.storage, caller.organisationId, input.pdf) : null
  const newText = kind !== 'pdfDocument' && input.text !== undefined ? cleanText(input.text) : null
  await db.transaction(async (tx) => {
    const doc = await loadDocument(tx, caller, id, true)
    const [current] = await tx
      .select()
      .from(documentVersions)
      .where(tenant(documentVersions, caller, eq(documentVersions.id, doc.currentVersionId ?? id)))
    if (!current) throw new AppError('DOCUMENT_NOT_FOUND')
    const keptPdf =
      current.pdfKey && !newPdf
        ? await resolvePdf(opts.storage, caller.organisationId, {
            path: current.pdfKey,
            name: current.pdfName ?? 'document.pdf',
          })
        : null
    const content: Content = {
      name: input.name,
      text: kind === 'pdfDocument' ? null : (newText ?? current.text),
      pdf: kind === 'pdfDocument' ? (newPdf ?? keptPdf) : null,
    }
    // The file name shown is part of what the customer sees: a renamed upload is a new version
    // too; the same bytes uploaded again under the same name are no change.
    const changed =
      hashOf(kind, content) !== current.contentHash || (content.pdf !== null && content.pdf.name !== current.pdfName)
    const archive = input.archived === undefined ? undefined : input.archived !== (doc.archivedAt !== null)
    if (!changed && !archive) return
    const set: Partial<typeof documents.$inferInsert> = {
      version: await nextVersion(tx, caller.organisationId),
      updatedAt: new Date(),
    }
    let number = current.number
    if (changed) {
      const [top] = await tx
        .select({ n: max(documentVersions.number) })
        .from(documentVersions)
        .where(tenant(documentVersions, caller, eq(documentVersions.documentId, id)))
      number = (top?.n ?? current.number) + 1
      set.currentVersionId = await insertVersion(tx, { caller, documentId: id, kind, number, content })
      set.name = content.name
      set.versionsCount = number
    }
    if (archive) set.archivedAt = input.archived ? new Date() : null
    await tx
      .update(documents)
      .set(set)
      .where(tenant(documents, caller, eq(documents.id, id)))
    await auditEmployee(tx, caller, {
      event: 'documentUpdate',
      data: {
        documentId: id,
        kind,
        versionNumber: number,
        newVersion: changed,
        ...(archive ? { archived: input.archived } : {}),
      },
    })
  })
  return documentDetail(db, caller, id)
}
