import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DocumentVersion } from '../../../../contract/documents'
import type { DocumentCounts, DocumentDetail, DocumentListItem } from '../../../../contract/documents/requests'
import { authorize, type TenantCaller } from '../../../auth/caller'
import type { DbOrTx } from '../../../db/client'
import { customerDocuments, documents, documentVersions } from '../../../db/schema'
import { AppError } from '../../../errors'
import { tenant } from '../../../scope'
import { type DocumentRow, documentsWithNumbers, toDocumentVersion } from '../rows'

/*
 * The documents screen's reads (issue 12): the organisation's documents with how many customers
 * they were sent to by status, and a document's versions. Whoever reads documents (documents.read)
 * may; another organisation's document does not exist (404).
 */

const NO_COUNTS: DocumentCounts = { sent: 0, seen: 0, accepted: 0, declined: 0 }

/**
 * Per document: live sends of any version (`sent`), and how many of them are now seen (opened,
 * not answered), accepted and declined; the rest are not seen yet.
 */
export async function countsOf(
  db: DbOrTx,
  caller: { organisationId: string },
  ids: string[],
): Promise<Map<string, DocumentCounts>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ documentId: customerDocuments.documentId, status: customerDocuments.status, n: count() })
    .from(customerDocuments)
    .where(
      tenant(
        customerDocuments,
        caller,
        inArray(customerDocuments.documentId, ids),
        isNull(customerDocuments.deletedAt),
      ),
    )
    .groupBy(customerDocuments.documentId, customerDocuments.status)
  const out = new Map<string, DocumentCounts>()
  for (const r of rows) {
    const c = out.get(r.documentId) ?? { ...NO_COUNTS }
    c.sent += r.n
    if (r.status === 'seen' || r.status === 'accepted' || r.status === 'declined') c[r.status] += r.n
    out.set(r.documentId, c)
  }
  return out
}

export async function withCounts(
  db: DbOrTx,
  caller: { organisationId: string },
  rows: DocumentRow[],
): Promise<DocumentListItem[]> {
  const [docs, counts] = await Promise.all([
    documentsWithNumbers(db, caller, rows),
    countsOf(
      db,
      caller,
      rows.map((r) => r.id),
    ),
  ])
  return docs.map((d) => ({ ...d, counts: counts.get(d.id) ?? { ...NO_COUNTS } }))
}

/** GET /organisations/{org}/documents: by name; archived ones only when asked. */
export async function listDocuments(opts: {
  db: DbOrTx
  caller: TenantCaller
  includeArchived: boolean
}): Promise<DocumentListItem[]> {
  const { db, caller } = opts
  authorize(caller, 'documents.read')
  const rows = await db
    .select()
    .from(documents)
    .where(tenant(documents, caller, opts.includeArchived ? undefined : isNull(documents.archivedAt)))
    .orderBy(sql`lower(${documents.name})`, asc(documents.id))
  return withCounts(db, caller, rows)
}

/** The organisation's document, else NOT_FOUND (another organisation's too). */
export async function loadDocument(db: DbOrTx, caller: { organisationId: string }, id: string, lock = false) {
  const q = db
    .select()
    .from(documents)
    .where(tenant(documents, caller, eq(documents.id, id)))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND')
  return row
}

/** The document as the editor opens it: its list row and its current version. */
export async function documentDetail(
  db: DbOrTx,
  caller: { organisationId: string },
  id: string,
): Promise<DocumentDetail> {
  const row = await loadDocument(db, caller, id)
  const [item] = await withCounts(db, caller, [row])
  const [current] = await db
    .select()
    .from(documentVersions)
    .where(
      tenant(
        documentVersions,
        caller,
        and(eq(documentVersions.documentId, id), eq(documentVersions.id, row.currentVersionId ?? id)),
      ),
    )
  if (!current) throw new AppError('DOCUMENT_NOT_FOUND')
  return { ...item, currentVersion: toDocumentVersion(current) }
}

/** GET /organisations/{org}/documents/{id}/versions: every version, newest first. */
export async function listDocumentVersions(opts: {
  db: DbOrTx
  caller: TenantCaller
  id: string
}): Promise<DocumentVersion[]> {
  const { db, caller, id } = opts
  authorize(caller, 'documents.read')
  await loadDocument(db, caller, id)
  const rows = await db
    .select()
    .from(documentVersions)
    .where(tenant(documentVersions, caller, eq(documentVersions.documentId, id)))
    .orderBy(desc(documentVersions.number))
  return rows.map(toDocumentVersion)
}
