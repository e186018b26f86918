import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { trainingCourses, trainingSegments } from '../../db/schema'
import { ownedCourses } from './read'

/**
 * Who may download one of the platform's files (`global/…`, the global uploads; issue 24). A file
 * is open to a reader through the live segments that use it (its audio, its PDF, or a link in its
 * text to an image):
 * - a user manual's: every signed-in employee (manuals are read by all of them);
 * - a paid course's: the employees of an organisation that owns the course (paid, not refunded),
 *   or anyone signed in as an employee when the segment is a preview.
 * Global admins read every platform file (they upload and edit them: storage/access.ts); a file no
 * live segment uses (just uploaded, or left behind by an edit) is theirs only.
 */
export async function mayReadPlatformFile(
  db: DbOrTx,
  reader: { organisationId: string },
  key: string,
): Promise<boolean> {
  const uses = await db
    .select({ kind: trainingCourses.kind, courseId: trainingCourses.id, preview: trainingSegments.preview })
    .from(trainingSegments)
    .innerJoin(trainingCourses, eq(trainingCourses.id, trainingSegments.courseId))
    .where(
      and(
        isNull(trainingSegments.organisationId),
        isNull(trainingSegments.deletedAt),
        isNull(trainingCourses.deletedAt),
        or(
          sql`${trainingSegments.audio}->>'path' = ${key}`,
          sql`${trainingSegments.pdf}->>'path' = ${key}`,
          // A rich text linking to an image names its storage URL (strpos: no LIKE wildcards).
          sql`strpos(${trainingSegments.text}, ${key}) > 0`,
          sql`strpos(coalesce(${trainingSegments.textEn}, ''), ${key}) > 0`,
        ),
      ),
    )
  if (uses.some((u) => u.kind === 'manual' || (u.kind === 'paid' && u.preview))) return true
  const paid = [...new Set(uses.filter((u) => u.kind === 'paid').map((u) => u.courseId))]
  return (await ownedCourses(db, reader.organisationId, paid)).length > 0
}
