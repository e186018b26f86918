import { readOnlyEntity } from '../entity'

/** Grow modules (issue 11): read offline, changed online only. */
export const advice = readOnlyEntity<'advice'>((db) => db.advices)
