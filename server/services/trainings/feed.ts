import { asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm'
import type { ChangeOf } from '../../../contract/sync'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { trainingCourses, trainingProgress } from '../../db/schema'
import { tenant } from '../../scope'
import { changedProgress } from './progress'
import { fullCourses, visibleFilter } from './read'
import { toProgress } from './rows'
import { trainingScope } from './scope'

/*
 * The sync feed of trainings (issue 24): the organisation's courses the reader may read, each a
 * whole course (modules and segments), and the reader's own progress.
 *
 * An "in order" course is sent as this reader sees it: segments whose turn has not come without
 * their content (locked). So that a completion opens the next segment on the replica, such a
 * course's feed version is the higher of its own version and the reader's latest progress in it
 * (both from the organisation's one counter): completing a segment re-sends the course, now with
 * the next segment's content. A course deleted, or no longer shown to the reader's roles, arrives
 * as a tombstone; a grant change re-versions the trainings (grant-versions.ts), so a role taken
 * away withdraws them at the next pull and a role given sends them.
 */

export async function changedCourses(
  db: DbOrTx,
  caller: TenantCaller,
  since: number,
  limit: number,
): Promise<ChangeOf<'trainingCourse'>[]> {
  if (caller.kind !== 'employee') return []
  const mine = db
    .select({
      courseId: trainingProgress.courseId,
      last: sql<number>`max(${trainingProgress.version})`.as('last'),
    })
    .from(trainingProgress)
    .where(tenant(trainingProgress, caller, eq(trainingProgress.employeeId, caller.employeeId)))
    .groupBy(trainingProgress.courseId)
    .as('mine')
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
  const full = new Map((await fullCourses(db, scope, shown)).map((c) => [c.id, c]))
  return rows.flatMap((r): ChangeOf<'trainingCourse'>[] => {
    const version = Number(r.feedVersion)
    const row = full.get(r.id)
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
