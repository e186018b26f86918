import type { MutationArgs } from '../../../contract/sync'
import type { TrainingProgress } from '../../../contract/trainings'
import { customerRows } from '../customer-rows'
import type { ClientMutationsOf } from '../entity'

/*
 * The employee's own progress per segment (issue 24): the server's copy + this device's unsent
 * `trainingProgress.record` entries replayed on top, merged by the server's rules (earliest start
 * and completion, highest audio position, no move once completed), so the screen shows the same
 * progress the server will hold. The entry's own time only shows until the server answers: the
 * server dates progress by the push's corrected device time.
 */

const earliest = (a: string | null, b: string | null) => (a && b ? (a <= b ? a : b) : (a ?? b))

/** One recorded step merged over the row (none yet: a new row on the shared progress id). */
export function mergeProgress(
  row: TrainingProgress | undefined,
  args: MutationArgs<'trainingProgress.record'>,
  at: string,
): TrainingProgress {
  const base: TrainingProgress = row ?? {
    id: args.id,
    // The server names the employee on arrival; the replica holds only its own employee's progress.
    employeeId: '',
    courseId: args.courseId,
    segmentId: args.segmentId,
    startedAt: null,
    completedAt: null,
    positionSeconds: 0,
    updatedAt: at,
    version: 0,
  }
  const completed = args.completed ?? false
  const started = (args.started ?? true) || completed
  return {
    ...base,
    startedAt: started ? earliest(base.startedAt, at) : base.startedAt,
    completedAt: completed ? earliest(base.completedAt, at) : base.completedAt,
    positionSeconds: base.completedAt
      ? base.positionSeconds
      : Math.max(base.positionSeconds, args.positionSeconds ?? 0),
  }
}

const mutations: ClientMutationsOf<'trainingProgress'> = {
  'trainingProgress.record': {
    createsRow: true,
    overlay: (row, e) => mergeProgress(row, e.args, e.createdAt),
    async settle(db, _e, result) {
      const p = result as TrainingProgress | null
      if (p?.id && typeof p.version === 'number') await putServerProgress(db, [p])
    },
  },
}

const rows = customerRows<TrainingProgress, 'trainingProgress'>({
  mutations,
  shown: (db) => db.trainingProgress,
  server: (db) => db.serverTrainingProgress,
})

/** Stores server rows (a pull page or push results), then rebuilds what the screens see. */
export const putServerProgress = rows.putServer

export const trainingProgress = rows.entity
