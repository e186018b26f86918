import { eq } from 'drizzle-orm'
import type { Subscription } from '../../../contract/subscriptions'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { Db } from '../../db/client'
import { subscriptions } from '../../db/schema'
import { AppError } from '../../errors'
import { auditEmployee } from '../audit'
import { currentSubscription } from './entitlements'
import { isRunning, toSubscription } from './view'

/**
 * README "Cancel": the subscription runs until valid-to (status canceled, display "cancelled"),
 * nothing is refunded and no renewal is charged; a scheduled downgrade is dropped with it.
 * Cancelling twice answers the cancelled subscription again.
 */
export async function cancelSubscription(opts: { db: Db; caller: TenantCaller; now?: Date }): Promise<Subscription> {
  authorize(opts.caller, 'subscription.manage')
  const now = opts.now ?? new Date()
  const current = await currentSubscription(opts.db, opts.caller.organisationId)
  if (!current || !isRunning(current, now)) throw new AppError('NO_SUBSCRIPTION')
  if (current.status === 'canceled') return toSubscription(current, now)
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        canceledAt: now,
        autoExtend: false,
        scheduledOptionId: null,
        scheduledPeriod: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id))
      .returning()
    await auditEmployee(tx, opts.caller, {
      event: 'cancelSubscription',
      data: { subscriptionId: row.id, validTo: row.validTo.toISOString() },
    })
    return toSubscription(row, now)
  })
}
