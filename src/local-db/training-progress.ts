import type { MutationArgs } from '../../contract/sync'
import { progressId } from '../../contract/trainings'
import type { ReplicaDb } from './db'
import { putServerProgress, trainingProgress } from './entities/training-progress'
import { entry, pingSync } from './outbox'
import type { OutboxEntry } from './types'

/*
 * Training progress recorded on this device (issue 24; the entity, its overlay and feed:
 * entities/training-progress.ts). Offline too: the step is queued and shown at once, merged by the
 * server's rules, and sent by the sync worker. The row's id is the same on every device (progressId).
 */

export type ProgressStep = {
  courseId: string
  segmentId: string
  /** Opened (default) or only a position update. */
  started?: boolean
  completed?: boolean
  /** Where audio was left (seconds). */
  positionSeconds?: number
}

/** Records one step of `employeeId`'s progress (row + outbox entry in one transaction). Answers the row id. */
export async function recordProgress(db: ReplicaDb, employeeId: string, step: ProgressStep): Promise<string> {
  const id = progressId(employeeId, step.segmentId)
  const e: RecordEntry = entry('trainingProgress.record', id, {
    id,
    courseId: step.courseId,
    segmentId: step.segmentId,
    started: step.started ?? true,
    completed: step.completed ?? false,
    positionSeconds: Math.max(0, Math.floor(step.positionSeconds ?? 0)),
  })
  await db.transaction('rw', [...trainingProgress.tables(db), db.outbox], async () => {
    await db.outbox.add(e.args.completed ? e : await foldUnsent(db, e))
    await trainingProgress.rebuild(db, [id])
  })
  pingSync(db)
  return id
}

type RecordEntry = OutboxEntry & { name: 'trainingProgress.record'; args: MutationArgs<'trainingProgress.record'> }

/**
 * Audio saves its position every few seconds: an hour played offline would queue hundreds of
 * steps. A position step takes the unsent position steps of the same segment into itself (the
 * highest position, started if any was), dated by the first of them, so their start time stays
 * the one the server keeps. Completions are never folded: each keeps its own time. Removing and
 * re-adding (never editing one in place) is safe while the worker sends: an entry it already sent
 * is merged again by the server's max rules, and one it could not send is covered by the new one.
 */
async function foldUnsent(db: ReplicaDb, e: RecordEntry): Promise<RecordEntry> {
  const unsent = (await db.outbox.where('entityId').equals(e.entityId).toArray()).filter(
    (o): o is RecordEntry & { seq: number } =>
      o.name === e.name && o.status === 'queued' && !(o.args as RecordEntry['args']).completed,
  )
  if (unsent.length === 0) return e
  await db.outbox.bulkDelete(unsent.map((o) => o.seq))
  return {
    ...e,
    createdAt: unsent.reduce((first, o) => (o.createdAt < first ? o.createdAt : first), e.createdAt),
    args: {
      ...e.args,
      started: e.args.started || unsent.some((o) => o.args.started),
      positionSeconds: Math.max(e.args.positionSeconds ?? 0, ...unsent.map((o) => o.args.positionSeconds ?? 0)),
    },
  }
}

export { putServerProgress }
