import type { Advice, AdviceCondition, AdviceGroup } from '../../../../contract/advice'
import type { AdviceConditionInput, AdviceInput } from '../../../../contract/advice/inputs'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import type { ReplicaDb } from '../../../local-db/db'
import { pingSync } from '../../../local-db/mutations'
import { getSession } from '../../auth/session'

/*
 * The Grow editor's changes (issue 11) are made online only (REST): a module's conditions decide
 * what every customer sees, so the server settles each change at once. The answer goes into the
 * replica straight away and a sync is started, so the other tablets follow.
 */

function auth(salon: string) {
  const session = getSession('employee')
  if (!session) throw new Error('not signed in')
  return { params: { org: session.employee.organisationId, salon } }
}

async function remember(db: ReplicaDb | undefined, put: (db: ReplicaDb) => Promise<unknown>) {
  if (!db) return
  await put(db)
  pingSync(db)
}

export async function saveAdvice(opts: {
  salonId: string
  id: string | null
  input: AdviceInput
  db: ReplicaDb | undefined
}): Promise<Advice> {
  const { params } = auth(opts.salonId)
  const saved = opts.id
    ? await apiCall(API.advice.update, { params: { ...params, id: opts.id }, body: opts.input })
    : await apiCall(API.advice.create, { params, body: opts.input })
  // The conditions made with it are the server's now too: shown at once, the sync brings their versions.
  const made = opts.input.newConditions.map(
    (c): AdviceCondition => ({
      ...c,
      salonId: opts.salonId,
      createdAt: saved.updatedAt,
      updatedAt: saved.updatedAt,
      version: 0,
    }),
  )
  await remember(opts.db, (db) =>
    db.transaction('rw', [db.advices, db.adviceConditions], async () => {
      await db.adviceConditions.bulkPut(made)
      await db.advices.put(saved)
    }),
  )
  return saved
}

export async function deleteAdvice(salonId: string, id: string, db: ReplicaDb | undefined) {
  const { params } = auth(salonId)
  await apiCall(API.advice.remove, { params: { ...params, id } })
  await remember(db, (d) => d.advices.delete(id))
}

/** The whole order at once (and moves between groups). */
export async function reorderAdvices(
  salonId: string,
  body: { ids: string[]; groups?: Record<string, string | null> },
  db: ReplicaDb | undefined,
) {
  const { params } = auth(salonId)
  const all = await apiCall(API.advice.reorder, { params, body })
  await remember(db, (d) => d.advices.bulkPut(all))
  return all
}

export async function saveAdviceGroup(opts: {
  salonId: string
  id: string | null
  name: string
  db: ReplicaDb | undefined
}): Promise<AdviceGroup> {
  const { params } = auth(opts.salonId)
  const body = { name: opts.name }
  const saved = opts.id
    ? await apiCall(API.advice.updateGroup, { params: { ...params, id: opts.id }, body })
    : await apiCall(API.advice.createGroup, { params, body })
  await remember(opts.db, (db) => db.adviceGroups.put(saved))
  return saved
}

/** Its modules stay, without a group (the server moves them; the replica follows here too). */
export async function deleteAdviceGroup(salonId: string, id: string, db: ReplicaDb | undefined) {
  const { params } = auth(salonId)
  await apiCall(API.advice.removeGroup, { params: { ...params, id } })
  await remember(db, async (d) => {
    await d.transaction('rw', d.adviceGroups, d.advices, async () => {
      await d.adviceGroups.delete(id)
      await d.advices.where('groupId').equals(id).modify({ groupId: null })
    })
  })
}

export async function reorderAdviceGroups(salonId: string, ids: string[], db: ReplicaDb | undefined) {
  const { params } = auth(salonId)
  const all = await apiCall(API.advice.reorderGroups, { params, body: { ids } })
  await remember(db, (d) => d.adviceGroups.bulkPut(all))
  return all
}

export async function saveAdviceCondition(opts: {
  salonId: string
  id: string | null
  input: AdviceConditionInput
  db: ReplicaDb | undefined
}): Promise<AdviceCondition> {
  const { params } = auth(opts.salonId)
  const saved = opts.id
    ? await apiCall(API.advice.updateCondition, { params: { ...params, id: opts.id }, body: opts.input })
    : await apiCall(API.advice.createCondition, { params, body: opts.input })
  await remember(opts.db, (db) => db.adviceConditions.put(saved))
  return saved
}

export async function deleteAdviceCondition(salonId: string, id: string, db: ReplicaDb | undefined) {
  const { params } = auth(salonId)
  await apiCall(API.advice.removeCondition, { params: { ...params, id } })
  await remember(db, (d) => d.adviceConditions.delete(id))
}
