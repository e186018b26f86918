import { uniqueViolation } from '../../db/errors'
import { eq, inArray, isNull, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { Advice, AdviceAudio, AdviceCondition, AdviceGroup } from '../../../contract/advice'
import { type CheckedQuestionnaire, subconditionProblems } from '../../../contract/advice/check'
import type { AdviceConditionInput, AdviceInput } from '../../../contract/advice/inputs'
import type { FieldError } from '../../../contract/errors'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import type { Db, DbOrTx } from '../../db/client'
import { adviceConditions, adviceGroups, advices, questionnaires } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, fieldError, validationError } from '../../errors'
import { storageUrl } from '../../integrations/storage'
import { tenant } from '../../scope'
import { insertNewConditions, newConditionProblems, usedNewConditions } from './new-conditions'
import { liveAdvices, liveGroups } from './read'
import { toAdvice, toAdviceCondition, toAdviceGroup } from './rows'
import { sanitizeRichText } from '../../lib/rich-text'

/*
 * Grow editor writes (issue 11). Each takes the organisation's next sync version in its
 * transaction (the replicas of advice readers pull the change) and deletes softly (tombstones).
 * The spec names no audit event for advice, so none is written. The branch must be the
 * organisation's and the caller must manage advice there (authorizeInBranch: else 404 / 403).
 */

type Branch = { db: Db; caller: TenantCaller; salonId: string }
/** The Grow tables: each row has an id, its organisation and branch, and a tombstone. */
type BranchTable = typeof advices | typeof adviceGroups | typeof adviceConditions

/** One live row of the branch by id. */
const liveById = (table: BranchTable, caller: TenantCaller, salonId: string, id: string) =>
  tenant(table, caller, eq(table.id, id), eq(table.salonId, salonId), isNull(table.deletedAt))

/** The row, or 404 saying which kind is missing. */
function found<T>(
  row: T | undefined,
  missing: 'ADVICE_NOT_FOUND' | 'ADVICE_GROUP_NOT_FOUND' | 'ADVICE_CONDITION_NOT_FOUND',
): T {
  if (!row) throw new AppError(missing)
  return row
}

/**
 * A Grow write: the caller manages advice in the branch, and `write` runs in one transaction
 * with the organisation's next sync version taken first (the replicas pull what it changes).
 */
async function branchWrite<T>(opts: Branch, write: (tx: DbOrTx, version: number) => Promise<T>): Promise<T> {
  await authorizeInBranch(opts.db, opts.caller, 'advice.manage', opts.salonId)
  return opts.db.transaction(async (tx) => write(tx, await nextVersion(tx, opts.caller.organisationId)))
}

/** Changes one row (by id, in the caller's organisation), stamped as updated now. */
async function setRow<T extends BranchTable>(
  tx: DbOrTx,
  table: T,
  caller: TenantCaller,
  id: string,
  values: Partial<T['$inferInsert']>,
) {
  await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(tenant(table, caller, eq(table.id, id)))
}

/** The order to store: the ids given first, then the live rows they leave out (made meanwhile elsewhere). */
const fullOrder = (ids: string[], live: { id: string }[]) => [
  ...ids,
  ...live.map((r) => r.id).filter((x) => !ids.includes(x)),
]

/** `<org>/audio/<name>.mp3`: a recording uploaded to this organisation's audio storage. */
const audioPathOf = (orgId: string) => new RegExp(`^${orgId}/audio/[A-Za-z0-9_-]{1,100}\\.mp3$`)

