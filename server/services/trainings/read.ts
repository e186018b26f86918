import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { TrainingCourse, TrainingCourseFull, TrainingModule, TrainingSegment } from '../../../contract/trainings'
import type { DbOrTx } from '../../db/client'
import {
  employeeSalonRoles,
  paidCourseAccess,
  trainingCourses,
  trainingModules,
  trainingProgress,
  trainingSegments,
} from '../../db/schema'
import { AppError } from '../../errors'
import { type Memo, noMemo } from '../sync/memo'
import { type CourseRow, type ModuleRow, type SegmentRow, toCourse, toCourseFull, toModule, toSegment } from './rows'
import { type CourseScope, inScope, isWriter, ofKind } from './scope'

/*
 * Reading trainings and user manuals (issue 24). Readers see the courses shown to their roles
 * (trainings: none named is every employee); writers see every course whole. In an "in order"
 * course a reader's segment is locked until they completed the one before it (./README.md).
 */

type Read = { db: DbOrTx; scope: CourseScope }

/** The scope's live courses in their order (position). */
export const liveCourses = (db: DbOrTx, scope: CourseScope) =>
  db
    .select()
    .from(trainingCourses)
    .where(inScope(trainingCourses, scope, ofKind(trainingCourses, scope)))
    .orderBy(asc(trainingCourses.position), asc(trainingCourses.createdAt))

/** Live modules of these courses, in order. */
export const liveModules = (db: DbOrTx, scope: CourseScope, courseIds: string[]): Promise<ModuleRow[]> =>
  courseIds.length
    ? db
        .select()
        .from(trainingModules)
        .where(inScope(trainingModules, scope, inArray(trainingModules.courseId, courseIds)))
        .orderBy(asc(trainingModules.position), asc(trainingModules.createdAt))
    : Promise.resolve([])

/** Live segments of these courses, in their module's order. */
export async function liveSegments(
  db: DbOrTx,
  scope: CourseScope,
  courseIds: string[],
  modules: ModuleRow[],
): Promise<SegmentRow[]> {
  if (!courseIds.length) return []
  const rows = await db
    .select()
    .from(trainingSegments)
    .where(inScope(trainingSegments, scope, inArray(trainingSegments.courseId, courseIds)))
    .orderBy(asc(trainingSegments.position))
  const moduleAt = new Map(modules.map((m, i) => [m.id, i]))
  return rows
    .filter((s) => moduleAt.has(s.moduleId))
    .sort((a, b) => moduleAt.get(a.moduleId)! - moduleAt.get(b.moduleId)!)
}

/**
 * The live segments' order without their content (ids, course, module), as liveSegments sorts
 * them: what a progress write checks (the segment is live, its turn has come) per event — a
 * 500-segment course's texts read for every one of 1,000 synced events made the push crawl.
 */
export async function liveSegmentOrder(
  db: DbOrTx,
  scope: CourseScope,
  courseIds: string[],
  modules: ModuleRow[],
): Promise<SegmentPlace[]> {
  if (!courseIds.length) return []
  const rows = await db
    .select({ id: trainingSegments.id, courseId: trainingSegments.courseId, moduleId: trainingSegments.moduleId })
    .from(trainingSegments)
    .where(inScope(trainingSegments, scope, inArray(trainingSegments.courseId, courseIds)))
    .orderBy(asc(trainingSegments.position))
  const moduleAt = new Map(modules.map((m, i) => [m.id, i]))
  return rows
    .filter((s) => moduleAt.has(s.moduleId))
    .sort((a, b) => moduleAt.get(a.moduleId)! - moduleAt.get(b.moduleId)!)
}
export type SegmentPlace = Pick<SegmentRow, 'id' | 'courseId' | 'moduleId'>

