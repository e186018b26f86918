import { asc, gt, inArray } from 'drizzle-orm'
import type { CustomerDocument, Document, DocumentVersion } from '../../../contract/documents'
import type { DbOrTx } from '../../db/client'
import { consentEvidence, type customerDocuments, documents, documentVersions } from '../../db/schema'
import { storageUrl } from '../../integrations/storage'
import { tenant } from '../../scope'
import { toEvidenceSummary } from './evidence/evidence-chain'

/*
 * Document rows as the API and the sync feed answer them (one serializer per table), and the
 * feed's "changed since" queries. Who may read them is decided by the callers (documents.read,
 * customerDocuments.read).
 */

export type DocumentRow = typeof documents.$inferSelect
export type DocumentVersionRow = typeof documentVersions.$inferSelect
export type CustomerDocumentRow = typeof customerDocuments.$inferSelect

export function toDocument(r: DocumentRow, currentVersionNumber: number): Document {
  return {
    id: r.id,
    kind: r.kind as Document['kind'],
    name: r.name,
    currentVersionId: r.currentVersionId ?? r.id,
    currentVersionNumber,
    versionsCount: r.versionsCount,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

export function toDocumentVersion(r: DocumentVersionRow): DocumentVersion {
  return {
    id: r.id,
    documentId: r.documentId,
    number: r.number,
    name: r.name,
    text: r.text,
    pdf: r.pdfKey
      ? { path: r.pdfKey, url: storageUrl(r.pdfKey), name: r.pdfName ?? 'document.pdf', size: r.pdfSize ?? 0 }
      : null,
    contentHash: r.contentHash,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.createdByName,
    version: r.version,
  }
}

/** Documents with their current version's number, in version order. */
export async function documentsWithNumbers(db: DbOrTx, scope: { organisationId: string }, rows: DocumentRow[]) {
  const ids = rows.flatMap((r) => (r.currentVersionId ? [r.currentVersionId] : []))
  const numbers = ids.length
    ? await db
        .select({ id: documentVersions.id, number: documentVersions.number })
        .from(documentVersions)
        .where(tenant(documentVersions, scope, inArray(documentVersions.id, ids)))
    : []
  const byId = new Map(numbers.map((n) => [n.id, n.number]))
  return rows.map((r) => toDocument(r, byId.get(r.currentVersionId ?? '') ?? 1))
}

/** The organisation's documents changed since `since` (never removed: archived is a field). */
export async function changedDocuments(db: DbOrTx, scope: { organisationId: string }, since: number, limit: number) {
  const rows = await db
    .select()
    .from(documents)
    .where(tenant(documents, scope, gt(documents.version, since)))
    .orderBy(asc(documents.version))
    .limit(limit)
  return { rows, documents: await documentsWithNumbers(db, scope, rows) }
}

export async function changedDocumentVersions(
  db: DbOrTx,
  scope: { organisationId: string },
  since: number,
  limit: number,
) {
  return db
    .select()
    .from(documentVersions)
    .where(tenant(documentVersions, scope, gt(documentVersions.version, since)))
    .orderBy(asc(documentVersions.version))
    .limit(limit)
}

/** Customer documents with what the customer saw (version name and number) and the evidence. */
export async function toCustomerDocuments(db: DbOrTx, rows: CustomerDocumentRow[]): Promise<CustomerDocument[]> {
  if (rows.length === 0) return []
  const versionIds = [...new Set(rows.map((r) => r.versionId))]
  const evidenceIds = rows.flatMap((r) => (r.evidenceId ? [r.evidenceId] : []))
  const [versions, kinds, evidence] = await Promise.all([
    db
      .select({ id: documentVersions.id, name: documentVersions.name, number: documentVersions.number })
      .from(documentVersions)
      .where(inArray(documentVersions.id, versionIds)),
    db
      .select({ id: documents.id, kind: documents.kind })
      .from(documents)
      .where(
        inArray(
          documents.id,
          rows.map((r) => r.documentId),
        ),
      ),
    evidenceIds.length ? db.select().from(consentEvidence).where(inArray(consentEvidence.id, evidenceIds)) : [],
  ])
  const v = new Map(versions.map((x) => [x.id, x]))
  const k = new Map(kinds.map((x) => [x.id, x.kind]))
  const e = new Map(evidence.map((x) => [x.id, x]))
  return rows.map((r) => {
    const ev = r.evidenceId ? e.get(r.evidenceId) : undefined
    return {
      id: r.id,
      customerId: r.customerId,
      salonId: r.salonId,
      documentId: r.documentId,
      versionId: r.versionId,
      kind: (k.get(r.documentId) ?? 'document') as CustomerDocument['kind'],
      name: v.get(r.versionId)?.name ?? '',
      versionNumber: v.get(r.versionId)?.number ?? 1,
      status: r.status as CustomerDocument['status'],
      channel: r.channel as CustomerDocument['channel'],
      sentAt: r.sentAt.toISOString(),
      sentByName: r.sentByName,
      seenAt: r.seenAt?.toISOString() ?? null,
      respondedAt: r.respondedAt?.toISOString() ?? null,
      declineReason: r.declineReason,
      evidence: ev ? toEvidenceSummary(ev) : null,
      version: r.version,
    }
  })
}
