import { asc, eq, isNull } from 'drizzle-orm'
import type { Advice, AdviceCondition, AdviceGroup } from '../../../contract/advice'
import type { AdviceUsage } from '../../../contract/advice/inputs'
import type { Subcondition } from '../../../contract/conditions'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { adviceConditions, adviceGroups, advices, questionnaires } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { toAdvice, toAdviceCondition, toAdviceGroup } from './rows'

/* The Grow editor's lists (issue 11): a branch's live modules, groups and conditions in order. */

type Branch = { db: DbOrTx; caller: TenantCaller; salonId: string }

export const liveAdvices = (db: DbOrTx, caller: TenantCaller, salonId: string) =>
  db
    .select()
    .from(advices)
    .where(tenant(advices, caller, eq(advices.salonId, salonId), isNull(advices.deletedAt)))
    .orderBy(asc(advices.position), asc(advices.createdAt), asc(advices.id))

export const liveGroups = (db: DbOrTx, caller: TenantCaller, salonId: string) =>
  db
    .select()
    .from(adviceGroups)
    .where(tenant(adviceGroups, caller, eq(adviceGroups.salonId, salonId), isNull(adviceGroups.deletedAt)))
    .orderBy(asc(adviceGroups.position), asc(adviceGroups.createdAt), asc(adviceGroups.id))

export const liveConditions = (db: DbOrTx, caller: TenantCaller, salonId: string) =>
  db
    .select()
    .from(adviceConditions)
    .where(tenant(adviceConditions, caller, eq(adviceConditions.salonId, salonId), isNull(adviceConditions.deletedAt)))
    .orderBy(asc(adviceConditions.createdAt), asc(adviceConditions.id))

export async function listAdvices({ db, caller, salonId }: Branch): Promise<Advice[]> {
  await authorizeInBranch(db, caller, 'advice.read', salonId)
  return (await liveAdvices(db, caller, salonId)).map(toAdvice)
}

export async function listAdviceGroups({ db, caller, salonId }: Branch): Promise<AdviceGroup[]> {
  await authorizeInBranch(db, caller, 'advice.read', salonId)
  return (await liveGroups(db, caller, salonId)).map(toAdviceGroup)
}

export async function listAdviceConditions({ db, caller, salonId }: Branch): Promise<AdviceCondition[]> {
  await authorizeInBranch(db, caller, 'advice.read', salonId)
  return (await liveConditions(db, caller, salonId)).map(toAdviceCondition)
}

/**
 * The conditions of every branch that read questionnaire `id`, with the live modules using each
 * (the questionnaire editor's warning before a question or option is removed).
 */
export async function questionnaireAdviceUsage(opts: Branch & { id: string }): Promise<AdviceUsage> {
  const { db, caller, salonId, id } = opts
  await authorizeInBranch(db, caller, 'questionnaires.manage', salonId)
  const [q] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(tenant(questionnaires, caller, eq(questionnaires.id, id), isNull(questionnaires.deletedAt)))
  if (!q) throw new AppError('QUESTIONNAIRE_NOT_FOUND')
  const conditions = await db
    .select()
    .from(adviceConditions)
    .where(tenant(adviceConditions, caller, isNull(adviceConditions.deletedAt)))
  const modules = await db
    .select({ id: advices.id, name: advices.name, conditionIds: advices.conditionIds })
    .from(advices)
    .where(tenant(advices, caller, isNull(advices.deletedAt)))
  const usage: AdviceUsage = []
  for (const c of conditions) {
    const subs = (c.subconditions as Subcondition[]).filter((s) => s.questionnaireId === id)
    const byQuestion = new Map<string, Set<string>>()
    for (const s of subs) {
      const set = byQuestion.get(s.questionId) ?? new Set<string>()
      if (typeof s.value === 'string') set.add(s.value)
      for (const v of s.values ?? []) set.add(v)
      byQuestion.set(s.questionId, set)
    }
    const users = modules.filter((m) => m.conditionIds.includes(c.id)).map((m) => ({ id: m.id, name: m.name }))
    for (const [questionId, optionIds] of byQuestion)
      usage.push({
        conditionId: c.id,
        conditionName: c.name,
        salonId: c.salonId,
        questionId,
        optionIds: [...optionIds],
        modules: users,
      })
  }
  return usage
}