/** The role ids the employee holds in any branch. */
async function roleIdsOf(db: DbOrTx, employeeId: string): Promise<Set<string>> {
  const rows = await db
    .select({ roleId: employeeSalonRoles.roleId })
    .from(employeeSalonRoles)
    .where(eq(employeeSalonRoles.employeeId, employeeId))
  return new Set(rows.map((r) => r.roleId))
}

/**
 * Which of these courses the caller reads: writers all; a training names roles (none: everyone);
 * manuals are everyone's.
 */
export async function visibleFilter(db: DbOrTx, scope: CourseScope): Promise<(c: CourseRow) => boolean> {
  if (scope.kind !== 'training' || isWriter(scope)) return () => true
  const caller = scope.caller
  if (caller.kind !== 'employee') return () => false
  const mine = await roleIdsOf(db, caller.employeeId)
  return (c) => c.roleIds.length === 0 || c.roleIds.some((r) => mine.has(r))
}

/**
 * The segments locked for the caller, each with the segment before it (what is to be completed
 * first): in an "in order" course, a segment whose previous one (in module, then segment order)
 * the employee has not completed. Writers and global admins have nothing locked.
 */
export async function lockedSegments(
  db: DbOrTx,
  scope: CourseScope,
  courses: CourseRow[],
  segments: SegmentPlace[],
): Promise<Map<string, string>> {
  const locked = new Map<string, string>()
  const caller = scope.caller
  const sequential = courses.filter((c) => c.inOrder).map((c) => c.id)
  if (!sequential.length || caller.kind !== 'employee' || isWriter(scope)) return locked
  const done = await db
    .select({ segmentId: trainingProgress.segmentId })
    .from(trainingProgress)
    .where(
      and(
        eq(trainingProgress.employeeId, caller.employeeId),
        inArray(trainingProgress.courseId, sequential),
        isNotNull(trainingProgress.completedAt),
      ),
    )
  const completed = new Set(done.map((d) => d.segmentId))
  for (const courseId of sequential) {
    const list = segments.filter((s) => s.courseId === courseId)
    for (let i = 1; i < list.length; i++) if (!completed.has(list[i - 1].id)) locked.set(list[i].id, list[i - 1].id)
  }
  return locked
}

/**
 * Paid courses the caller's organisation does not own: their segments, but the `preview` ones,
 * come without content (an employee reads the titles; global admins read everything).
 */
export async function unpaidSegments(
  db: DbOrTx,
  scope: CourseScope,
  courses: CourseRow[],
  segments: SegmentRow[],
): Promise<Set<string>> {
  const caller = scope.caller
  if (scope.kind !== 'paid' || caller.kind === 'globalAdmin' || !courses.length) return new Set()
  const owned = new Set(
    await ownedCourses(
      db,
      caller.organisationId,
      courses.map((c) => c.id),
    ),
  )
  return new Set(segments.filter((s) => !owned.has(s.courseId) && !s.preview).map((s) => s.id))
}

/** Which of these paid courses the organisation owns (granted, not refunded). */
export async function ownedCourses(db: DbOrTx, organisationId: string, courseIds: string[]): Promise<string[]> {
  if (!courseIds.length) return []
  const rows = await db
    .select({ courseId: paidCourseAccess.courseId })
    .from(paidCourseAccess)
    .where(
      and(
        eq(paidCourseAccess.organisationId, organisationId),
        inArray(paidCourseAccess.courseId, courseIds),
        isNull(paidCourseAccess.revokedAt),
      ),
    )
  return rows.map((r) => r.courseId)
}

/** Courses with their modules and segments, as this caller reads them (locks applied). */
export async function fullCourses(db: DbOrTx, scope: CourseScope, courses: CourseRow[]): Promise<TrainingCourseFull[]> {
  const ids = courses.map((c) => c.id)
  const modules = await liveModules(db, scope, ids)
  const segments = await liveSegments(db, scope, ids, modules)
  const locked = await lockedSegments(db, scope, courses, segments)
  const lockedIds = new Set([...locked.keys(), ...(await unpaidSegments(db, scope, courses, segments))])
  return courses.map((c) => toCourseFull(c, modules, segments, lockedIds))
}

