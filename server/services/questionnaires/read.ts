import { and, asc, eq } from 'drizzle-orm'
import type { Audience, Questionnaire } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaires } from '../../db/schema'
import { AppError } from '../../errors'
import { allows, type Caller } from '../../../contract/policy'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import { notDeleted, tenant } from '../../scope'
import { type QuestionnaireRow, toQuestionnaire } from './serialize'

/**
 * Customers reach customer questionnaires only; a hidden one is left out of their list but still
 * opens from a link it was sent with. Staff see every one.
 */
const visibleTo = (actor: { kind?: Caller['kind'] }, listing = false) =>
  actor.kind === 'customer'
    ? and(eq(questionnaires.kind, 'customerQuestionnaire'), listing ? eq(questionnaires.hidden, false) : undefined)
    : undefined

/** Who reads: a customer session, or staff (also when staff hand the kiosk over, see the client). */
export const audienceOf = (actor: { kind?: Caller['kind'] }): Audience =>
  actor.kind === 'customer' ? 'customer' : 'employee'

/**
 * How `caller` reads questionnaires in the branch (POLICY 'questionnaires.fill'): readers of
 * questionnaires as staff; someone who may only take a submission there (the kiosk) as a
 * customer of the branch does. The sync feed serves the same view.
 */
export const fillViewOf = (caller: Caller, salonId: string): { kind: Caller['kind'] } =>
  caller.kind === 'employee' && !allows(caller, 'questionnaires.read', salonId) ? { kind: 'customer' } : caller

/**
 * A questionnaire of the organisation, or 404 (another tenant's, removed, or — for a customer —
 * meant for staff).
 */
export async function loadQuestionnaire(
  db: DbOrTx,
  actor: { organisationId: string; kind?: Caller['kind'] },
  id: string,
): Promise<QuestionnaireRow> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(tenant(questionnaires, actor, eq(questionnaires.id, id), notDeleted(questionnaires), visibleTo(actor)))
  if (!row) throw new AppError('QUESTIONNAIRE_NOT_FOUND')
  return row
}

/** Questionnaires are organisation-wide; the branch in the path only scopes the permission. */
export async function listQuestionnaires(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
}): Promise<Questionnaire[]> {
  const { caller } = opts
  await authorizeInBranch(opts.db, caller, 'questionnaires.fill', opts.salonId)
  const view = fillViewOf(caller, opts.salonId)
  const rows = await opts.db
    .select()
    .from(questionnaires)
    .where(tenant(questionnaires, caller, notDeleted(questionnaires), visibleTo(view, true)))
    .orderBy(asc(questionnaires.name), asc(questionnaires.id))
  return rows.map((r) => toQuestionnaire(r, audienceOf(view)))
}

export async function getQuestionnaire(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  id: string
}): Promise<Questionnaire> {
  await authorizeInBranch(opts.db, opts.caller, 'questionnaires.fill', opts.salonId)
  const view = { ...fillViewOf(opts.caller, opts.salonId), organisationId: opts.caller.organisationId }
  return toQuestionnaire(await loadQuestionnaire(opts.db, view, opts.id), audienceOf(view))
}
