import { and, eq, isNull } from 'drizzle-orm'
import type { TenantCaller } from '../../auth/caller'
import { employees, organisations } from '../../db/schema'
import { AppError } from '../../errors'
import type { BillingDeps } from './deps'
import { currentSubscription } from './entitlements'
import { nextTermPayable } from './mandate'
import { findOptionRow } from './plans'
import type { Current } from './quote'

/* The organisation as billing reads it: its row, its current subscription, its customer at the provider. */

type Org = typeof organisations.$inferSelect

/** The current subscription with its plan, for quoting. */
export async function loadCurrent(
  deps: Pick<BillingDeps, 'db'>,
  organisationId: string,
  now: Date = new Date(),
): Promise<Current> {
  const subscription = await currentSubscription(deps.db, organisationId)
  if (!subscription) return null
  const option = await findOptionRow(deps.db, subscription.optionId)
  return option ? { subscription, option, renewable: await nextTermPayable(deps.db, subscription, now) } : null
}

export async function loadOrganisation(deps: Pick<BillingDeps, 'db'>, organisationId: string): Promise<Org> {
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, organisationId))
  if (!org) throw new AppError('ORGANISATION_NOT_FOUND')
  return org
}

/** The provider's customer of the organisation, made once and kept (organisations.payment_customer_id). */
export async function providerCustomer(deps: BillingDeps, org: Org, caller: TenantCaller | null): Promise<string> {
  if (org.paymentCustomerId) return org.paymentCustomerId
  // The payer's e-mail: the employee buying, or (a renewal asked of nobody in particular) none.
  const [me] =
    caller?.kind === 'employee'
      ? await deps.db.select({ email: employees.email }).from(employees).where(eq(employees.id, caller.employeeId))
      : []
  const { id } = await deps.payments.createCustomer({
    name: org.legalName,
    email: me?.email ?? '',
    metadata: { organisationId: org.id },
  })
  // Two purchases at once: the first customer stored wins, the other one stays unused at the provider.
  const [kept] = await deps.db
    .update(organisations)
    .set({ paymentCustomerId: id })
    .where(and(eq(organisations.id, org.id), isNull(organisations.paymentCustomerId)))
    .returning({ id: organisations.paymentCustomerId })
  if (kept?.id) return kept.id
  return (await loadOrganisation(deps, org.id)).paymentCustomerId ?? id
}