/** One live course of the scope the caller reads, or 404 (another organisation's too). */
export async function readableCourse(db: DbOrTx, scope: CourseScope, id: string): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(trainingCourses)
    .where(inScope(trainingCourses, scope, ofKind(trainingCourses, scope), eq(trainingCourses.id, id)))
  if (!row || !(await visibleFilter(db, scope))(row)) throw new AppError('TRAINING_COURSE_NOT_FOUND')
  return row
}

export async function listCourses({ db, scope }: Read): Promise<TrainingCourse[]> {
  const visible = await visibleFilter(db, scope)
  return (await liveCourses(db, scope)).filter(visible).map(toCourse)
}

export async function getCourse({ db, scope, id }: Read & { id: string }): Promise<TrainingCourseFull> {
  const [full] = await fullCourses(db, scope, [await readableCourse(db, scope, id)])
  return full
}

export async function listModules({ db, scope, id }: Read & { id: string }): Promise<TrainingModule[]> {
  return (await getCourse({ db, scope, id })).modules
}

export async function getModule(o: Read & { id: string; moduleId: string }): Promise<TrainingModule> {
  const module = (await listModules(o)).find((m) => m.id === o.moduleId)
  if (!module) throw new AppError('TRAINING_MODULE_NOT_FOUND')
  return module
}

/**
 * A live segment of a course the caller reads, whose content is open to them, or why not: a paid
 * course the organisation does not own, but a preview: 403 PAID_COURSE_NOT_OWNED; an "in order"
 * course whose previous segment the caller has not completed: 403 TRAINING_SEGMENT_LOCKED naming
 * that segment. So the content never leaves the server before the course is bought or the
 * segment's turn has come (the replica's copy is locked the same way), and no progress is
 * recorded in it (progress.ts).
 */
export async function openSegment(
  db: DbOrTx,
  scope: CourseScope,
  course: CourseRow,
  segmentId: string,
  /**
   * From a progress write (progress.ts): the push's shared reads (the order, not what the caller
   * completed) and the segment's row when it was read already.
   */
  o: { memo?: Memo; row?: SegmentRow } = {},
) {
  const memo = o.memo ?? noMemo
  // The course's order without its texts (a progress write checks it per event), then this one whole.
  const order = await memo(`order:${course.id}`, async () =>
    liveSegmentOrder(db, scope, [course.id], await liveModules(db, scope, [course.id])),
  )
  if (!order.some((s) => s.id === segmentId)) throw new AppError('TRAINING_SEGMENT_NOT_FOUND')
  const segment =
    o.row?.id === segmentId
      ? o.row
      : (await db.select().from(trainingSegments).where(eq(trainingSegments.id, segmentId)))[0]
  if ((await memo(`unpaid:${segmentId}`, () => unpaidSegments(db, scope, [course], [segment]))).has(segment.id))
    throw new AppError('PAID_COURSE_NOT_OWNED')
  const previous = (await lockedSegments(db, scope, [course], order)).get(segment.id)
  if (previous) throw new AppError('TRAINING_SEGMENT_LOCKED', { previousSegmentId: previous })
  return { segment, order }
}

/** One segment with its content (openSegment: 403 while it is not open to the caller). */
export async function getSegment(o: Read & { id: string; segmentId: string }): Promise<TrainingSegment> {
  const course = await readableCourse(o.db, o.scope, o.id)
  return toSegment((await openSegment(o.db, o.scope, course, o.segmentId)).segment)
}

/** Modules of a course as a writer reads them (no locks), for the writes' answers. */
export async function modulesOf(db: DbOrTx, scope: CourseScope, course: CourseRow): Promise<TrainingModule[]> {
  const modules = await liveModules(db, scope, [course.id])
  const segments = await liveSegments(db, scope, [course.id], modules)
  return modules.map((m) => toModule(m, segments, new Set()))
}
