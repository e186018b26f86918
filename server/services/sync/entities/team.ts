import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { changedEmployeeRows, viewOf } from '../../employees/read'
import { changedRoles } from '../../roles/read'
import type { FeedEntity } from '../entity'

/**
 * Employees for the feed: exactly GET …/employees's view (server/services/employees/read.ts).
 * Grant changes bump every employee row (employees/team-versions.ts), so an employee the reader
 * may no longer see arrives as a tombstone — an id only, never their details.
 */
export const employeeFeed: FeedEntity<'employee'> = {
  readable: (caller) => allows(caller, 'employees.read'),
  async changed({ db, caller, since, limit }) {
    const rows = await changedEmployeeRows(db, caller, since, limit)
    const view = await viewOf(db, caller, rows)
    return rows.map((r): ChangeOf<'employee'> => {
      const row = view.get(r.id)
      return row
        ? { entity: 'employee', version: r.version, deleted: false, row }
        : { entity: 'employee', version: r.version, deleted: true, id: r.id }
    })
  },
}

/** Roles: the whole organisation's, for whoever may read them (GET …/permissions/roles). */
export const roleFeed: FeedEntity<'role'> = {
  readable: (caller) => allows(caller, 'roles.read'),
  async changed({ db, caller, since, limit }) {
    const rows = await changedRoles(db, caller, since, limit)
    return rows.map((row): ChangeOf<'role'> => ({ entity: 'role', version: row.version, deleted: false, row }))
  },
}