async function moduleProblems(tx: DbOrTx, caller: TenantCaller, salonId: string, input: AdviceInput) {
  const problems: FieldError[] = []
  if (input.audio && !audioPathOf(caller.organisationId).test(input.audio.path))
    problems.push(fieldError('audio', 'advice.audio'))
  if (input.groupId) {
    const [g] = await tx
      .select({ id: adviceGroups.id })
      .from(adviceGroups)
      .where(liveById(adviceGroups, caller, salonId, input.groupId))
    if (!g) problems.push(fieldError('groupId', 'advice.group'))
  }
  const created = usedNewConditions(input)
  problems.push(...(await newConditionProblems(tx, created, () => checkedQuestionnaires(tx, caller))))
  const fresh = new Set(created.map((c) => c.id))
  const ids = [...new Set(input.conditionIds)].filter((id) => !fresh.has(id))
  if (ids.length) {
    const found = await tx
      .select({ id: adviceConditions.id })
      .from(adviceConditions)
      .where(
        tenant(
          adviceConditions,
          caller,
          inArray(adviceConditions.id, ids),
          eq(adviceConditions.salonId, salonId),
          isNull(adviceConditions.deletedAt),
        ),
      )
    const known = new Set(found.map((c) => c.id))
    input.conditionIds.forEach((id, i) => {
      if (!known.has(id) && !fresh.has(id)) problems.push(fieldError(`conditionIds.${i}`, 'advice.condition'))
    })
  }
  if (problems.length) throw validationError(problems)
}

/** The stored columns of a module input (text sanitised; the audio's address made here). */
function columnsOf(input: AdviceInput) {
  const audio: AdviceAudio | null = input.audio
    ? { path: input.audio.path, url: storageUrl(input.audio.path), durationSeconds: input.audio.durationSeconds }
    : null
  return {
    name: input.name,
    contentType: input.contentType,
    text: sanitizeRichText(input.text),
    url: input.url,
    audio,
    podcastUrl: input.podcastUrl,
    videoUrl: input.videoUrl,
    groupId: input.groupId,
    kind: input.kind,
    category: input.category,
    length: input.length,
    markers: [...new Set(input.markers)],
    conditionIds: [...new Set(input.conditionIds)],
  }
}

async function loadAdvice(db: DbOrTx, caller: TenantCaller, salonId: string, id: string) {
  return found(
    (
      await db
        .select()
        .from(advices)
        .where(liveById(advices, caller, salonId, id))
    )[0],
    'ADVICE_NOT_FOUND',
  )
}

export async function createAdvice(opts: Branch & { input: AdviceInput }): Promise<Advice> {
  const { db, caller, salonId, input } = opts
  const id = uuidv7()
  await branchWrite(opts, async (tx, version) => {
    await moduleProblems(tx, caller, salonId, input)
    await insertNewConditions(tx, caller, salonId, usedNewConditions(input))
    const live = await liveAdvices(tx, caller, salonId)
    const position = live.length ? Math.max(...live.map((a) => a.position)) + 1 : 0
    await tx.insert(advices).values({
      id,
      organisationId: caller.organisationId,
      salonId,
      ...columnsOf(input),
      position,
      version,
    })
  })
  return toAdvice(await loadAdvice(db, caller, salonId, id))
}

export async function updateAdvice(opts: Branch & { id: string; input: AdviceInput }): Promise<Advice> {
  const { db, caller, salonId, id, input } = opts
  await branchWrite(opts, async (tx, version) => {
    await loadAdvice(tx, caller, salonId, id)
    await moduleProblems(tx, caller, salonId, input)
    await insertNewConditions(tx, caller, salonId, usedNewConditions(input))
    await setRow(tx, advices, caller, id, { ...columnsOf(input), version })
  })
  return toAdvice(await loadAdvice(db, caller, salonId, id))
}

export async function deleteAdvice(opts: Branch & { id: string }): Promise<void> {
  const { caller, salonId, id } = opts
  await branchWrite(opts, async (tx, version) => {
    await loadAdvice(tx, caller, salonId, id)
    await setRow(tx, advices, caller, id, { deletedAt: new Date(), version })
  })
}

/**
 * Sets the modules' positions from `ids` (first to last) and, with `groups`, their groups.
 * Modules the list does not name (made meanwhile elsewhere) keep their order after these;
 * an id that is not a live module of the branch is a 404, a group that is not one a 400.
 */
