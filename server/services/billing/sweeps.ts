import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { RENEWAL_NOTICE_DAYS } from '../../../contract/subscriptions'
import { payments, subscriptions } from '../../db/schema'
import { applyProviderPayment } from './apply'
import type { BillingDeps } from './deps'
import { hasMandate } from './mandate'
import { sendRenewalNotice } from './notices'
import { nextPayment } from './overview'
import { chargeRenewal } from './renewal'

/*
 * The scheduled work of billing (server/jobs/billing.ts runs it; README "Renewals"). Each sweep
 * finds what is due at `now` and changes each item once: a notice is claimed by an UPDATE before
 * it is sent, a renewal looks for its term's payment first (chargeRenewal), a suspension is one
 * conditional UPDATE. The queue runs one sweep at a time across instances; these rules make a
 * second run harmless anyway.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** A renewal is charged this long before valid-to: a card is settled before the term ends, SEPA collects meanwhile. */
export const RENEWAL_LEAD_MS = DAY_MS
/** A payment the provider has not settled after this long is fetched (its webhook may be lost). */
export const RECONCILE_AFTER_MS = 15 * 60_000
/** Paid payments this recent are fetched once a day as well: a SEPA chargeback arrives days later. */
export const CHARGEBACK_WINDOW_MS = 60 * DAY_MS
/** Items per sweep: a long backlog is worked through over several ticks, never in one burst. */
const BATCH = 200

/** Subscriptions that renew themselves: active, auto-extend, paid (no trial), not in grace. */
const renewing = and(
  eq(subscriptions.status, 'active'),
  eq(subscriptions.autoExtend, true),
  eq(subscriptions.trial, false),
  isNull(subscriptions.graceUntil),
)

/** The e-mail RENEWAL_NOTICE_DAYS before each renewal charge (research §7 A13), once per term. */
export async function sendRenewalNotices(deps: BillingDeps, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + RENEWAL_LEAD_MS + RENEWAL_NOTICE_DAYS * DAY_MS)
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        renewing,
        lte(subscriptions.validTo, horizon),
        or(isNull(subscriptions.renewalNoticeFor), sql`${subscriptions.renewalNoticeFor} <> ${subscriptions.validTo}`),
      ),
    )
    .limit(BATCH)
  let sent = 0
  for (const { id } of due) {
    // Claim the notice for this term: whoever updates the row sends it, nobody else.
    const [claimed] = await deps.db
      .update(subscriptions)
      .set({ renewalNoticeFor: sql`${subscriptions.validTo}` })
      .where(
        and(
          eq(subscriptions.id, id),
          renewing,
          or(
            isNull(subscriptions.renewalNoticeFor),
            sql`${subscriptions.renewalNoticeFor} <> ${subscriptions.validTo}`,
          ),
        ),
      )
      .returning()
    if (!claimed) continue
    const next = await nextPayment(deps, claimed.organisationId, now)
    if (!next) continue
    // No mandate to charge (a free purchase): the notice asks the owner to pay the term instead.
    const byCheckout = next.price.totalCents > 0 && !(await hasMandate(deps.db, claimed.organisationId))
    await sendRenewalNotice(deps, { organisationId: claimed.organisationId, next, byCheckout })
    sent++
  }
  return sent
}

/** Charges every renewal that is due (RENEWAL_LEAD_MS before valid-to). */
export async function chargeDueRenewals(deps: BillingDeps, now: Date): Promise<{ charged: number; failed: number }> {
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(renewing, lte(subscriptions.validTo, new Date(now.getTime() + RENEWAL_LEAD_MS))))
    .limit(BATCH)
  let charged = 0
  let failed = 0
  for (const { id } of due) {
    const outcome = await chargeRenewal(deps, id, now)
    if (outcome.charged) charged++
    else if (outcome.reason === 'refused') failed++
  }
  return { charged, failed }
}

/** A grace period that ended without a payment: the organisation turns read-only (nothing is deleted). */
export async function suspendAfterGrace(deps: BillingDeps, now: Date): Promise<number> {
  const rows = await deps.db
    .update(subscriptions)
    .set({ status: 'suspended', suspendedAt: now, updatedAt: now })
    .where(
      and(eq(subscriptions.status, 'active'), isNotNull(subscriptions.graceUntil), lt(subscriptions.graceUntil, now)),
    )
    .returning({ id: subscriptions.id })
  return rows.length
}

/**
 * Research §7 A12: payments the provider has not settled after RECONCILE_AFTER_MS are fetched and
 * applied through the webhook's own path, so a lost webhook never leaves a salon unpaid or wrongly
 * suspended. With `recentPaid`, paid payments of the last CHARGEBACK_WINDOW_MS too (a chargeback).
 */
export async function reconcilePayments(
  deps: BillingDeps,
  now: Date,
  opts: { recentPaid?: boolean } = {},
): Promise<{ fetched: number; applied: number; failed: number }> {
  const open = and(
    inArray(payments.status, ['open', 'pending', 'authorized']),
    lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
  )
  const recentPaid = and(
    eq(payments.status, 'paid'),
    isNull(payments.chargedBackAt),
    sql`${payments.paidAt} > ${new Date(now.getTime() - CHARGEBACK_WINDOW_MS)}`,
  )
  const rows = await deps.db
    .select({
      organisationId: payments.organisationId,
      kind: payments.kind,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(and(isNotNull(payments.providerPaymentId), opts.recentPaid ? or(open, recentPaid) : open))
    .orderBy(payments.createdAt)
    .limit(BATCH * 5)
  let applied = 0
  let failed = 0
  for (const p of rows) {
    if (!p.providerPaymentId) continue
    try {
      const outcome = await applyProviderPayment(deps, p.providerPaymentId, p, now)
      if (outcome === 'applied') applied++
    } catch (err) {
      // The provider unreachable for one payment: the others still go, this one next time.
      failed++
      deps.log?.warn({ err, providerPaymentId: p.providerPaymentId }, 'billing: payment not reconciled')
    }
  }
  return { fetched: rows.length, applied, failed }
}
