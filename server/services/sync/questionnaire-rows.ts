import { and, arrayContains, asc, eq, gt, gte, isNull } from 'drizzle-orm'
import type { Change } from '../../../contract/sync'
import type { DbOrTx } from '../../db/client'
import { customers, questionnaireSubmissions, questionnaires } from '../../db/schema'
import type { TenantCaller as Scope } from '../../auth/caller'
import { tenant } from '../../scope'
import { toQuestionnaire } from '../questionnaires/serialize'
import { toSubmission } from '../submissions/serialize'

const after = (since: number) => (since === 0 ? gte : gt)

/**
 * The organisation's questionnaires for the feed (every branch fills them). From 0 only live
 * ones; later a removed one comes as a tombstone.
 */
export async function changedQuestionnaires(db: DbOrTx, scope: Scope, since: number, limit: number): Promise<Change[]> {
  const rows = await db
    .select()
    .from(questionnaires)
    .where(
      tenant(
        questionnaires,
        scope,
        after(since)(questionnaires.version, since),
        since === 0 ? isNull(questionnaires.deletedAt) : undefined,
      ),
    )
    .orderBy(asc(questionnaires.version))
    .limit(limit)
  return rows.map((r) =>
    r.deletedAt === null
      ? { entity: 'questionnaire', version: r.version, deleted: false, row: toQuestionnaire(r) }
      : { entity: 'questionnaire', version: r.version, deleted: true, id: r.id },
  )
}

/**
 * Submissions of this branch's customers (wherever they were taken), so staff read a customer's
 * history offline. A customer leaving the branch comes as a customer tombstone; the replica drops
 * that customer's submissions with it.
 */
export async function changedSubmissions(
  db: DbOrTx,
  scope: Scope,
  salonId: string,
  since: number,
  limit: number,
): Promise<Change[]> {
  const rows = await db
    .select({ s: questionnaireSubmissions })
    .from(questionnaireSubmissions)
    .innerJoin(customers, eq(customers.id, questionnaireSubmissions.customerId))
    .where(
      tenant(
        questionnaireSubmissions,
        scope,
        after(since)(questionnaireSubmissions.version, since),
        and(arrayContains(customers.salonIds, [salonId]), isNull(customers.deletedAt)),
        since === 0 ? isNull(questionnaireSubmissions.deletedAt) : undefined,
      ),
    )
    .orderBy(asc(questionnaireSubmissions.version))
    .limit(limit)
  return rows.map(({ s }) =>
    s.deletedAt === null
      ? { entity: 'questionnaireSubmission', version: s.version, deleted: false, row: toSubmission(s) }
      : { entity: 'questionnaireSubmission', version: s.version, deleted: true, id: s.id },
  )
}
