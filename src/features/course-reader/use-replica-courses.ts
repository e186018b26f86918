import { useLiveQuery } from 'dexie-react-hooks'
import type { CourseKind } from '../../../contract/trainings'
import type { LocalTrainingCourse, LocalTrainingProgress } from '../../local-db/types'
import { useReplica } from '../sync/replica-context'

/*
 * Courses the replica holds (issue 24), offline too: Blueprint's trainings and the paid courses
 * the organisation owns (Academy), as the feed sends them to this employee, with their own
 * progress per segment (unsent progress replayed on top).
 */

export type ReplicaCourse = { course: LocalTrainingCourse | null; progress: Map<string, LocalTrainingProgress> }

const byPosition = (a: LocalTrainingCourse, b: LocalTrainingCourse) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const bySegment = (rows: LocalTrainingProgress[]) => new Map(rows.map((p) => [p.segmentId, p]))

/** The replica's courses of this kind in their order, with the employee's progress; undefined while read. */
export function useReplicaCourses(
  kind: CourseKind,
): { courses: LocalTrainingCourse[]; progress: Map<string, LocalTrainingProgress> } | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { db } = replica
    const [courses, progress] = await Promise.all([db.trainingCourses.toArray(), db.trainingProgress.toArray()])
    return { courses: courses.filter((c) => c.kind === kind).sort(byPosition), progress: bySegment(progress) }
  }, [replica, kind])
}

/** One course of this kind (null: not on this device) with the employee's progress in it; undefined while read. */
export function useReplicaCourse(courseId: string, kind: CourseKind): ReplicaCourse | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const { db } = replica
    const [course, progress] = await Promise.all([
      db.trainingCourses.get(courseId),
      db.trainingProgress.where('courseId').equals(courseId).toArray(),
    ])
    return { course: course?.kind === kind ? course : null, progress: bySegment(progress) }
  }, [replica, courseId, kind])
}
