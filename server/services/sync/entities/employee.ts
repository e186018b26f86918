import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { changedEmployeeRows, viewOf } from '../../employees/read'
import type { SyncEntity } from '../entity'

/**
 * Employees for the feed: exactly GET …/employees's view (server/services/employees/read.ts).
 * Grant changes bump every employee row (employees/team-versions.ts), so an employee the reader
 * may no longer see arrives as a tombstone — an id only, never their details.
 * Read offline, changed online only: no mutations.
 */
export const employee: SyncEntity<'employee'> = {
  feed: {
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
  },
  runners: {},
}
