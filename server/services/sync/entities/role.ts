import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { changedRoles } from '../../roles/read'
import type { SyncEntity } from '../entity'

/** Roles: the whole organisation's, for whoever may read them (GET …/permissions/roles); changed online only. */
export const role: SyncEntity<'role'> = {
  feed: {
    readable: (caller) => allows(caller, 'roles.read'),
    async changed({ db, caller, since, limit }) {
      const rows = await changedRoles(db, caller, since, limit)
      return rows.map((row): ChangeOf<'role'> => ({ entity: 'role', version: row.version, deleted: false, row }))
    },
  },
  runners: {},
}
