import { and, asc, eq, gt, isNull, or } from 'drizzle-orm'
import type { ParsedMutationArgs } from '../../../contract/sync'
import { type CourseProgress, progressId, type TrainingProgress } from '../../../contract/trainings'
import { asEmployee, authorize, type TenantCaller } from '../../auth/caller'
import type { EmployeeCaller } from '../../../contract/policy'
import type { DbOrTx } from '../../db/client'
import { employees, trainingCourses, trainingProgress, trainingSegments } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { happenedFor } from '../when'
import { certificatesOfCourse, issueIfComplete } from './certificates'
import { liveModules, liveSegments, openSegment, readableCourse } from './read'
import { type CourseRow, type ProgressRow, type SegmentRow, toProgress } from './rows'
import { type Memo, noMemo } from '../sync/memo'
import { manualScope, paidScope, trainingScope } from './scope'

/*
 * An employee's progress per segment (issue 24), written on the tablet (offline too) as the sync
 * mutation `trainingProgress.record` and merged here so it never goes backwards:
 * - `startedAt`, `completedAt`: the earliest wins; once completed it stays completed;
 * - `positionSeconds`: the highest wins, and no longer moves once the segment is completed;
 * - the times are when it happened by the push's corrected device time (services/when.ts: the
 *   device clock shifted by its offset at sending, never later than the receipt), never the raw
 *   device clock; an online write happened when it arrived.
 * A late replay of older progress, the same push twice, or two devices in any order end in the
 * same row (each rule is a min or a max). A write that changes nothing takes no new version.
 */

/**
 * The live segment (of `courseId`, when given) the employee may record progress in, or 404: a
 * training shown to them, a manual, or a paid course's (issue 24). Only where its content is open
 * to them (read.ts openSegment): a paid course the organisation does not own is 403
 * PAID_COURSE_NOT_OWNED but for its previews, a segment of an "in order" course before its turn
 * TRAINING_SEGMENT_LOCKED (its content never left the server).
 */
async function segmentFor(
  db: DbOrTx,
  caller: TenantCaller,
  segmentId: string,
  courseId: string | undefined,
  memo: Memo,
) {
  const [found] = await memo(`segmentOf:${segmentId}`, () =>
    db
      .select({ segment: trainingSegments, kind: trainingCourses.kind })
      .from(trainingSegments)
      .innerJoin(trainingCourses, eq(trainingCourses.id, trainingSegments.courseId))
      .where(
        and(
          eq(trainingSegments.id, segmentId),
          isNull(trainingSegments.deletedAt),
          or(isNull(trainingSegments.organisationId), eq(trainingSegments.organisationId, caller.organisationId)),
        ),
      ),
  )
  const row = found?.segment
  if (!row || (courseId && row.courseId !== courseId)) throw new AppError('TRAINING_SEGMENT_NOT_FOUND')
  const scope =
    row.organisationId !== null
      ? trainingScope(caller)
      : found.kind === 'paid'
        ? paidScope(caller)
        : manualScope(caller)
  const course = await memo(`course:${row.courseId}`, () => readableCourse(db, scope, row.courseId)).catch(() => {
    throw new AppError('TRAINING_SEGMENT_NOT_FOUND')
  })
  const { segment, order } = await openSegment(db, scope, course, segmentId, { memo, row })
  return { segment, course, segments: order }
}

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a <= b ? a : b) : (a ?? b))
const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null)

/** The stored progress with one write merged in (never backwards). */
function merged(
  row: Pick<ProgressRow, 'startedAt' | 'completedAt' | 'positionSeconds'>,
  args: ParsedMutationArgs<'trainingProgress.record'>,
  at: Date,
) {
  const startedAt = args.started || args.completed ? earliest(row.startedAt, at) : row.startedAt
  const completedAt = args.completed ? earliest(row.completedAt, at) : row.completedAt
  const positionSeconds = row.completedAt ? row.positionSeconds : Math.max(row.positionSeconds, args.positionSeconds)
  return { startedAt, completedAt, positionSeconds }
}

export async function recordProgress(o: {
  db: DbOrTx
  caller: TenantCaller
  args: ParsedMutationArgs<'trainingProgress.record'>
  /**
   * A push's shared reads (sync/memo.ts): 1,000 events of one course read its segment, course
   * and order once, not a dozen statements each; whether the previous segment is completed (an
   * "in order" course) is still read per event, as this push's own events change it.
   */
  memo?: Memo
}): Promise<TrainingProgress> {
  const { db, args, memo = noMemo } = o
  authorize(o.caller, 'trainings.read')
  const caller = asEmployee(o.caller)
  const { segment, course, segments } = await segmentFor(db, caller, args.segmentId, args.courseId, memo)
  const happened = happenedFor(caller)
  const stored = await lockedRow(db, caller, segment.id)
  if (!stored) {
    // The first event of this segment: written merged, in one insert with its version.
    const [saved] = await db
      .insert(trainingProgress)
      .values({
        id: progressId(caller.employeeId, segment.id),
        organisationId: caller.organisationId,
        employeeId: caller.employeeId,
        segmentId: segment.id,
        courseId: segment.courseId,
        ...merged(NONE, args, happened.occurredAt),
        updatedAt: happened.receivedAt,
        version: await nextVersion(db, caller.organisationId),
      })
      .onConflictDoNothing()
      .returning()
    if (saved) return settled(db, caller, course, segments, saved)
  }
  // A row stored, or written by a request racing this one since: merged under its lock.
  const row = stored ?? (await lockedRow(db, caller, segment.id))!
  const next = merged(row, args, happened.occurredAt)
  const changed =
    !same(next.startedAt, row.startedAt) ||
    !same(next.completedAt, row.completedAt) ||
    next.positionSeconds !== row.positionSeconds
  // A completed segment may complete the course: its certificate, in this same transaction (also
  // when nothing changed, so a course whose last open segment was removed certifies at the next visit).
  if (!changed) return settled(db, caller, course, segments, row)
  const [saved] = await db
    .update(trainingProgress)
    .set({ ...next, updatedAt: happened.receivedAt, version: await nextVersion(db, caller.organisationId) })
    .where(eq(trainingProgress.id, row.id))
    .returning()
  return settled(db, caller, course, segments, saved)
}

