import { allows } from '../../../../contract/policy'
import { customerDocuments } from '../../../db/schema'
import { followerChanges } from '../../customers/followers'
import { toCustomerDocuments } from '../../documents/rows'
import { respondToDocument } from '../../documents/signing/respond'
import type { SyncEntity } from '../entity'

/**
 * Documents sent to (or handed over on a tablet to) the branch's customers (issue 12; sent in any
 * branch), as GET …/customers/{id}/documents lists them. They follow their customer like
 * comments: tombstones for removed ones (`deleted_at`) and for those of customers who left the
 * branch. A fresh replica gets the live ones only.
 */
export const customerDocument: SyncEntity<'customerDocument'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'customerDocuments.read', salonId),
    changed: (q) =>
      followerChanges('customerDocument', customerDocuments, q, (live) => toCustomerDocuments(q.db, live)),
  },
  runners: {
    /** The tablet's answer (hand-over included), through the same service as PUT …/documents/{docId}. */
    'customerDocument.respond': ({ db, caller, args, origin }) => {
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
    },
  },
}
