import { readOnlyEntity } from '../entity'

/** The organisation's branches this replica may see: read offline, changed online only. */
export const salon = readOnlyEntity<'salon'>((db) => db.salons)
