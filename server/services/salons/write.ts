import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreateSalon, Salon, UpdateSalon } from '../../../contract/salons'
import { assertBranch, authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { salons } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { getSalon } from './read'
import { assertWithinLimit } from '../billing/limits'

/**
 * New branch. No grant rows are needed for the creator: manageSalons already covers every
 * branch, including new ones (see loadGrants). Salons are synced, so the write takes a version.
 */
export async function createSalon(opts: { db: Db; caller: TenantCaller; input: CreateSalon }): Promise<Salon> {
  const { db, caller } = opts
  authorize(caller, 'salons.manage')
  const id = uuidv7()
  await db.transaction(async (tx) => {
    // Issue 22: one more branch must fit the plan (counted under the organisation's row lock).
    await assertWithinLimit(tx, caller.organisationId, 'salons')
    const version = await nextVersion(tx, caller.organisationId)
    await tx.insert(salons).values({ id, organisationId: caller.organisationId, name: opts.input.name, version })
    await audit(tx, {
      organisationId: caller.organisationId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'salonCreate',
      salonId: id,
      data: { salonId: id },
    })
  })
  // manageSalons reads every branch (salons.readAll), so the new one is visible already.
  return getSalon({ db, caller, id })
}

export async function updateSalon(opts: {
  db: Db
  caller: TenantCaller
  id: string
  patch: UpdateSalon
}): Promise<Salon> {
  const { db, caller, id } = opts
  await assertBranch(db, caller, id)
  authorize(caller, 'salons.manage')
  await db.transaction(async (tx) => {
    const version = await nextVersion(tx, caller.organisationId)
    await tx
      .update(salons)
      .set({ ...opts.patch, version })
      .where(tenant(salons, caller, eq(salons.id, id)))
    await audit(tx, {
      organisationId: caller.organisationId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'salonUpdate',
      salonId: id,
      data: { salonId: id, fields: Object.keys(opts.patch) },
    })
  })
  return getSalon({ db, caller, id })
}
