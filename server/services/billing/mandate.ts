import { gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { payments } from '../../db/schema'
import { tenant } from '../../scope'
import { isRunning, type SubscriptionRow } from './view'

/*
 * README "Renewals without a payment method": a renewal is charged on the mandate a paid `first`
 * (or `recurring`) payment left at the provider. A purchase that cost nothing (a 100% discount, a
 * credit as large as the price) never went to the provider, so it left none; a chargeback takes
 * the trust in it away. Such an organisation is asked to pay its next term through a checkout
 * instead of being charged (and failing) without one.
 */

/** Whether the organisation has paid at the provider in a way that leaves a mandate to charge. */
export async function hasMandate(db: DbOrTx, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      tenant(
        payments,
        { organisationId },
        inArray(payments.sequenceType, ['first', 'recurring']),
        inArray(payments.status, ['paid']),
        isNotNull(payments.providerPaymentId),
        gt(payments.amountCents, 0),
        isNull(payments.chargedBackAt),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * Whether the owner may pay the running subscription's next term now, through a checkout (policy
 * `renew`): after a failed or charged-back renewal (grace), when it does not renew on its own, or
 * when nothing would let it be charged.
 */
export async function nextTermPayable(db: DbOrTx, s: SubscriptionRow, now: Date): Promise<boolean> {
  if (s.trial || s.status !== 'active' || !isRunning(s, now)) return false
  return s.graceUntil !== null || !s.autoExtend || !(await hasMandate(db, s.organisationId))
}
