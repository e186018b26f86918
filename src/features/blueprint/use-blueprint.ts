import { useLiveQuery } from 'dexie-react-hooks'
import type { CourseKind } from '../../../contract/trainings'
import type { LocalTrainingCertificate, LocalTrainingCourse, LocalTrainingProgress } from '../../local-db/types'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { type ReplicaCourse, useReplicaCourse, useReplicaCourses } from '../course-reader/use-replica-courses'

/*
 * The Blueprint's data (issue 24) from the replica, offline too: the organisation's trainings the
 * feed sends this employee (only those shown to their roles) and their own progress per segment
 * (unsent progress replayed on top). Courses are written online by those who manage trainings and
 * arrive through the sync.
 */

export type BlueprintData = {
  courses: LocalTrainingCourse[]
  /** This employee's progress by segment id. */
  progress: Map<string, LocalTrainingProgress>
}

const TRAINING: CourseKind = 'training'

/** Every training with the employee's progress; undefined while the replica is read. */
export const useBlueprint = (): BlueprintData | undefined => useReplicaCourses(TRAINING)

/** One training (null: not on this device, or not shown to this employee) with its progress; undefined while read. */
export const useBlueprintCourse = (courseId: string): ReplicaCourse | undefined => useReplicaCourse(courseId, TRAINING)

/**
 * Whether the "in order" rule applies to this employee: the server locks no segment for those
 * who write trainings (they read every course whole), so the screen does not either.
 */
export const useLocksApply = () => !useCan('trainings.manage')

/** This employee's certificate of a course (null: none on this device yet); undefined while read. */
export function useCertificate(courseId: string): LocalTrainingCertificate | null | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    return (await replica.db.trainingCertificates.where('courseId').equals(courseId).first()) ?? null
  }, [replica, courseId])
}
