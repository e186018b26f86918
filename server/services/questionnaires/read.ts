import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Audience, Questionnaire } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaires } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { type Actor, assertCanReadQuestionnaires } from './actor'
import { type QuestionnaireRow, toQuestionnaire } from './serialize'

/**
 * Customers reach customer questionnaires only; a hidden one is left out of their list but still
 * opens from a link it was sent with. Staff see every one.
 */
const visibleTo = (actor: { kind?: Actor['kind'] }, listing = false) =>
  actor.kind === 'customer'
    ? and(eq(questionnaires.kind, 'customerQuestionnaire'), listing ? eq(questionnaires.hidden, false) : undefined)
    : undefined

/** Who reads: a customer session, or staff (also when staff hand the kiosk over, see the client). */
export const audienceOf = (actor: { kind?: Actor['kind'] }): Audience =>
  actor.kind === 'customer' ? 'customer' : 'employee'

/**
 * A questionnaire of the organisation, or 404 (another tenant's, removed, or — for a customer —
 * meant for staff).
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
    .where(tenant(questionnaires, opts.actor, isNull(questionnaires.deletedAt), visibleTo(opts.actor, true)))
    .orderBy(asc(questionnaires.name), asc(questionnaires.id))
  return rows.map((r) => toQuestionnaire(r, audienceOf(opts.actor)))
}

export async function getQuestionnaire(opts: {
  db: DbOrTx
  actor: Actor
  salonId: string
  id: string
}): Promise<Questionnaire> {
  await assertCanReadQuestionnaires(opts.db, opts.actor, opts.salonId)
  return toQuestionnaire(await loadQuestionnaire(opts.db, opts.actor, opts.id), audienceOf(opts.actor))
}
