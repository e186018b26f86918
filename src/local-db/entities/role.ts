import { readOnlyEntity } from '../entity'

/** Roles (issue 9): changed online only, like the team. */
export const role = readOnlyEntity<'role'>((db) => db.roles)
