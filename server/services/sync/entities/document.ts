import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import {
  changedCustomerDocuments,
  changedDocuments,
  changedDocumentVersions,
  toCustomerDocuments,
  toDocumentVersion,
} from '../../documents/rows'
import { respondToDocument } from '../../documents/respond'
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

export const customerDocumentFeed: FeedEntity<'customerDocument'> = {
  readable: (caller, salonId) => allows(caller, 'customerDocuments.read', salonId),
  async changed({ db, caller, salonId, since, limit }) {
    const { rows, gone } = await changedCustomerDocuments(db, caller, salonId, since, limit)
    const live = await toCustomerDocuments(
      db,
      rows.filter((r) => r.deletedAt === null),
    )
    const byId = new Map(live.map((d) => [d.id, d]))
    const changes: ChangeOf<'customerDocument'>[] = [
      ...rows.map((r): ChangeOf<'customerDocument'> => {
        const row = byId.get(r.id)
        return row
          ? { entity: 'customerDocument', version: r.version, deleted: false, row }
          : { entity: 'customerDocument', version: r.version, deleted: true, id: r.id }
      }),
      ...gone.map(
        (g): ChangeOf<'customerDocument'> => ({
          entity: 'customerDocument',
          version: g.version,
          deleted: true,
          id: g.id,
        }),
      ),
    ]
    // Both lists are prefixes in version order: the first `limit` of their merge is one too.
    return changes.sort((a, b) => a.version - b.version).slice(0, limit)
  },
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
