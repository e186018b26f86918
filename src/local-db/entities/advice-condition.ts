import { readOnlyEntity } from '../entity'

/** Conditions of Grow modules (issue 11): read offline, changed online only. */
export const adviceCondition = readOnlyEntity<'adviceCondition'>((db) => db.adviceConditions)
