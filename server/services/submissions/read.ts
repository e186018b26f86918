import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
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
import { tenant } from '../../scope'
import { type Actor, audienceOf } from '../questionnaires'
import { assertSubmissionAccess, READ_SUBMISSIONS, visibleFilter } from './access'
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

const baseWhere = (actor: Actor, salonId: string, ...more: (SQL | undefined)[]) =>
  tenant(questionnaireSubmissions, actor, visibleFilter(actor, salonId), ...more)

/** GET …/questionnaireSubmissions?customerId&questionnaireId&page&pageSize, newest first. */
export async function listSubmissions(opts: {
  db: DbOrTx
  actor: Actor
  salonId: string
  customerId?: string
  questionnaireId?: string
  page: number
  pageSize: number
}) {
  const { db, actor, salonId, page, pageSize } = opts
  await assertSubmissionAccess(db, actor, salonId, READ_SUBMISSIONS)
  const where = baseWhere(
    actor,
    salonId,
    opts.customerId ? eq(questionnaireSubmissions.customerId, opts.customerId) : undefined,
    opts.questionnaireId ? eq(questionnaireSubmissions.questionnaireId, opts.questionnaireId) : undefined,
  )
  const items = await select(db, where, { limit: pageSize, offset: (page - 1) * pageSize }, audienceOf(actor))
  const [{ n }] = await db
    .select({ n: count() })
    .from(questionnaireSubmissions)
    .innerJoin(customers, eq(customers.id, questionnaireSubmissions.customerId))
    .where(where)
  return { items, total: Number(n), page, pageSize }
}

/** GET …/questionnaireSubmissions/recent: the branch's latest submissions for the dashboard. */
export async function recentSubmissions(opts: { db: DbOrTx; actor: Actor; salonId: string; limit?: number }) {
  await assertSubmissionAccess(opts.db, opts.actor, opts.salonId, READ_SUBMISSIONS)
  return select(
    opts.db,
    baseWhere(opts.actor, opts.salonId),
    { limit: opts.limit ?? 10, offset: 0 },
    audienceOf(opts.actor),
  )
}

/** A submission visible in this branch, or 404. */
export async function loadSubmission(db: DbOrTx, actor: Actor, salonId: string, id: string) {
  const [row] = await select(db, baseWhere(actor, salonId, eq(questionnaireSubmissions.id, id)), {
    limit: 1,
    offset: 0,
  })
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

/**
 * GET …/questionnaireSubmissions/{id}: the shown questions with their answers; staff read the
 * options' employee titles, a customer the customer titles.
 */
export async function getSubmission(opts: {
  db: DbOrTx
  actor: Actor
  salonId: string
  id: string
}): Promise<SubmissionDetail> {
  const { db, actor, salonId } = opts
  await assertSubmissionAccess(db, actor, salonId, READ_SUBMISSIONS)
  const s = await loadSubmission(db, actor, salonId, opts.id)
  const [q] = await db
    .select()
    .from(questionnaires)
    .where(tenant(questionnaires, actor, and(eq(questionnaires.id, s.questionnaireId))))
  const audience = audienceOf(actor)
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
