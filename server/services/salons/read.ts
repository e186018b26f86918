import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { allows } from '../../../contract/policy'
import type { Salon } from '../../../contract/salons'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { salons } from '../../db/schema'
import { AppError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import { customersCount, employeesCount } from './counts'

/** Branches the employee sees: all with salons.readAll, else those they hold a role in. */
function visible(caller: TenantCaller): SQL | undefined {
  if (allows(caller, 'salons.readAll')) return undefined
  const ids = caller.kind === 'employee' ? [...caller.grants.keys()] : []
  return ids.length ? inArray(salons.id, ids) : sql`false`
}

async function select(db: DbOrTx, caller: TenantCaller, ...where: (SQL | undefined)[]): Promise<Salon[]> {
  authorize(caller, 'salons.read')
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
    .where(tenant(salons, caller, notDeleted(salons), visible(caller), ...where))
    .orderBy(asc(salons.name))
  return rows.map((r) => ({ ...r, customersCount: Number(r.customersCount), employeesCount: Number(r.employeesCount) }))
}

export function listSalons(opts: { db: DbOrTx; caller: TenantCaller }): Promise<Salon[]> {
  return select(opts.db, opts.caller)
}

export async function getSalon(opts: { db: DbOrTx; caller: TenantCaller; id: string }): Promise<Salon> {
  const [row] = await select(opts.db, opts.caller, eq(salons.id, opts.id))
  if (!row) throw new AppError('SALON_NOT_FOUND')
  return row
}
