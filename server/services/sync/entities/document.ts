import { allows } from '../../../../contract/policy'
import { customerDocuments } from '../../../db/schema'
import { followerChanges } from '../../customers/followers'
import { changedDocuments, changedDocumentVersions, toCustomerDocuments, toDocumentVersion } from '../../documents/rows'
import { respondToDocument } from '../../documents/signing/respond'
import type { FeedEntity, MutationRunner } from '../entity'

/*
 * Documents and consent forms (issue 12). The organisation's documents and their immutable
 * versions (documents.read, as GET …/documents): the tablet hands a consent form over and the
 * customer reads and signs it offline. Written online only (no mutations). The documents sent to
 * the branch's customers (customerDocuments.read, as GET …/customers/{id}/documents) follow their
 * customer like comments: tombstones for removed ones and for those of a customer who left.
 */

export const documentFeed: FeedEntity<'document'> = {
  readable: (caller) => allows(caller, 'documents.read'),
  async changed({ db, caller, since, limit }) {
    const { documents } = await changedDocuments(db, caller, since, limit)
    return documents.map((d) => ({ entity: 'document' as const, version: d.version, deleted: false as const, row: d }))
  },
}

export const documentVersionFeed: FeedEntity<'documentVersion'> = {
  readable: (caller) => allows(caller, 'documents.read'),
  async changed({ db, caller, since, limit }) {
    const rows = await changedDocumentVersions(db, caller, since, limit)
    return rows.map((r) => ({
      entity: 'documentVersion' as const,
      version: r.version,
      deleted: false as const,
      row: toDocumentVersion(r),
    }))
  },
}

/**
 * Documents of the branch's customers (sent in any branch), as GET …/customers/{id}/documents
 * lists them: tombstones for removed ones (`deleted_at`) and for those of customers who left the
 * branch. A fresh replica gets the live ones only.
 */
export const customerDocumentFeed: FeedEntity<'customerDocument'> = {
  readable: (caller, salonId) => allows(caller, 'customerDocuments.read', salonId),
  changed: (q) => followerChanges('customerDocument', customerDocuments, q, (live) => toCustomerDocuments(q.db, live)),
}

/** The tablet's answer (hand-over included), through the same service as PUT …/documents/{docId}. */
export const respondCustomerDocumentRunner: MutationRunner<'customerDocument.respond'> = ({
  db,
  caller,
  args,
  origin,
}) => {
  const { id, customerId, salonId, handOver, ...input } = args
  if (!origin) throw new Error('customerDocument.respond needs the push origin')
  return respondToDocument({
    db,
    caller,
    customerId,
    customerDocumentId: id,
    salonId,
    handOver: handOver && { documentId: handOver.documentId, versionId: handOver.versionId },
    input,
    origin,
  })
}
