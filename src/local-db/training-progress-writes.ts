import { progressId } from '../../contract/trainings'
import type { ReplicaDb } from './db'
import { trainingProgress } from './entities/training-progress'
import { entry, pingSync } from './outbox'

/*
 * Progress in a training segment recorded on this device (issue 24; the entity, its overlay and
 * merge: entities/training-progress.ts): the outbox entry and the rebuilt row in one transaction,
 * so the course shows it at once (offline too) and the sync worker sends it later. The entry
 * holds what happened, never a time: the server dates it by the push's corrected device time.
 */

export type ProgressStep = {
  courseId: string
  segmentId: string
  /** Done with the segment (text read, PDF read, video watched, audio played to the end). */
  completed?: boolean
  /** Where the audio was left, in whole seconds (the saved position only rises). */
  positionSeconds?: number
}

/** Records a step for the employee; answers the progress row's id (the same on every device). */
export async function recordTrainingProgress(db: ReplicaDb, employeeId: string, step: ProgressStep): Promise<string> {
  const id = progressId(employeeId, step.segmentId)
  const e = entry('trainingProgress.record', id, {
    id,
    courseId: step.courseId,
    segmentId: step.segmentId,
    started: true,
    completed: step.completed ?? false,
    positionSeconds: Math.max(0, Math.floor(step.positionSeconds ?? 0)),
  })
  await db.transaction('rw', [db.trainingProgress, db.serverTrainingProgress, db.outbox], async () => {
    await db.outbox.add(e)
    await trainingProgress.rebuild(db, [id])
  })
  pingSync(db)
  return id
}
