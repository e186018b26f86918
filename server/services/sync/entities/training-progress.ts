import { allows } from '../../../../contract/policy'
import { changedOwnProgress } from '../../trainings/feed'
import { recordProgress } from '../../trainings/progress'
import type { SyncEntity } from '../entity'

/**
 * The reader's own progress in trainings and manuals (issue 24; GET …/trainings/progress), recorded
 * offline (`trainingProgress.record`) and merged so it never goes backwards (services/trainings/progress.ts).
 */
export const trainingProgress: SyncEntity<'trainingProgress'> = {
  feed: {
    readable: (caller) => allows(caller, 'trainings.read'),
    changed: ({ db, caller, since, limit }) => changedOwnProgress(db, caller, since, limit),
  },
  runners: { 'trainingProgress.record': (o) => recordProgress(o) },
}
