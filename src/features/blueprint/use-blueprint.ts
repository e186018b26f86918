import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalTrainingCertificate, LocalTrainingCourse, LocalTrainingProgress } from '../../local-db/types'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'

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

const byPosition = (a: LocalTrainingCourse, b: LocalTrainingCourse) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const bySegment = (rows: LocalTrainingProgress[]) => new Map(rows.map((p) => [p.segmentId, p]))

/** Every course with the employee's progress; undefined while the replica is read. */
export function useBlueprint(): BlueprintData | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { db } = replica
    const [courses, progress] = await Promise.all([db.trainingCourses.toArray(), db.trainingProgress.toArray()])
    return { courses: courses.filter((c) => c.kind === 'training').sort(byPosition), progress: bySegment(progress) }
  }, [replica])
}

/** One course (null: not on this device, or not shown to this employee) with its progress; undefined while read. */
export function useBlueprintCourse(
  courseId: string,
): { course: LocalTrainingCourse | null; progress: Map<string, LocalTrainingProgress> } | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { db } = replica
    const [course, progress] = await Promise.all([
      db.trainingCourses.get(courseId),
      db.trainingProgress.where('courseId').equals(courseId).toArray(),
    ])
    return { course: course ?? null, progress: bySegment(progress) }
  }, [replica, courseId])
}

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
