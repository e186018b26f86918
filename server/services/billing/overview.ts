import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type PriceBreakdown,
  SUBSCRIPTION_PERIODS,
  type SubscriptionOptionsInit,
  type SubscriptionOverview,
  type SubscriptionPeriod,
  type VatDecision,
  type ZNextPayment,
  type ZRemainingAmount,
} from '../../../contract/subscriptions'
import type { BillingDeps } from './deps'
import { subscriptions } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import { discountById, discountFor } from './discount-terms'
import { currentEntitlements, usageOf } from './entitlements'
import { findOptionRow, listOptionRows, type OptionRow, toOption } from './plans'
import { priceBreakdown, priceOf } from './pricing'
import { loadCurrent, loadOrganisation } from './customer'
import { quote } from './quote'
import { decideVat } from './vat'
import { toSubscription } from './view'

/* The read endpoints of the subscription screens (API.subscriptions). */

type Deps = Pick<BillingDeps, 'db' | 'vatCheck'>

export async function subscriptionOverview(
  deps: Deps,
  organisationId: string,
  now: Date,
): Promise<SubscriptionOverview> {
  const e = await currentEntitlements(deps.db, organisationId, now)
  const history = await deps.db
    .select()
    .from(subscriptions)
    .where(tenant(subscriptions, { organisationId }, eq(subscriptions.status, 'completed')))
    .orderBy(desc(subscriptions.validFrom))
  return {
    current: e.subscription ? toSubscription(e.subscription, now) : null,
    history: history.map((s) => toSubscription(s, now)),
    access: e.access,
    limits: e.limits,
    features: e.features,
    usage: await usageOf(deps.db, organisationId),
    payNextTerm: (await loadCurrent(deps, organisationId, now))?.renewable ?? false,
  }
}

export async function vatRate(deps: Deps, organisationId: string, now: Date): Promise<VatDecision> {
  const organisation = await loadOrganisation(deps, organisationId)
  return decideVat({ db: deps.db, organisation, vatCheck: deps.vatCheck, now })
}

async function activeOption(deps: Deps, id: string): Promise<OptionRow> {
  const option = await findOptionRow(deps.db, id)
  if (!option?.active) throw new AppError('SUBSCRIPTION_OPTION_NOT_FOUND')
  return option
}

/** `GET …/initialize-subscription-options`: every plan, both periods, with policy and price. */
export async function initializeOptions(
  deps: Deps,
  organisationId: string,
  now: Date,
): Promise<SubscriptionOptionsInit> {
  const current = await loadCurrent(deps, organisationId, now)
  const vat = await vatRate(deps, organisationId, now)
  const options = await Promise.all(
    (await listOptionRows(deps.db)).map(async (option) => {
      const [monthly, yearly] = await Promise.all(
        SUBSCRIPTION_PERIODS.map(async (period) => {
          const { policy, price } = await quote(deps.db, { current, option, period, vat, now })
          return { policy, price }
        }),
      )
      return { ...toOption(option), monthly, yearly }
    }),
  )
  return { options, current: current ? toSubscription(current.subscription, now) : null, vat }
}

/** `GET …/remaining-amount`: the unused part of the running term, and the price of the change. */
export async function remainingAmount(
  deps: Deps,
  organisationId: string,
  q: { optionId: string; period: SubscriptionPeriod },
  now: Date,
): Promise<z.infer<typeof ZRemainingAmount>> {
  const option = await activeOption(deps, q.optionId)
  const current = await loadCurrent(deps, organisationId, now)
  const vat = await vatRate(deps, organisationId, now)
  const { policy, price, credit } = await quote(deps.db, { current, option, period: q.period, vat, now })
  return { ...credit, policy, price }
}

/** `GET …/option-payment/discount-code`: the price with the code, or INVALID_DISCOUNT_CODE. */
export async function discountQuote(
  deps: Deps,
  organisationId: string,
  q: { code: string; optionId: string; period: SubscriptionPeriod },
  now: Date,
): Promise<PriceBreakdown> {
  const option = await activeOption(deps, q.optionId)
  const found = await discountFor(deps.db, { code: q.code, organisationId, product: option.code, now })
  const current = await loadCurrent(deps, organisationId, now)
  const vat = await vatRate(deps, organisationId, now)
  return (await quote(deps.db, { current, option, period: q.period, vat, discount: found.discount, now })).price
}

/**
 * `GET …/next-payment`: the renewal the subscription will be charged at valid-to — the scheduled
 * plan if a downgrade waits, its discount while it lasts — or null when nothing will be charged
 * (a trial, auto-extend off, cancelled, expired).
 */
export async function nextPayment(
  deps: Deps,
  organisationId: string,
  now: Date,
): Promise<z.infer<typeof ZNextPayment>> {
  const e = await currentEntitlements(deps.db, organisationId, now)
  const s = e.subscription
  if (!s || e.access !== 'full' || s.trial || !s.autoExtend || s.status !== 'active') return null
  const optionId = s.scheduledOptionId ?? s.optionId
  const period = s.scheduledPeriod ?? s.period
  const option = await findOptionRow(deps.db, optionId)
  if (!option) return null
  const discount =
    s.discountCodeId && (s.discountPeriodsLeft === null || s.discountPeriodsLeft > 0)
      ? ((await discountById(deps.db, s.discountCodeId))?.discount ?? null)
      : null
  const vat = await vatRate(deps, organisationId, now)
  return {
    date: s.validTo.toISOString(),
    optionId,
    period,
    price: priceBreakdown({ netCents: priceOf(option, period), discount, vatRateBasisPoints: vat.rateBasisPoints }),
  }
}