/** Nothing recorded yet: what a first event is merged into. */
const NONE = { startedAt: null, completedAt: null, positionSeconds: 0 }

/** The employee's row of this segment, locked until the transaction ends (merges never interleave). */
async function lockedRow(db: DbOrTx, caller: EmployeeCaller, segmentId: string) {
  const [row] = await db
    .select()
    .from(trainingProgress)
    .where(and(eq(trainingProgress.employeeId, caller.employeeId), eq(trainingProgress.segmentId, segmentId)))
    .for('update')
  return row as ProgressRow | undefined
}

/** The answer of a write, with the course's certificate once its last segment is completed. */
async function settled(
  db: DbOrTx,
  caller: EmployeeCaller,
  course: CourseRow,
  segments: Pick<SegmentRow, 'id'>[],
  row: ProgressRow,
): Promise<TrainingProgress> {
  if (row.completedAt) await issueIfComplete(db, caller, course, segments)
  return toProgress(row)
}

/** The caller's own progress (GET …/trainings/progress). */
export async function listProgress(o: { db: DbOrTx; caller: TenantCaller }): Promise<TrainingProgress[]> {
  const caller = asEmployee(o.caller)
  const rows = await o.db
    .select()
    .from(trainingProgress)
    .where(tenant(trainingProgress, caller, eq(trainingProgress.employeeId, caller.employeeId)))
    .orderBy(asc(trainingProgress.version))
  return rows.map(toProgress)
}

/** The sync feed: the reader's own progress changed after `since`, in version order. */
export async function changedProgress(db: DbOrTx, caller: TenantCaller, since: number, limit: number) {
  const employee = asEmployee(caller)
  return db
    .select()
    .from(trainingProgress)
    .where(
      tenant(
        trainingProgress,
        employee,
        eq(trainingProgress.employeeId, employee.employeeId),
        gt(trainingProgress.version, since),
      ),
    )
    .orderBy(asc(trainingProgress.version))
    .limit(limit)
}

/**
 * `GET …/trainings/courses/{id}/progress` (trainings.manage): per employee who started the course,
 * the live segments completed of all, the first start, and the last completion once every segment
 * is completed. Progress in segments since removed does not count.
 */
export async function courseProgress(o: { db: DbOrTx; caller: TenantCaller; id: string }): Promise<CourseProgress[]> {
  const { db, caller } = o
  authorize(caller, 'trainings.manage')
  const scope = trainingScope(caller)
  const course = await readableCourse(db, scope, o.id)
  const segments = await liveSegments(db, scope, [course.id], await liveModules(db, scope, [course.id]))
  const live = new Set(segments.map((s) => s.id))
  const rows = await db
    .select({ progress: trainingProgress, firstName: employees.firstName, lastName: employees.lastName })
    .from(trainingProgress)
    .innerJoin(employees, eq(employees.id, trainingProgress.employeeId))
    .where(tenant(trainingProgress, caller, eq(trainingProgress.courseId, course.id)))
  const certificates = await certificatesOfCourse(db, caller, course.id)
  const byEmployee = new Map<string, typeof rows>()
  for (const r of rows) byEmployee.set(r.progress.employeeId, [...(byEmployee.get(r.progress.employeeId) ?? []), r])
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return [...byEmployee.values()]
    .map((list) => {
      const counted = list.filter((r) => live.has(r.progress.segmentId)).map((r) => r.progress)
      const done = counted.filter((p) => p.completedAt)
      const all = list.map((r) => r.progress)
      const first = all.map((p) => p.startedAt).filter((d): d is Date => !!d)
      return {
        employeeId: list[0].progress.employeeId,
        firstName: list[0].firstName,
        lastName: list[0].lastName,
        completedSegments: done.length,
        totalSegments: segments.length,
        startedAt: iso(first.length ? new Date(Math.min(...first.map((d) => d.getTime()))) : null),
        completedAt:
          segments.length && done.length === segments.length
            ? iso(new Date(Math.max(...done.map((p) => p.completedAt!.getTime()))))
            : null,
        updatedAt: new Date(Math.max(...all.map((p) => p.updatedAt.getTime()))).toISOString(),
        certificate: certificates.get(list[0].progress.employeeId) ?? null,
      }
    })
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
}
