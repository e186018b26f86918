import { and, asc, eq, gt, gte } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { customers, questionnaireSubmissions, questionnaires } from '../../../db/schema'
import { inBranch, notDeleted, tenant } from '../../../scope'
import { fillViewOf } from '../../questionnaires/read'
import { toQuestionnaire } from '../../questionnaires/serialize'
import { createSubmission, updateAnswer } from '../../submissions'
import { toSubmission } from '../../submissions/serialize'
import { type FeedEntity, fresh, type MutationRunner } from '../entity'

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
export const questionnaireFeed: FeedEntity<'questionnaire'> = {
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
}

/**
 * Submissions of this branch's customers (wherever they were taken), as GET
 * …/questionnaireSubmissions lists them: with the questionnaire's name, so a customer file shows
 * it to staff who may read submissions but not questionnaires (a receptionist). A customer
 * leaving the branch comes as a customer tombstone; the replica drops their submissions with it.
 */
export const submissionFeed: FeedEntity<'questionnaireSubmission'> = {
  readable: (caller, salonId) => allows(caller, 'submissions.read', salonId),
  async changed({ db, caller, salonId, since, limit }) {
    const rows = await db
      .select({ s: questionnaireSubmissions, questionnaireName: questionnaires.name })
      .from(questionnaireSubmissions)
      .innerJoin(customers, eq(customers.id, questionnaireSubmissions.customerId))
      .leftJoin(questionnaires, eq(questionnaires.id, questionnaireSubmissions.questionnaireId))
      .where(
        tenant(
          questionnaireSubmissions,
          caller,
          fresh(since) ? gte(questionnaireSubmissions.version, 0) : gt(questionnaireSubmissions.version, since),
          and(inBranch(customers, salonId), notDeleted(customers, { flagged: true })),
          fresh(since) ? notDeleted(questionnaireSubmissions) : undefined,
        ),
      )
      .orderBy(asc(questionnaireSubmissions.version))
      .limit(limit)
    return rows.map(
      ({ s, questionnaireName }): ChangeOf<'questionnaireSubmission'> =>
        s.deletedAt === null
          ? {
              entity: 'questionnaireSubmission',
              version: s.version,
              deleted: false,
              row: { ...toSubmission(s), questionnaireName },
            }
          : { entity: 'questionnaireSubmission', version: s.version, deleted: true, id: s.id },
    )
  },
}

/** A customer's actor: createSubmission accepts their own customer id only and records takenBy customer. */
export const createSubmissionRunner: MutationRunner<'questionnaireSubmission.create'> = async ({
  caller,
  db,
  args,
}) => {
  const { salonId, ...input } = args
  return (await createSubmission({ db, caller, salonId, input })).submission
}

/** A customer's actor finds only their own submissions (anything else is NOT_FOUND). */
export const updateAnswerRunner: MutationRunner<'questionnaireSubmission.updateAnswer'> = ({ caller, db, args }) =>
  updateAnswer({
    db,
    caller,
    salonId: args.salonId,
    id: args.id,
    change: { questionId: args.questionId, value: args.value },
  })
