import { and, asc, eq, gt, gte } from 'drizzle-orm'
import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { customers, questionnaireSubmissions, questionnaires } from '../../../db/schema'
import { inBranch, notDeleted, tenant } from '../../../scope'
import { createSubmission, updateAnswer } from '../../submissions'
import { toSubmission } from '../../submissions/serialize'
import { fresh, type SyncEntity } from '../entity'

/**
 * Submissions of this branch's customers (wherever they were taken), as GET
 * …/questionnaireSubmissions lists them: with the questionnaire's name, so a customer file shows
 * it to staff who may read submissions but not questionnaires (a receptionist). A customer
 * leaving the branch comes as a customer tombstone; the replica drops their submissions with it.
 */
export const questionnaireSubmission: SyncEntity<'questionnaireSubmission'> = {
  feed: {
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
  },
  runners: {
    /** A customer's actor: createSubmission accepts their own customer id only and records takenBy customer. */
    'questionnaireSubmission.create': async ({ caller, db, args, memo }) => {
      const { salonId, ...input } = args
      return (await createSubmission({ db, caller, salonId, input, memo })).submission
    },
    /** A customer's actor finds only their own submissions (anything else is NOT_FOUND). */
    'questionnaireSubmission.updateAnswer': ({ caller, db, args }) =>
      updateAnswer({
        db,
        caller,
        salonId: args.salonId,
        id: args.id,
        change: { questionId: args.questionId, value: args.value },
      }),
  },
}
