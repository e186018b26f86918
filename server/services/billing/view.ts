import type {
  PaymentState,
  PaymentStatus,
  Subscription,
  SubscriptionDisplayStatus,
} from '../../../contract/subscriptions'
import type { subscriptions } from '../../db/schema'

/* Rows → the contract's shapes, and the few status rules every reader shares. */

export type SubscriptionRow = typeof subscriptions.$inferSelect

export const FINAL_STATUSES: readonly PaymentStatus[] = ['paid', 'canceled', 'expired', 'failed']
export const isFinal = (s: PaymentStatus) => FINAL_STATUSES.includes(s)

/** Spec §4: open → pending; pending/authorized → confirming; paid → confirmed; the rest failed. */
export function paymentState(s: PaymentStatus): PaymentState {
  if (s === 'open') return 'pending'
  if (s === 'pending' || s === 'authorized') return 'confirming'
  if (s === 'paid') return 'confirmed'
  return 'failed'
}

/**
 * Whether a subscription still gives full access at `now` (README "Expired"): until valid-to, or
 * until the end of the grace period after a failed renewal; never when suspended or completed.
 */
export function isRunning(s: SubscriptionRow, now: Date): boolean {
  if (s.status === 'suspended' || s.status === 'completed') return false
  if (s.validTo.getTime() > now.getTime()) return true
  return s.graceUntil !== null && s.graceUntil.getTime() > now.getTime()
}

/** Spec §4 display status: cancelled while a cancelled one runs, expired once it does not. */
export function displayStatusOf(s: SubscriptionRow, now: Date): SubscriptionDisplayStatus {
  if (!isRunning(s, now)) return 'expired'
  return s.status === 'canceled' ? 'cancelled' : 'active'
}

export const toSubscription = (s: SubscriptionRow, now: Date): Subscription => ({
  id: s.id,
  optionId: s.optionId,
  period: s.period,
  status: s.status,
  displayStatus: displayStatusOf(s, now),
  trial: s.trial,
  validFrom: s.validFrom.toISOString(),
  validTo: s.validTo.toISOString(),
  autoExtend: s.autoExtend,
  canceledAt: s.canceledAt?.toISOString() ?? null,
  graceUntil: s.graceUntil?.toISOString() ?? null,
  scheduledChange:
    s.scheduledOptionId && s.scheduledPeriod
      ? { optionId: s.scheduledOptionId, period: s.scheduledPeriod, from: s.validTo.toISOString() }
      : null,
  createdAt: s.createdAt.toISOString(),
})
