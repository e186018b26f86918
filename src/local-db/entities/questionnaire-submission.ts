import type { Answer, Submission } from '../../../contract/questionnaires'
import type { MutationArgs } from '../../../contract/sync'
import type { ReplicaDb } from '../db'
import { type ClientMutationsOf, type EntityDefinition, groupByEntity, replay } from '../entity'
import type { LocalSubmission, OutboxEntry } from '../types'

/*
 * Submissions follow the customers' pattern: the server's acknowledged copy + this device's unsent
 * entries replayed on top, so a pull never hides an answer that has not reached the server yet.
 */

/** A submission row made from a `questionnaireSubmission.create` entry, before the server has it. */
export function submissionFromCreate(
  args: MutationArgs<'questionnaireSubmission.create'>,
  createdAt: string,
): Submission {
  const a = args as {
    id: string
    salonId: string
    customerId: string
    questionnaireId: string
    answers?: Answer[]
    takenBy?: 'customer' | 'employee'
    employeeId?: string | null
    deviceId?: string | null
    deviceName?: string | null
  }
  return {
    id: a.id,
    organisationId: '',
    salonId: a.salonId,
    customerId: a.customerId,
    questionnaireId: a.questionnaireId,
    answers: a.answers ?? [],
    takenBy: a.takenBy ?? 'customer',
    employeeId: a.employeeId ?? null,
    // The server names the employee on arrival; until then the screen names the signed-in one.
    employeeName: null,
    deviceId: a.deviceId ?? null,
    deviceName: a.deviceName ?? null,
    submittedAt: createdAt,
    updatedAt: createdAt,
    version: 0,
  }
}

const strip = ({ _pending, _error, ...s }: LocalSubmission | (Submission & Partial<LocalSubmission>)): Submission => s

export const submissionToLocal = (s: Submission, pending = false, error: string | null = null): LocalSubmission => ({
  ...strip(s),
  _pending: pending ? 1 : 0,
  _error: error,
})

const settleSubmission = async (db: ReplicaDb, _e: OutboxEntry, result: unknown) => {
  const s = result as Submission | null
  if (s?.id) await putServerSubmissions(db, [s])
}

const mutations: ClientMutationsOf<'questionnaireSubmission'> = {
  'questionnaireSubmission.create': {
    createsRow: true,
    overlay: (row, e) => row ?? { ...submissionFromCreate(e.args, e.createdAt), questionnaireName: null },
    settle: settleSubmission,
  },
  'questionnaireSubmission.updateAnswer': {
    overlay(row, e) {
      if (!row) return row
      const { questionId, value } = e.args as Answer
      return { ...row, answers: [...row.answers.filter((a) => a.questionId !== questionId), { questionId, value }] }
    },
    settle: settleSubmission,
  },
}

export const questionnaireSubmission: EntityDefinition<'questionnaireSubmission'> = {
  tables: (db) => [db.submissions, db.serverSubmissions],
  apply: (db, changes) =>
    putServerSubmissions(
      db,
      changes.flatMap((c) => (c.deleted ? [] : [c.row])),
      changes.flatMap((c) => (c.deleted ? [c.id] : [])),
    ),
  rebuild: (db, ids) => rebuildSubmissions(db, ids),
  mutations,
}

/** Replays outbox entries (sorted by seq) over the server copy (the overlays above). */
export function overlaySubmission(server: Submission | undefined, entries: OutboxEntry[]): LocalSubmission | undefined {
  const { row, pending, error } = replay<Submission>(mutations, server ? strip(server) : undefined, entries)
  return row ? submissionToLocal(row, pending, error) : undefined
}

/** Recomputes the visible submissions of the given ids. Call inside a rw transaction over submissions, serverSubmissions and outbox. */
export async function rebuildSubmissions(db: ReplicaDb, ids: Iterable<string>) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const [servers, entries] = await Promise.all([
    db.serverSubmissions.bulkGet(unique),
    db.outbox.where('entityId').anyOf(unique).toArray(),
  ])
  const byEntity = groupByEntity(entries)
  const puts: LocalSubmission[] = []
  const deletes: string[] = []
  unique.forEach((id, i) => {
    const row = overlaySubmission(servers[i], byEntity.get(id) ?? [])
    if (row) puts.push(row)
    else deletes.push(id)
  })
  if (puts.length) await db.submissions.bulkPut(puts)
  if (deletes.length) await db.submissions.bulkDelete(deletes)
}

/** Stores server rows (a pull page or push results) and rebuilds what the screens see. */
export async function putServerSubmissions(db: ReplicaDb, rows: Submission[], tombstones: string[] = []) {
  const fresh: LocalSubmission[] = []
  for (const s of rows) {
    const known = await db.serverSubmissions.get(s.id)
    if (!known || known.version <= s.version) fresh.push(submissionToLocal(s))
  }
  if (fresh.length) await db.serverSubmissions.bulkPut(fresh)
  if (tombstones.length) await db.serverSubmissions.bulkDelete(tombstones)
  await rebuildSubmissions(db, [...fresh.map((s) => s.id), ...tombstones])
}
