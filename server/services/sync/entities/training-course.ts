import { allows } from '../../../../contract/policy'
import { changedCourses } from '../../trainings/feed'
import type { SyncEntity } from '../entity'

/**
 * The organisation's trainings (issue 24; trainings.read, as GET …/trainings/courses/{id}): whole
 * courses shown to the reader's roles, read offline, written online only. Locked segments of an
 * "in order" course come without content (services/trainings/feed.ts).
 */
export const trainingCourse: SyncEntity<'trainingCourse'> = {
  feed: {
    readable: (caller) => allows(caller, 'trainings.read'),
    changed: ({ db, caller, since, limit }) => changedCourses(db, caller, since, limit),
  },
  runners: {},
}
