import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  isStaffOnly,
  type Question,
  questionsFor,
  type Submission,
  validateAnswers,
  type ZCreateSubmission,
} from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaireSubmissions } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, fieldError, validationError } from '../../errors'
import { stableHash } from '../../lib/stable-hash'
import { auditEmployee, logActivity } from '../audit'
import { happenedFor } from '../when'
import { assertBranch, authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import { type Memo, noMemo } from '../sync/memo'
import { createOnce } from '../create-once'
import { authorOf } from '../employees/author'
import { loadQuestionnaire } from '../questionnaires'
import { loadSubmissionCustomer } from './access'
import { type SubmissionRow, toSubmission } from './serialize'

export type CreateSubmissionInput = z.output<typeof ZCreateSubmission>

const contentHash = (i: CreateSubmissionInput) =>
  stableHash({
    customerId: i.customerId,
    questionnaireId: i.questionnaireId,
    // Answer order carries no meaning.
    answers: [...i.answers].sort((a, b) => a.questionId.localeCompare(b.questionId)),
    takenBy: i.takenBy,
    deviceId: i.deviceId ?? null,
  })

/**
 * Same id again: the same content answers the stored submission, other content is a conflict.
 * Ids are looked up across organisations (the key is global), so a row the caller could not
 * read — another organisation's, or for a customer someone else's — is answered like every
 * foreign row: not found, never a conflict that would reveal it exists.
 */
function sameOrConflict(row: SubmissionRow, caller: TenantCaller, hash: string) {
  const foreign =
    row.organisationId !== caller.organisationId || (caller.kind === 'customer' && row.customerId !== caller.customerId)
  if (foreign) throw new AppError('SUBMISSION_NOT_FOUND')
  if (row.contentHash !== hash) throw new AppError('MUTATION_CONFLICT')
  return { submission: toSubmission(row), created: false }
}

/**
 * Records a submission (append-only, idempotent on the client's id): a customer for themselves,
 * or staff in the branch (kiosk hand-over: taken in the salon by that employee, on that device).
 * Display logic decides which answers count; required ones must be there (QUESTIONS_UNANSWERED
 * with `details.questionIds`), each must fit its question. Dated when it happened (services/when.ts).
 */
export async function createSubmission(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  input: CreateSubmissionInput
  /** A push's shared reads (sync/memo.ts): its submissions share a branch, questionnaire and author. */
  memo?: Memo
}): Promise<{ submission: Submission; created: boolean }> {
  const { db, caller, salonId, input, memo = noMemo } = opts
  await memo(`branch:${salonId}`, () => assertBranch(db, caller, salonId))
  authorize(caller, 'submissions.take', salonId)
  await memo(`customer:${input.customerId}:${salonId}`, () =>
    loadSubmissionCustomer(db, caller, salonId, input.customerId),
  )
  // A repeat is answered before the answers are checked again: the questionnaire may have
  // changed since the tablet queued it, and the submission is already safely stored.
  const hash = contentHash(input)
  return createOnce(
    db,
    questionnaireSubmissions,
    input.id,
    (row) => sameOrConflict(row, caller, hash),
    async () => {
      const questionnaire = await memo(`questionnaire:${input.questionnaireId}`, () =>
        loadQuestionnaire(db, caller, input.questionnaireId),
      )
      const takenBy = caller.kind === 'customer' ? 'customer' : input.takenBy
      // What the customer filled (own phone or kiosk) holds only the questions a customer is shown:
      // staff-only (employee group) questions are neither required nor accepted from them. An
      // answer to one (queued by an older app) is left out rather than failing the whole intake.
      const questions = questionsFor(questionnaire.questions as Question[], takenBy)
      const shownIds = new Set(questions.map((q) => q.id))
      const all = new Set((questionnaire.questions as Question[]).map((q) => q.id))
      const given = input.answers.filter((a) => shownIds.has(a.questionId) || !all.has(a.questionId))
      const check = validateAnswers({ questions }, given)
      if (check.invalid.length)
        throw validationError(check.invalid.map((e) => fieldError(`answers.${e.questionId}`, e.code, e.params)))
      // A customer questionnaire is filled by the customer (also on the kiosk, sent as taken by the
      // employee who handed over): its staff-only questions are answered later by staff, in the
      // submission, so they are never required at submission.
      const missing =
        questionnaire.kind === 'customerQuestionnaire'
          ? check.missing.filter((id) => !isStaffOnly(questions.find((q) => q.id === id) ?? {}))
          : check.missing
      if (missing.length) throw new AppError('QUESTIONS_UNANSWERED', { questionIds: missing })

      const employeeId = employeeIdOf(caller)
      const employeeName = (await memo('author', () => authorOf(db, caller)))?.name ?? null
      // Submitted when the customer pressed send (on a tablet offline: its clock corrected).
      const happened = happenedFor(caller)
      const made = await db.transaction(async (tx) => {
        const version = await nextVersion(tx, caller.organisationId)
        // Two sends of one entry racing (a retry while the first is still at work): the later
        // inserts nothing and is answered like a repeat below, without a savepoint per insert.
        const [row] = await tx
          .insert(questionnaireSubmissions)
          .values({
            id: input.id,
            organisationId: caller.organisationId,
            salonId,
            customerId: input.customerId,
            questionnaireId: questionnaire.id,
            answers: check.answers,
            takenBy,
            employeeId,
            employeeName,
            deviceId: input.deviceId ?? null,
            // A label, not content: it is left out of the hash (a renamed device is no conflict).
            deviceName: input.deviceName || null,
            contentHash: hash,
            submittedAt: happened.occurredAt,
            receivedAt: happened.receivedAt,
            version,
          })
          .onConflictDoNothing({ target: questionnaireSubmissions.id })
          .returning()
        if (!row) return null
        await logActivity(tx, {
          organisationId: caller.organisationId,
          customerId: input.customerId,
          type: 'submissionCreated',
          data: {
            submissionId: row.id,
            questionnaireId: questionnaire.id,
            questionnaireName: questionnaire.name,
            takenBy,
            employeeId,
          },
          happened,
        })
        // Taken by staff (also a kiosk hand-over under their session): the employee activity log's entry.
        await auditEmployee(tx, caller, {
          event: 'submissionCreated',
          salonId,
          customerId: input.customerId,
          data: {
            submissionId: row.id,
            questionnaireId: questionnaire.id,
            questionnaireName: questionnaire.name,
            takenBy,
          },
        })
        return { submission: toSubmission(row), created: true }
      })
      if (made) return made
      const [stored] = await db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, input.id))
      return sameOrConflict(stored, caller, hash)
    },
  )
}
