import { readOnlyEntity } from '../entity'

/**
 * The team (issue 9): changed online only (security changes are decided by the server at once),
 * so nothing unsent ever replays over these rows.
 */
export const employee = readOnlyEntity<'employee'>((db) => db.employees)
