import { readOnlyEntity } from '../entity'

/** Groups of Grow modules (issue 11): read offline, changed online only. */
export const adviceGroup = readOnlyEntity<'adviceGroup'>((db) => db.adviceGroups)
