import { count, desc, eq, type SQL, sql } from 'drizzle-orm'
import {
  type Answer,
  answersFor,
  answerText,
  type Audience,
  type Question,
  questionsFor,
  type SubmissionDetail,
  visibleQuestions,
} from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { customers, questionnaireSubmissions, questionnaires } from '../../db/schema'
import { AppError } from '../../errors'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { audienceOf } from '../questionnaires'
import { visibleFilter } from './access'
import { toSubmission } from './serialize'

const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`

/** Submissions joined with their customer (for the branch filter and the name) and questionnaire. */
async function select(
  db: DbOrTx,
  where: SQL,
  page: { limit: number; offset: number },
  audience: Audience = 'employee',
) {
  const rows = await db
    .select({
      s: questionnaireSubmissions,
      customerName,
      questionnaireName: questionnaires.name,
      questions: questionnaires.questions,
    })
    .from(questionnaireSubmissions)
    .innerJoin(customers, eq(customers.id, questionnaireSubmissions.customerId))
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireSubmissions.questionnaireId))
    .where(where)
    .orderBy(desc(questionnaireSubmissions.submittedAt), desc(questionnaireSubmissions.id))
    .limit(page.limit)
    .offset(page.offset)
  return rows.map((r) => ({
    ...toSubmission(r.s),
    // A customer never reads the answers staff gave to staff-only (employee group) questions.
    answers: answersFor(r.s.answers as Answer[], r.questions as Question[], audience),
    customerName: r.customerName,
    questionnaireName: r.questionnaireName,
  }))
}

const baseWhere = (caller: TenantCaller, salonId: string, ...more: (SQL | undefined)[]) =>
  tenant(questionnaireSubmissions, caller, visibleFilter(caller, salonId), ...more)

/** GET …/questionnaireSubmissions?customerId&questionnaireId&page&pageSize, newest first. */
export async function listSubmissions(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  customerId?: string
  questionnaireId?: string
  page: number
  pageSize: number
}) {
  const { db, caller, salonId, page, pageSize } = opts
  await authorizeInBranch(db, caller, 'submissions.read', salonId)
  const where = baseWhere(
    caller,
    salonId,
    opts.customerId ? eq(questionnaireSubmissions.customerId, opts.customerId) : undefined,
    opts.questionnaireId ? eq(questionnaireSubmissions.questionnaireId, opts.questionnaireId) : undefined,
  )
  const items = await select(db, where, { limit: pageSize, offset: (page - 1) * pageSize }, audienceOf(caller))
  const [{ n }] = await db
    .select({ n: count() })
    .from(questionnaireSubmissions)
    .innerJoin(customers, eq(customers.id, questionnaireSubmissions.customerId))
    .where(where)
  return { items, total: Number(n), page, pageSize }
}

/** GET …/questionnaireSubmissions/recent: the branch's latest submissions for the dashboard. */
export async function recentSubmissions(opts: { db: DbOrTx; caller: TenantCaller; salonId: string; limit?: number }) {
  await authorizeInBranch(opts.db, opts.caller, 'submissions.read', opts.salonId)
  return select(
    opts.db,
    baseWhere(opts.caller, opts.salonId),
    { limit: opts.limit ?? 10, offset: 0 },
    audienceOf(opts.caller),
  )
}

/** A submission visible in this branch, or 404. */
export async function loadSubmission(db: DbOrTx, caller: TenantCaller, salonId: string, id: string) {
  const [row] = await select(db, baseWhere(caller, salonId, eq(questionnaireSubmissions.id, id)), {
    limit: 1,
    offset: 0,
  })
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND')
  return row
}

/**
 * GET …/questionnaireSubmissions/{id}: the shown questions with their answers; staff read the
 * options' employee titles, a customer the customer titles.
 */
export async function getSubmission(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  id: string
}): Promise<SubmissionDetail> {
  const { db, caller, salonId } = opts
  await authorizeInBranch(db, caller, 'submissions.read', salonId)
  const s = await loadSubmission(db, caller, salonId, opts.id)
  const [q] = await db
    .select()
    .from(questionnaires)
    .where(tenant(questionnaires, caller, eq(questionnaires.id, s.questionnaireId)))
  const audience = audienceOf(caller)
  const questions = questionsFor((q?.questions ?? []) as Question[], audience)
  const values = new Map(s.answers.map((a) => [a.questionId, a.value]))
  const items = visibleQuestions({ questions }, s.answers)
    .filter((qq) => qq.type !== 'information')
    .map((question) => {
      const value = values.get(question.id) ?? null
      return { question, value, text: answerText(question, value, audience) }
    })
  return {
    ...s,
    answers: answersFor(s.answers, (q?.questions ?? []) as Question[], audience),
    questionnaireKind: (q?.kind ?? 'customerQuestionnaire') as SubmissionDetail['questionnaireKind'],
    items,
  }
}
