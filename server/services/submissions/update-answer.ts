import { eq } from 'drizzle-orm'
import {
  type Answer,
  answerError,
  answersFor,
  isAnswered,
  isStaffOnly,
  type Question,
  questionsFor,
  type Submission,
  type UpdateAnswer,
  validateAnswers,
  visibleQuestions,
} from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaireSubmissions, questionnaires } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, fieldError, validationError } from '../../errors'
import { type ContractIssue, contractIssue } from '../../../contract/messages'
import { authorizeInBranch, employeeIdOf, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { auditEmployee, logActivity } from '../audit'
import { happenedFor } from '../when'
import { loadSubmission } from './read'
import { toSubmission } from './serialize'

/**
 * POST …/questionnaireSubmissions/{id}/questionSubmission: changes one answer of a submitted
 * questionnaire (the customer their own, staff who manage customers or questionnaires) and logs
 * answerUpdated with the old and the new value. The other answers are kept as they are.
 * The required rule is creation's (display logic decides, on the answers as they are after the
 * change): the changed question may be cleared unless it is shown and required, and a change
 * that brings a required question into view needs it answered already (QUESTIONS_UNANSWERED
 * with `details.questionIds`), so a client that sends the revealed answers first, then the
 * changed one (as the answer editor does), never leaves a shown required question empty.
 */
export async function updateAnswer(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  id: string
  change: UpdateAnswer
}): Promise<Submission> {
  const { db, caller, salonId, change } = opts
  await authorizeInBranch(db, caller, 'submissions.editAnswer', salonId)
  return db.transaction(async (tx) => {
    const s = await loadSubmission(tx, caller, salonId, opts.id)
    const [q] = await tx
      .select({ questions: questionnaires.questions, kind: questionnaires.kind })
      .from(questionnaires)
      .where(tenant(questionnaires, caller, eq(questionnaires.id, s.questionnaireId)))
    const question = ((q?.questions ?? []) as Question[]).find((x) => x.id === change.questionId)
    const fail = (problem: ContractIssue) =>
      validationError([fieldError(`answers.${change.questionId}`, problem.code, problem.params)])
    // A customer cannot write into a staff-only (employee group) question: for them it does not exist.
    const hidden = question && caller.kind === 'customer' && isStaffOnly(question)
    if (!question || hidden || question.type === 'information')
      throw fail(contractIssue('questionnaire.unknownQuestion'))
    const err = answerError(question, change.value)
    if (err) throw fail(err)

    const old = s.answers.find((a) => a.questionId === change.questionId)?.value ?? null
    const rest = s.answers.filter((a) => a.questionId !== change.questionId)
    const answers: Answer[] = isAnswered(change.value)
      ? [...rest, { questionId: question.id, value: change.value }]
      : rest
    const missing = unansweredAfter({
      questions: questionsFor((q?.questions ?? []) as Question[], caller.kind === 'customer' ? 'customer' : 'employee'),
      customerQuestionnaire: q?.kind === 'customerQuestionnaire',
      changed: question.id,
      before: s.answers,
      after: answers,
    })
    if (missing.length) throw new AppError('QUESTIONS_UNANSWERED', { questionIds: missing })
    const version = await nextVersion(tx, caller.organisationId)
    // Changed when it happened on the device (offline too), not when it synced.
    const happened = happenedFor(caller)
    const [row] = await tx
      .update(questionnaireSubmissions)
      .set({ answers, version, updatedAt: happened.occurredAt })
      .where(tenant(questionnaireSubmissions, caller, eq(questionnaireSubmissions.id, s.id)))
      .returning()
    await logActivity(tx, {
      organisationId: caller.organisationId,
      customerId: s.customerId,
      type: 'answerUpdated',
      data: {
        submissionId: s.id,
        questionId: question.id,
        questionName: question.name,
        oldValue: old,
        newValue: change.value,
        by: caller.kind,
        employeeId: employeeIdOf(caller),
      },
      happened,
    })
    // Staff changing an answer (no values here: the customer's answers stay with the submission).
    await auditEmployee(tx, caller, {
      event: 'answerUpdated',
      salonId,
      customerId: s.customerId,
      data: { submissionId: s.id, questionId: question.id, questionName: question.name },
    })
    const out = toSubmission(row)
    const audience = caller.kind === 'customer' ? 'customer' : 'employee'
    return { ...out, answers: answersFor(out.answers, (q?.questions ?? []) as Question[], audience) }
  })
}

/**
 * The required questions left unanswered by a change, as creation counts them (validateAnswers:
 * only shown questions are required; a customer's view leaves staff-only ones out): the changed
 * question itself, and those the change brings into view. Others already missing before (a
 * question added to the questionnaire later) stay as they were. As at creation, a newly shown
 * staff-only question of a customer questionnaire is left to staff, not required.
 */
function unansweredAfter(o: {
  questions: Question[]
  customerQuestionnaire: boolean
  changed: string
  before: Answer[]
  after: Answer[]
}): string[] {
  const shownBefore = new Set(visibleQuestions(o, o.before).map((x) => x.id))
  const byId = new Map(o.questions.map((x) => [x.id, x]))
  return validateAnswers(o, o.after).missing.filter((id) => {
    if (id === o.changed) return true
    if (shownBefore.has(id)) return false
    return !(o.customerQuestionnaire && isStaffOnly(byId.get(id) ?? {}))
  })
}
