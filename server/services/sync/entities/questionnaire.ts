import { asc, eq, gt, gte } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { questionnaires } from '../../../db/schema'
import { notDeleted, tenant } from '../../../scope'
import { fillViewOf } from '../../questionnaires/read'
import { toQuestionnaire } from '../../questionnaires/serialize'
import { fresh, type SyncEntity } from '../entity'

/**
 * The organisation's questionnaires (every branch fills them), as GET …/questionnaires/{id}
 * answers the caller (POLICY 'questionnaires.fill', `fillViewOf`): readers of questionnaires get
 * all of them as staff read them; whoever may only take a submission here (a receptionist handing
 * the tablet over at the kiosk) the customer questionnaires as a customer of the branch reads
 * them — no staff questionnaire such as the specialist observation, not even its id, and no
 * staff-only questions; anyone else: withheld. Known gap: a customer questionnaire later turned
 * into a staff one stays on takers' replicas as it was.
 * From 0 only live ones; later a removed one comes as a tombstone.
 */
export const questionnaire: SyncEntity<'questionnaire'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'questionnaires.fill', salonId),
    async changed({ db, caller, salonId, since, limit }) {
      const asStaff = fillViewOf(caller, salonId).kind === 'employee'
      const rows = await db
        .select()
        .from(questionnaires)
        .where(
          tenant(
            questionnaires,
            caller,
            fresh(since) ? gte(questionnaires.version, 0) : gt(questionnaires.version, since),
            fresh(since) ? notDeleted(questionnaires) : undefined,
            asStaff ? undefined : eq(questionnaires.kind, 'customerQuestionnaire'),
          ),
        )
        .orderBy(asc(questionnaires.version))
        .limit(limit)
      return rows.map(
        (r): ChangeOf<'questionnaire'> =>
          r.deletedAt === null
            ? {
                entity: 'questionnaire',
                version: r.version,
                deleted: false,
                row: toQuestionnaire(r, asStaff ? 'employee' : 'customer'),
              }
            : { entity: 'questionnaire', version: r.version, deleted: true, id: r.id },
      )
    },
  },
  runners: {},
}
