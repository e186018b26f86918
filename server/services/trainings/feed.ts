import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm'
import type { EmployeeCaller } from '../../../contract/policy'
import type { ChangeOf } from '../../../contract/sync'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { paidCourseAccess, trainingCourses, trainingProgress } from '../../db/schema'
import { tenant } from '../../scope'
import { changedProgress } from './progress'
import { fullCourses, visibleFilter } from './read'
import { toProgress } from './rows'
import { paidScope, trainingScope } from './scope'

/*
 * The sync feed of trainings (issue 24): the organisation's courses the reader may read, each a
 * whole course (modules and segments), the paid courses the organisation owns (Academy: learned
 * offline like its own), and the reader's own progress.
 *
 * An "in order" course is sent as this reader sees it: segments whose turn has not come without
 * their content (locked). So that a completion opens the next segment on the replica, such a
 * course's feed version is the higher of its own version and the reader's latest progress in it
 * (both from the organisation's one counter): completing a segment re-sends the course, now with
 * the next segment's content. A course deleted, or no longer shown to the reader's roles, arrives
 * as a tombstone; a grant change re-versions the trainings (grant-versions.ts), so a role taken
 * away withdraws them at the next pull and a role given sends them.
 *
 * A paid course is the platform's (no organisation, no counter): its feed version is the
 * organisation's access row's (paid-courses/access.ts: taken when granted, revoked, and whenever
 * the platform changes the course), raised like a training's by the reader's progress when it is
 * "in order". Revoked or removed, it arrives as a tombstone.
 */

/** The reader's latest progress version per course (an "in order" course re-sent on a completion). */
const lastProgress = (db: DbOrTx, caller: EmployeeCaller) =>
  db
    .select({
      courseId: trainingProgress.courseId,
      last: sql<number>`max(${trainingProgress.version})`.as('last'),
    })
    .from(trainingProgress)
    .where(tenant(trainingProgress, caller, eq(trainingProgress.employeeId, caller.employeeId)))
    .groupBy(trainingProgress.courseId)
    .as('mine')

type Fed = { id: string; feedVersion: number; gone: boolean }

/** The organisation's own courses changed after `since` (training kind), in feed-version order. */
async function changedTrainings(db: DbOrTx, caller: EmployeeCaller, since: number, limit: number) {
  const mine = lastProgress(db, caller)
  const feedVersion = sql<number>`(case when ${trainingCourses.inOrder} then greatest(${trainingCourses.version}, coalesce(${mine.last}, 0)) else ${trainingCourses.version} end)`
  const rows = await db
    .select({ ...getTableColumns(trainingCourses), feedVersion })
    .from(trainingCourses)
    .leftJoin(mine, eq(mine.courseId, trainingCourses.id))
    .where(
      tenant(
        trainingCourses,
        caller,
        eq(trainingCourses.kind, 'training'),
        since === 0 ? isNull(trainingCourses.deletedAt) : sql`${feedVersion} > ${since}`,
      ),
    )
    .orderBy(asc(feedVersion))
    .limit(limit)
  const scope = trainingScope(caller)
  const visible = await visibleFilter(db, scope)
  const shown = rows.filter((r) => !r.deletedAt && visible(r))
  const full = await fullCourses(db, scope, shown)
  return {
    rows: rows.map((r): Fed => ({ id: r.id, feedVersion: Number(r.feedVersion), gone: !shown.includes(r) })),
    full,
  }
}

/** The paid courses the organisation owns (or owned) changed after `since`, in feed-version order. */
async function changedPaid(db: DbOrTx, caller: EmployeeCaller, since: number, limit: number) {
  const mine = lastProgress(db, caller)
  const feedVersion = sql<number>`(case when ${trainingCourses.inOrder} then greatest(${paidCourseAccess.version}, coalesce(${mine.last}, 0)) else ${paidCourseAccess.version} end)`
  const owned = and(isNull(paidCourseAccess.revokedAt), isNull(trainingCourses.deletedAt))
  const rows = await db
    .select({ course: trainingCourses, owned: sql<boolean>`${owned}`, feedVersion })
    .from(paidCourseAccess)
    .innerJoin(trainingCourses, eq(trainingCourses.id, paidCourseAccess.courseId))
    .leftJoin(mine, eq(mine.courseId, trainingCourses.id))
    .where(
      tenant(
        paidCourseAccess,
        caller,
        eq(trainingCourses.kind, 'paid'),
        since === 0 ? owned : sql`${feedVersion} > ${since}`,
      ),
    )
    .orderBy(asc(feedVersion))
    .limit(limit)
  const shown = rows.filter((r) => r.owned).map((r) => r.course)
  const full = await fullCourses(db, paidScope(caller), shown)
  return {
    rows: rows.map((r): Fed => ({ id: r.course.id, feedVersion: Number(r.feedVersion), gone: !r.owned })),
    full,
  }
}

export async function changedCourses(
  db: DbOrTx,
  caller: TenantCaller,
  since: number,
  limit: number,
): Promise<ChangeOf<'trainingCourse'>[]> {
  if (caller.kind !== 'employee') return []
  // Each list is cut at `limit`; the first `limit` of both in version order are within the two.
  const [own, paid] = await Promise.all([
    changedTrainings(db, caller, since, limit),
    changedPaid(db, caller, since, limit),
  ])
  const full = new Map([...own.full, ...paid.full].map((c) => [c.id, c]))
  return [...own.rows, ...paid.rows]
    .sort((a, b) => a.feedVersion - b.feedVersion)
    .slice(0, limit)
    .flatMap((r): ChangeOf<'trainingCourse'>[] => {
      const version = r.feedVersion
      const row = r.gone ? undefined : full.get(r.id)
      if (row) return [{ entity: 'trainingCourse', version, deleted: false, row: { ...row, version } }]
      return since === 0 ? [] : [{ entity: 'trainingCourse', version, deleted: true, id: r.id }]
    })
}

export async function changedOwnProgress(
  db: DbOrTx,
  caller: TenantCaller,
  since: number,
  limit: number,
): Promise<ChangeOf<'trainingProgress'>[]> {
  if (caller.kind !== 'employee') return []
  const rows = await changedProgress(db, caller, since, limit)
  return rows.map((r) => ({ entity: 'trainingProgress', version: r.version, deleted: false, row: toProgress(r) }))
}
