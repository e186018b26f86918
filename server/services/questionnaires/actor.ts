import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Permission } from '../../../contract/permissions'
import { loadScope, requirePrincipal } from '../../auth/guards'
import type { DbOrTx } from '../../db/client'
import { customers, salons } from '../../db/schema'
import { AppError } from '../../errors'
import { can, type Scope, tenant } from '../../scope'

/**
 * Who calls a questionnaire endpoint: staff (with their scope) or a signed-in customer, who may
 * read and fill questionnaires for themselves (spec §6 "customer-facing actions").
 */
export type Actor =
  | { kind: 'employee'; organisationId: string; scope: Scope }
  | { kind: 'customer'; organisationId: string; customerId: string }

/** Another organisation's id in the path is a 404, exactly like a missing one. */
export async function requireActor(req: FastifyRequest, organisationId: string): Promise<Actor> {
  const p = requirePrincipal(req)
  if (p.kind === 'globalAdmin') throw new AppError('FORBIDDEN')
  if (p.organisationId !== organisationId) throw new AppError('NOT_FOUND')
  if (p.kind === 'customer') return { kind: 'customer', organisationId, customerId: p.customerId }
  return { kind: 'employee', organisationId, scope: await loadScope(req.server.db, organisationId, p.employeeId) }
}

/** The branch in the path must be the organisation's (else 404). */
export async function assertSalon(db: DbOrTx, organisationId: string, salonId: string): Promise<void> {
  const [row] = await db
    .select({ id: salons.id })
    .from(salons)
    .where(tenant(salons, { organisationId }, eq(salons.id, salonId), isNull(salons.deletedAt)))
  if (!row) throw new AppError('SALON_NOT_FOUND')
}

/** Staff need one of `permissions` in the branch; the first one is named in the 403. */
export function assertAnyIn(scope: Scope, permissions: Permission[], salonId: string): void {
  if (!permissions.some((p) => can(scope, p, salonId))) throw new AppError('FORBIDDEN', { permission: permissions[0] })
}

/**
 * A customer acts only in a branch they belong to; elsewhere the branch does not exist for them.
 * A removed customer whose session has not yet expired may not act at all.
 */
export async function assertCustomerInSalon(
  db: DbOrTx,
  actor: { organisationId: string; customerId: string },
  salonId: string,
): Promise<void> {
  const [row] = await db
    .select({ salonIds: customers.salonIds })
    .from(customers)
    .where(
      tenant(
        customers,
        actor,
        and(eq(customers.id, actor.customerId), eq(customers.deleted, false), isNull(customers.deletedAt)),
      ),
    )
  if (!row?.salonIds.includes(salonId)) throw new AppError('SALON_NOT_FOUND')
}

/** Reading questionnaires: staff with read or manage rights in the branch; customers in it. */
export async function assertCanReadQuestionnaires(db: DbOrTx, actor: Actor, salonId: string): Promise<void> {
  await assertSalon(db, actor.organisationId, salonId)
  if (actor.kind === 'customer') return assertCustomerInSalon(db, actor, salonId)
  assertAnyIn(actor.scope, ['readQuestionnaires', 'manageQuestionnaires'], salonId)
}
