import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Questionnaire } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaires } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { type Actor, assertCanReadQuestionnaires } from './actor'
import { type QuestionnaireRow, toQuestionnaire } from './serialize'

/** Customers see only visible customer questionnaires; staff see every one. */
const visibleTo = (actor: { kind?: Actor['kind'] }) =>
  actor.kind === 'customer'
    ? and(eq(questionnaires.hidden, false), eq(questionnaires.kind, 'customerQuestionnaire'))
    : undefined

/**
 * A questionnaire of the organisation, or 404 (another tenant's, removed, or — for a customer —
 * hidden or meant for staff).
 */
export async function loadQuestionnaire(
  db: DbOrTx,
  actor: { organisationId: string; kind?: Actor['kind'] },
  id: string,
): Promise<QuestionnaireRow> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(tenant(questionnaires, actor, eq(questionnaires.id, id), isNull(questionnaires.deletedAt), visibleTo(actor)))
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

/** Questionnaires are organisation-wide; the branch in the path only scopes the permission. */
export async function listQuestionnaires(opts: {
  db: DbOrTx
  actor: Actor
  salonId: string
}): Promise<Questionnaire[]> {
  await assertCanReadQuestionnaires(opts.db, opts.actor, opts.salonId)
  const rows = await opts.db
    .select()
    .from(questionnaires)
    .where(tenant(questionnaires, opts.actor, isNull(questionnaires.deletedAt), visibleTo(opts.actor)))
    .orderBy(asc(questionnaires.name), asc(questionnaires.id))
  return rows.map(toQuestionnaire)
}

export async function getQuestionnaire(opts: {
  db: DbOrTx
  actor: Actor
  salonId: string
  id: string
}): Promise<Questionnaire> {
  await assertCanReadQuestionnaires(opts.db, opts.actor, opts.salonId)
  return toQuestionnaire(await loadQuestionnaire(opts.db, opts.actor, opts.id))
}
