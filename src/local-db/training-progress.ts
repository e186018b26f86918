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
  const e: OutboxEntry = entry('trainingProgress.record', id, {
    id,
    courseId: step.courseId,
    segmentId: step.segmentId,
    started: step.started ?? true,
    completed: step.completed ?? false,
    positionSeconds: Math.max(0, Math.floor(step.positionSeconds ?? 0)),
  })
  await db.transaction('rw', [...trainingProgress.tables(db), db.outbox], async () => {
    await db.outbox.add(e)
    await trainingProgress.rebuild(db, [id])
  })
  pingSync(db)
  return id
}

export { putServerProgress }