export async function reorderAdvices(
  opts: Branch & { ids: string[]; groups?: Record<string, string | null> },
): Promise<Advice[]> {
  const { db, caller, salonId } = opts
  const ids = [...new Set(opts.ids)]
  await branchWrite(opts, async (tx) => {
    const live = await liveAdvices(tx, caller, salonId)
    const byId = new Map(live.map((a) => [a.id, a]))
    if (ids.some((x) => !byId.has(x)) || Object.keys(opts.groups ?? {}).some((x) => !byId.has(x)))
      throw new AppError('ADVICE_NOT_FOUND')
    const groupIds = new Set((await liveGroups(tx, caller, salonId)).map((g) => g.id))
    const badGroup = Object.entries(opts.groups ?? {}).find(([, g]) => g !== null && !groupIds.has(g))
    if (badGroup) throw validationError([fieldError(`groups.${badGroup[0]}`, 'advice.group')])
    for (const [position, adviceId] of fullOrder(ids, live).entries()) {
      const a = byId.get(adviceId)!
      const groupId = opts.groups && adviceId in opts.groups ? opts.groups[adviceId] : a.groupId
      if (a.position === position && a.groupId === groupId) continue
      await setRow(tx, advices, caller, adviceId, {
        position,
        groupId,
        version: await nextVersion(tx, caller.organisationId),
      })
    }
  })
  return (await liveAdvices(db, caller, salonId)).map(toAdvice)
}

// Groups

async function loadGroup(db: DbOrTx, caller: TenantCaller, salonId: string, id: string) {
  return found(
    (
      await db
        .select()
        .from(adviceGroups)
        .where(liveById(adviceGroups, caller, salonId, id))
    )[0],
    'ADVICE_GROUP_NOT_FOUND',
  )
}

async function assertGroupNameFree(tx: DbOrTx, caller: TenantCaller, salonId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: adviceGroups.id })
    .from(adviceGroups)
    .where(
      tenant(
        adviceGroups,
        caller,
        eq(adviceGroups.salonId, salonId),
        isNull(adviceGroups.deletedAt),
        sql`lower(${adviceGroups.name}) = lower(${name})`,
        exceptId ? sql`${adviceGroups.id} <> ${exceptId}` : undefined,
      ),
    )
  if (taken) throw new AppError('ADVICE_GROUP_NAME_TAKEN')
}

const nameTaken = (err: unknown) =>
  uniqueViolation(err) === 'advice_groups_salon_name_uq' ? new AppError('ADVICE_GROUP_NAME_TAKEN') : err

export async function createAdviceGroup(opts: Branch & { name: string }): Promise<AdviceGroup> {
  const { db, caller, salonId, name } = opts
  const id = uuidv7()
  try {
    await branchWrite(opts, async (tx, version) => {
      await assertGroupNameFree(tx, caller, salonId, name)
      const live = await liveGroups(tx, caller, salonId)
      const position = live.length ? Math.max(...live.map((g) => g.position)) + 1 : 0
      await tx
        .insert(adviceGroups)
        .values({ id, organisationId: caller.organisationId, salonId, name, position, version })
    })
  } catch (err) {
    throw nameTaken(err)
  }
  return toAdviceGroup(await loadGroup(db, caller, salonId, id))
}

export async function updateAdviceGroup(opts: Branch & { id: string; name: string }): Promise<AdviceGroup> {
  const { db, caller, salonId, id, name } = opts
  try {
    await branchWrite(opts, async (tx, version) => {
      await loadGroup(tx, caller, salonId, id)
      await assertGroupNameFree(tx, caller, salonId, name, id)
      await setRow(tx, adviceGroups, caller, id, { name, version })
    })
  } catch (err) {
    throw nameTaken(err)
  }
  return toAdviceGroup(await loadGroup(db, caller, salonId, id))
}

/** Soft delete; its modules stay, without a group (each a new version for the replicas). */
export async function deleteAdviceGroup(opts: Branch & { id: string }): Promise<void> {
  const { caller, salonId, id } = opts
  await branchWrite(opts, async (tx, version) => {
    await loadGroup(tx, caller, salonId, id)
    await setRow(tx, adviceGroups, caller, id, { deletedAt: new Date(), version })
    const members = await tx
      .select({ id: advices.id })
      .from(advices)
      .where(tenant(advices, caller, eq(advices.groupId, id), eq(advices.salonId, salonId)))
    for (const m of members)
      await setRow(tx, advices, caller, m.id, { groupId: null, version: await nextVersion(tx, caller.organisationId) })
  })
}

