import { readOnlyEntity } from '../entity'

/** Custom fields (issue 10): defined online only (the custom fields screen), read offline. */
export const customField = readOnlyEntity<'customField'>((db) => db.customFields)
