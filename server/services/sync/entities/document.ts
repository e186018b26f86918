import { allows } from '../../../../contract/policy'
import { changedDocuments } from '../../documents/rows'
import type { SyncEntity } from '../entity'

/**
 * The organisation's documents and consent forms (issue 12; documents.read, as GET …/documents):
 * the tablet hands a consent form over and the customer reads and signs it offline. Written
 * online only (no mutations); never removed (archived is a field).
 */
export const document: SyncEntity<'document'> = {
  feed: {
    readable: (caller) => allows(caller, 'documents.read'),
    async changed({ db, caller, since, limit }) {
      const { documents } = await changedDocuments(db, caller, since, limit)
      return documents.map((d) => ({
        entity: 'document' as const,
        version: d.version,
        deleted: false as const,
        row: d,
      }))
    },
  },
  runners: {},
}
