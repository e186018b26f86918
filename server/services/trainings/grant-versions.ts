import { eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { trainingCourses } from '../../db/schema'
import { takeVersions } from '../../db/versions'
import { tenant } from '../../scope'

/**
 * Which trainings a reader receives depends on their grants (a course's `role_ids`; writers read
 * every course whole, without locks). So a grant change re-versions the organisation's live
 * trainings, as it re-versions the team (employees/team-versions.ts, whose `touchTeam` calls
 * this): each replica's next pull re-reads them, a course no longer shown arrives as a tombstone
 * (feed.ts) and a newly shown one arrives whole. A course's own `role_ids` change takes a new
 * version in write.ts already. Grant changes are rare and an organisation has few courses.
 * Call inside the write's transaction (the organisation row lock keeps versions in commit order).
 */
export async function touchTrainings(tx: DbOrTx, organisationId: string): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(trainingCourses)
    .where(
      tenant(
        trainingCourses,
        { organisationId },
        eq(trainingCourses.kind, 'training'),
        isNull(trainingCourses.deletedAt),
      ),
    )
  const n = Number(row?.n ?? 0)
  if (n === 0) return
  const [first] = await takeVersions(tx, organisationId, n)
  await tx.execute(sql`
    update training_courses c set version = ${first - 1} + r.rn
    from (
      select id, row_number() over (order by id) as rn from training_courses
      where organisation_id = ${organisationId} and kind = 'training' and deleted_at is null
    ) r
    where c.id = r.id`)
}
