import { readOnlyEntity } from '../entity'

/** Versions of documents (issue 12): written online only. */
export const documentVersion = readOnlyEntity<'documentVersion'>((db) => db.documentVersions)
