import { readOnlyEntity } from '../entity'

/** Documents and consent forms (issue 12): written online only. */
export const document = readOnlyEntity<'document'>((db) => db.documents)
