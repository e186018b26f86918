import { isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { employees, roles } from '../../db/schema'
import { takeVersions } from '../../db/versions'
import { tenant } from '../../scope'
import { touchTrainings } from '../trainings/grant-versions'

/**
 * Who sees which employee depends on everyone's grants (server/services/employees/read.ts), and
 * a role's row carries how many employees hold it. When grants change — an employee's branch
 * access roles, a role's permissions, an employee added — every employee and role row of the
 * organisation takes a new version: each replica's next pull re-reads them all, receives a
 * tombstone for employees it may no longer see and fresh role counts. Grant changes are rare
 * admin actions and teams are small, so this stays cheap; in exchange the feed needs no
 * per-reader bookkeeping. The trainings shown by role follow the same way (touchTrainings). Call inside the write's transaction (like nextVersion: the organisation
 * row lock keeps versions in commit order); each row gets its own version.
 */
export async function touchTeam(tx: DbOrTx, organisationId: string): Promise<void> {
  await touchTrainings(tx, organisationId)
  const scope = { organisationId }
  const [e] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(employees)
    .where(tenant(employees, scope, isNull(employees.deletedAt)))
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(roles).where(tenant(roles, scope))
  const nEmployees = Number(e?.n ?? 0)
  const n = nEmployees + Number(r?.n ?? 0)
  if (n === 0) return
  // Versions first … first + n - 1: employees take the first nEmployees (by id), roles the rest.
  const [first] = await takeVersions(tx, organisationId, n)
  // One statement per table, so the versions follow one order (by id) without a round trip per row.
  await tx.execute(sql`
    update employees e set version = ${first - 1} + r.rn
    from (
      select id, row_number() over (order by id) as rn
      from employees where organisation_id = ${organisationId} and deleted_at is null
    ) r
    where e.id = r.id`)
  await tx.execute(sql`
    update roles t set version = ${first - 1 + nEmployees} + r.rn
    from (select id, row_number() over (order by id) as rn from roles where organisation_id = ${organisationId}) r
    where t.id = r.id`)
}