export async function reorderAdviceGroups(opts: Branch & { ids: string[] }): Promise<AdviceGroup[]> {
  const { db, caller, salonId } = opts
  const ids = [...new Set(opts.ids)]
  await branchWrite(opts, async (tx) => {
    const live = await liveGroups(tx, caller, salonId)
    const byId = new Map(live.map((g) => [g.id, g]))
    if (ids.some((x) => !byId.has(x))) throw new AppError('ADVICE_GROUP_NOT_FOUND')
    for (const [position, groupId] of fullOrder(ids, live).entries()) {
      if (byId.get(groupId)!.position === position) continue
      await setRow(tx, adviceGroups, caller, groupId, {
        position,
        version: await nextVersion(tx, caller.organisationId),
      })
    }
  })
  return (await liveGroups(db, caller, salonId)).map(toAdviceGroup)
}

// Conditions

async function loadCondition(db: DbOrTx, caller: TenantCaller, salonId: string, id: string) {
  return found(
    (
      await db
        .select()
        .from(adviceConditions)
        .where(liveById(adviceConditions, caller, salonId, id))
    )[0],
    'ADVICE_CONDITION_NOT_FOUND',
  )
}

/** The organisation's live questionnaires as the subcondition check reads them. */
export async function checkedQuestionnaires(db: DbOrTx, caller: TenantCaller): Promise<CheckedQuestionnaire[]> {
  const rows = await db
    .select({ id: questionnaires.id, name: questionnaires.name, questions: questionnaires.questions })
    .from(questionnaires)
    .where(tenant(questionnaires, caller, isNull(questionnaires.deletedAt)))
  return rows.map((r) => ({ ...r, questions: r.questions as CheckedQuestionnaire['questions'] }))
}

/** Refuses subconditions on a questionnaire, question or option that does not exist, or an unfitting operator. */
async function assertSubconditionsFit(tx: DbOrTx, caller: TenantCaller, input: AdviceConditionInput) {
  const problems = subconditionProblems(input.subconditions, await checkedQuestionnaires(tx, caller))
  if (problems.length)
    throw validationError(
      problems.map((p) => fieldError(`subconditions.${p.index}.${p.path}`, p.code, { number: String(p.index + 1) })),
    )
}

export async function createAdviceCondition(opts: Branch & { input: AdviceConditionInput }): Promise<AdviceCondition> {
  const { db, caller, salonId, input } = opts
  const id = uuidv7()
  await branchWrite(opts, async (tx, version) => {
    await assertSubconditionsFit(tx, caller, input)
    await tx.insert(adviceConditions).values({
      id,
      organisationId: caller.organisationId,
      salonId,
      name: input.name,
      subconditions: input.subconditions,
      version,
    })
  })
  return toAdviceCondition(await loadCondition(db, caller, salonId, id))
}

export async function updateAdviceCondition(
  opts: Branch & { id: string; input: AdviceConditionInput },
): Promise<AdviceCondition> {
  const { db, caller, salonId, id, input } = opts
  await branchWrite(opts, async (tx, version) => {
    await loadCondition(tx, caller, salonId, id)
    await assertSubconditionsFit(tx, caller, input)
    await setRow(tx, adviceConditions, caller, id, { name: input.name, subconditions: input.subconditions, version })
  })
  return toAdviceCondition(await loadCondition(db, caller, salonId, id))
}

/** Refused while live modules use the condition (ADVICE_CONDITION_IN_USE names them). */
export async function deleteAdviceCondition(opts: Branch & { id: string }): Promise<void> {
  const { caller, salonId, id } = opts
  await branchWrite(opts, async (tx, version) => {
    await loadCondition(tx, caller, salonId, id)
    const users = (await liveAdvices(tx, caller, salonId)).filter((a) => a.conditionIds.includes(id))
    if (users.length)
      throw new AppError('ADVICE_CONDITION_IN_USE', { modules: users.map((a) => ({ id: a.id, name: a.name })) })
    await setRow(tx, adviceConditions, caller, id, { deletedAt: new Date(), version })
  })
}
