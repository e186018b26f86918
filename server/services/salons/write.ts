import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreateSalon, Salon, UpdateSalon } from '../../../contract/salons'
import type { Db } from '../../db/client'
import { salons } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { assertCan, type Scope, tenant } from '../../scope'
import { audit } from '../audit'
import { assertSalonExists, getSalon } from './read'

/**
 * New branch. No grant rows are needed for the creator: manageSalons already covers every
 * branch, including new ones (see loadScope). Salons are synced, so the write takes a version.
 */
export async function createSalon(opts: { db: Db; scope: Scope; input: CreateSalon }): Promise<Salon> {
  const { db, scope } = opts
  assertCan(scope, 'manageSalons')
  const id = uuidv7()
  await db.transaction(async (tx) => {
    const version = await nextVersion(tx, scope.organisationId)
    await tx.insert(salons).values({ id, organisationId: scope.organisationId, name: opts.input.name, version })
    await audit(tx, {
      organisationId: scope.organisationId,
      actorKind: 'employee',
      actorId: scope.employeeId,
      event: 'salonCreate',
      data: { salonId: id },
    })
  })
  return getSalon({ db, scope, id })
}

export async function updateSalon(opts: { db: Db; scope: Scope; id: string; patch: UpdateSalon }): Promise<Salon> {
  const { db, scope, id } = opts
  await assertSalonExists(db, scope, id)
  assertCan(scope, 'manageSalons')
  await db.transaction(async (tx) => {
    const version = await nextVersion(tx, scope.organisationId)
    await tx
      .update(salons)
      .set({ ...opts.patch, version })
      .where(tenant(salons, scope, eq(salons.id, id)))
    await audit(tx, {
      organisationId: scope.organisationId,
      actorKind: 'employee',
      actorId: scope.employeeId,
      event: 'salonUpdate',
      data: { salonId: id, fields: Object.keys(opts.patch) },
    })
  })
  return getSalon({ db, scope, id })
}
