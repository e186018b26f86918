import { allows } from '../../../../contract/policy'
import { changedDocumentVersions, toDocumentVersion } from '../../documents/rows'
import type { SyncEntity } from '../entity'

/** A document's immutable versions (issue 12; as GET …/documents/{id}/versions), written online only. */
export const documentVersion: SyncEntity<'documentVersion'> = {
  feed: {
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
  },
  runners: {},
}
