import { asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Salon } from '../../../contract/salons'
import type { DbOrTx } from '../../db/client'
import { salons } from '../../db/schema'
import { AppError } from '../../errors'
import { can, type Scope, tenant } from '../../scope'
import { customersCount, employeesCount } from './counts'

/** Branches the employee sees: all with readSalons/manageSalons, else those with any grant. */
function visible(scope: Scope): SQL | undefined {
  if (can(scope, 'readSalons') || can(scope, 'manageSalons')) return undefined
  const ids = [...scope.salonPermissions.keys()]
  return ids.length ? inArray(salons.id, ids) : sql`false`
}

async function select(db: DbOrTx, scope: Scope, ...where: (SQL | undefined)[]): Promise<Salon[]> {
  const rows = await db
    .select({
      id: salons.id,
      organisationId: salons.organisationId,
      name: salons.name,
      version: salons.version,
      customersCount,
      employeesCount,
    })
    .from(salons)
    .where(tenant(salons, scope, isNull(salons.deletedAt), visible(scope), ...where))
    .orderBy(asc(salons.name))
  return rows.map((r) => ({ ...r, customersCount: Number(r.customersCount), employeesCount: Number(r.employeesCount) }))
}

export function listSalons(opts: { db: DbOrTx; scope: Scope }): Promise<Salon[]> {
  return select(opts.db, opts.scope)
}

export async function getSalon(opts: { db: DbOrTx; scope: Scope; id: string }): Promise<Salon> {
  const [row] = await select(opts.db, opts.scope, eq(salons.id, opts.id))
  if (!row) throw new AppError('SALON_NOT_FOUND')
  return row
}

/** Write paths check existence in the tenant first so another organisation's id is a plain 404. */
export async function assertSalonExists(db: DbOrTx, scope: Scope, id: string): Promise<void> {
  const [row] = await db
    .select({ id: salons.id })
    .from(salons)
    .where(tenant(salons, scope, eq(salons.id, id), isNull(salons.deletedAt)))
    .limit(1)
  if (!row) throw new AppError('SALON_NOT_FOUND')
}
