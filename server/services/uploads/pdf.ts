import { v4 as uuidv4 } from 'uuid'
import { type DocumentPdf, PDF_MAX_BYTES } from '../../../contract/documents'
import { authorize, type TenantCaller } from '../../auth/caller'
import { invalidFile } from '../../errors'
import { type FileStore, storageUrl } from '../../integrations/storage'

/** How far from the end the `%%EOF` marker may sit (writers add line ends and padding after it). */
const EOF_WINDOW = 1024

/**
 * A PDF by its own bytes, never its name or declared type: the header `%PDF-` at the start and
 * the end-of-file marker `%%EOF` near the end (a cut-off upload has none).
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1')
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW))).toString('latin1')
  return head === '%PDF-' && tail.includes('%%EOF')
}

/** Refuses an empty, oversized or other file (the uploads' field error on `file`). */
export function checkPdf(bytes: Buffer) {
  if (bytes.length > PDF_MAX_BYTES) throw invalidFile('documentForm.pdfSize')
  if (!isPdf(bytes)) throw invalidFile('documentForm.pdfType')
}

/** The name the customer sees: the uploaded file's own, without a path; `document.pdf` if none. */
export function pdfNameOf(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop()?.trim() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255)
  if (!clean) return 'document.pdf'
  return /\.pdf$/i.test(clean) ? clean : `${clean.slice(0, 251)}.pdf`
}

/**
 * Stores a PDF information document under `<org>/pdf/<uuid>.pdf`; with the client's `id` under
 * that id, so a retried upload answers the same path.
 */
export async function savePdf(opts: {
  storage: FileStore
  organisationId: string
  bytes: Buffer
  filename?: string
  id?: string
}): Promise<DocumentPdf> {
  checkPdf(opts.bytes)
  const rel = `${opts.organisationId}/pdf/${opts.id ?? uuidv4()}.pdf`
  // A retry under the client's id: the first upload stands (uploads/index.ts).
  if (!(await opts.storage.put(rel, opts.bytes, { ifAbsent: true })) && !opts.id) throw new Error(`${rel} exists`)
  return { path: rel, url: storageUrl(rel), name: pdfNameOf(opts.filename), size: opts.bytes.length }
}

/**
 * POST /organisations/{org}/upload/pdf: a PDF information document, by staff who manage documents
 * (policy uploads.pdf). The caller is checked and the upload counted (the organisation's upload
 * budget, like images and audio) before the body is read.
 */
export async function uploadPdf(opts: {
  caller: TenantCaller
  storage: FileStore
  count: (key: string) => Promise<void>
  read: () => Promise<{ bytes: Buffer; filename?: string; id?: string }>
}) {
  const { caller } = opts
  authorize(caller, 'uploads.pdf')
  await opts.count(`uploads:${caller.organisationId}`)
  const file = await opts.read()
  return savePdf({ storage: opts.storage, organisationId: caller.organisationId, ...file })
}
