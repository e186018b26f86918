import { uniqueViolation } from '../db/errors'
import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { employeeIdOf, type TenantCaller } from '../auth/caller'
import type { DbOrTx } from '../db/client'
import { AppError, idTaken } from '../errors'

type ClientMade = PgTable & { id: PgColumn }

/**
 * An append-only create on the client's UUID (comments, skin analyses, submissions): a tablet's
 * outbox may send the same entry twice, or two sends of it race. A row already stored under the
 * id answers through `replay` (the stored row, or the refusal: id taken, conflict, not found);
 * otherwise `create` checks and writes it, and a create that loses the race to the same id (a
 * unique violation) answers like a repeat too. Ids are looked up across organisations (the key
 * is global); `replay` decides what a foreign row answers.
 */
export async function createOnce<T extends ClientMade, R>(
  db: DbOrTx,
  table: T,
  id: string,
  replay: (row: T['$inferSelect']) => NoInfer<R>,
  create: () => Promise<NoInfer<R>>,
): Promise<R> {
  const t: ClientMade = table
  const stored = async () => ((await db.select().from(t).where(eq(t.id, id))) as T['$inferSelect'][])[0]
  const existing = await stored()
  if (existing) return replay(existing)
  try {
    return await create()
  } catch (err) {
    if (!uniqueViolation(err)) throw err
    const row = await stored()
    if (!row) throw err
    return replay(row)
  }
}

/**
 * A repeat of the caller's own create (a comment, a skin analysis): the stored row must be of
 * the caller's organisation, of this customer and by this employee, and `sameContent`; the id
 * used for anything else is `id_taken` (never saying by whom). A row removed since is `missing`.
 */
export function assertOwnRepeat(
  row: { organisationId: string; customerId: string; employeeId: string | null; deletedAt: Date | null },
  caller: TenantCaller,
  customerId: string,
  missing: 'COMMENT_NOT_FOUND' | 'SKIN_ANALYSIS_NOT_FOUND',
  sameContent = true,
) {
  const same =
    row.organisationId === caller.organisationId &&
    row.customerId === customerId &&
    row.employeeId === employeeIdOf(caller) &&
    sameContent
  if (!same) throw idTaken()
  if (row.deletedAt) throw new AppError(missing)
}
