import { and, desc, eq } from 'drizzle-orm'
import type { ChangePolicy, PriceBreakdown, SubscriptionPeriod, VatDecision } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { payments } from '../../db/schema'
import { tenant } from '../../scope'
import { nextTermOf } from './next-term'
import type { OptionRow } from './plans'
import { type Discount, priceBreakdown, priceOf, remainingCredit } from './pricing'
import { isRunning, type SubscriptionRow } from './view'

/*
 * README "Changes" (research §2.1): how buying an option and period relates to the current
 * subscription, and what it costs. One place, so the purchase screen, the remaining-amount
 * answer and the purchase itself always agree.
 */

/**
 * The current subscription and its plan, as the quote needs them; `renewable` when its next term
 * may be paid now (mandate.ts `nextTermPayable`).
 */
export type Current = { subscription: SubscriptionRow; option: OptionRow; renewable: boolean } | null

/**
 * - new: nothing paid is running (none, a trial, expired): a new term from now;
 * - same: this option and period already run (SUBSCRIPTION_UNCHANGED);
 * - renew: the same, but its next term is to be paid by the owner (no mandate, grace): a renewal
 *   through a checkout, counted from valid-to (renewal.ts `startRenewalCheckout`);
 * - illegal: yearly → monthly (YEARLY_TO_MONTHLY);
 * - immediate: a higher rank, or monthly → yearly: now, the unused part credited;
 * - endOfTerm: a lower rank: scheduled for the end of the term.
 */
export function changePolicy(current: Current, option: OptionRow, period: SubscriptionPeriod, now: Date): ChangePolicy {
  if (!current || current.subscription.trial || !isRunning(current.subscription, now)) return 'new'
  const { subscription: s, option: o } = current
  if (s.optionId === option.id && s.period === period) return current.renewable ? 'renew' : 'same'
  if (s.period === 'yearly' && period === 'monthly') return 'illegal'
  return option.rank >= o.rank ? 'immediate' : 'endOfTerm'
}

export type Credit = { remainingCents: number; daysLeft: number; daysInPeriod: number }
const NO_CREDIT: Credit = { remainingCents: 0, daysLeft: 0, daysInPeriod: 0 }

/**
 * The unused part of the running term (pricing.remainingCredit) on what that term was paid,
 * excluding VAT and after its discount: the last paid payment of the subscription. A trial, or a
 * subscription nobody paid for (granted), has nothing to credit.
 */
export async function creditOf(db: DbOrTx, current: Current, now: Date): Promise<Credit> {
  if (!current || current.subscription.trial || !isRunning(current.subscription, now)) return NO_CREDIT
  const s = current.subscription
  const [paid] = await db
    .select()
    .from(payments)
    .where(tenant(payments, s, and(eq(payments.subscriptionId, s.id), eq(payments.status, 'paid'))))
    .orderBy(desc(payments.paidAt))
    .limit(1)
  if (!paid || paid.chargedBackAt) return NO_CREDIT
  return remainingCredit({
    paidNetCents: paid.price.netCents - paid.price.discountCents,
    validFrom: paid.periodStart ?? s.validFrom,
    validTo: paid.periodEnd ?? s.validTo,
    now,
  })
}

export type Quote = { policy: ChangePolicy; price: PriceBreakdown; credit: Credit }

/** The policy and price of buying `option` for `period` now (the credit only on an immediate change). */
export async function quote(
  db: DbOrTx,
  opts: {
    current: Current
    option: OptionRow
    period: SubscriptionPeriod
    vat: VatDecision
    discount?: Discount | null
    now: Date
  },
): Promise<Quote> {
  const policy = changePolicy(opts.current, opts.option, opts.period, opts.now)
  const credit = await creditOf(db, opts.current, opts.now)
  // Paying the next term: exactly what its renewal would charge (startRenewalCheckout).
  const next = policy === 'renew' && opts.current ? await nextTermOf(db, opts.current.subscription, opts.vat) : null
  if (next) return { policy, price: next.price, credit: NO_CREDIT }
  const price = priceBreakdown({
    netCents: priceOf(opts.option, opts.period),
    discount: opts.discount ?? null,
    creditCents: policy === 'immediate' ? credit.remainingCents : 0,
    vatRateBasisPoints: opts.vat.rateBasisPoints,
  })
  return { policy, price, credit }
}
