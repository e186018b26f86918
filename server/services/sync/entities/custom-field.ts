import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { changedCustomFields, toCustomField } from '../../custom-fields/read'
import type { SyncEntity } from '../entity'

/**
 * Custom fields (issue 10): the organisation's, for whoever may read them (GET …/custom-fields,
 * customFields.read); deleted ones after the cursor as tombstones. Read offline, changed online
 * only (the custom fields screen), like roles, so there are no mutations.
 */
export const customField: SyncEntity<'customField'> = {
  feed: {
    readable: (caller) => allows(caller, 'customFields.read'),
    async changed({ db, caller, since, limit }) {
      const rows = await changedCustomFields(db, caller, since, limit)
      return rows.map(
        (r): ChangeOf<'customField'> =>
          r.deletedAt
            ? { entity: 'customField', version: r.version, deleted: true, id: r.id }
            : { entity: 'customField', version: r.version, deleted: false, row: toCustomField(r) },
      )
    },
  },
  runners: {},
}
