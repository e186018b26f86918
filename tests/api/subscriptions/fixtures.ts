import { createServer } from 'node:net'
import { and, eq, ne } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { API } from '../../../contract/endpoints'
import type { OptionPaymentInput, PriceBreakdown, SubscriptionPeriod } from '../../../contract/subscriptions'
import type { App } from '../../../server/app'
import type { Config } from '../../../server/config'
import { organisations, payments, subscriptionOptions, subscriptions } from '../../../server/db/schema'
import { isSandbox } from '../../../server/integrations/payments'
import type { SandboxPayments } from '../../../server/integrations/payments/sandbox'
import { findOptionByCode } from '../../../server/services/billing/plans'
import { addPeriods, priceBreakdown } from '../../../server/services/billing/pricing'
import { startTrial } from '../../../server/services/billing/trial'
import { buildTestApp } from '../../helpers/app'
import { seedOrganisation } from '../../helpers/factories'
import { apiUrl } from '../../helpers/url'

/*
 * The billing tests' set-up: the real app listening on a local port, because the sandbox calls
 * our webhooks over HTTP exactly as Mollie does (PUBLIC_URL is that address), with the sandbox
 * as its payment provider.
 */

const DAY = 86_400_000

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function billingApp(
  overrides: Partial<Config> = {},
): Promise<{ app: App; sandbox: SandboxPayments; publicUrl: string }> {
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const app = await buildTestApp({ ...overrides, publicUrl })
  await app.listen({ port, host: '127.0.0.1' })
  if (!isSandbox(app.payments)) throw new Error('the billing tests need the sandbox (no MOLLIE_API_KEY)')
  return { app, sandbox: app.payments, publicUrl }
}

export const option = async (app: App, code: 'start' | 'salon' | 'growth') => {
  const row = await findOptionByCode(app.db, code)
  if (!row) throw new Error(`no plan ${code}`)
  return row
}

/** An organisation on its trial, as sign-up leaves it. */
export async function trialOrganisation(app: App) {
  const org = await seedOrganisation(app)
  await startTrial(app.db, org.id, new Date())
  return org
}

/**
 * An organisation with a paid, running subscription: `daysLeft` of a term of `periodDays`, paid
 * `paidNetCents` (excl. VAT) by one payment, as a paid purchase leaves it.
 */
export async function paidOrganisation(
  app: App,
  opts: {
    code: 'start' | 'salon' | 'growth' | string
    period?: SubscriptionPeriod
    paidNetCents?: number
    validTo?: Date
    periodDays?: number
    autoExtend?: boolean
  },
) {
  const org = await seedOrganisation(app)
  const [plan] = await app.db.select().from(subscriptionOptions).where(eq(subscriptionOptions.code, opts.code))
  const period = opts.period ?? 'monthly'
  const validTo = opts.validTo ?? new Date(Date.now() + 20 * DAY)
  const validFrom = opts.periodDays
    ? new Date(validTo.getTime() - opts.periodDays * DAY)
    : addPeriods(validTo, period, -1)
  const subscriptionId = uuidv7()
  await app.db.insert(subscriptions).values({
    id: subscriptionId,
    organisationId: org.id,
    optionId: plan.id,
    period,
    status: 'active',
    validFrom,
    validTo,
    autoExtend: opts.autoExtend ?? true,
  })
  const price: PriceBreakdown = priceBreakdown({
    netCents: opts.paidNetCents ?? (period === 'monthly' ? plan.monthlyPriceCents : plan.yearlyPriceCents),
    vatRateBasisPoints: 2100,
  })
  await app.db.insert(payments).values({
    id: uuidv7(),
    organisationId: org.id,
    kind: 'subscription',
    status: 'paid',
    sequenceType: 'first',
    optionId: plan.id,
    period,
    autoExtend: true,
    subscriptionId,
    periodStart: validFrom,
    periodEnd: validTo,
    amountCents: price.totalCents,
    price,
    vat: {
      rule: 'nl',
      rateBasisPoints: 2100,
      reverseCharge: false,
      vatNumber: 'NL123456789B01',
      country: 'NL',
      check: null,
    },
    description: `Abonnement ${plan.nameNl}`,
    // Paid at the provider, as a purchase is: it left the mandate renewals are charged on.
    providerPaymentId: `tr_fixture${uuidv7().slice(-12)}`,
    paidAt: validFrom,
  })
  return { ...org, subscriptionId, validFrom, validTo, plan }
}

/** A plan of the test's own (golden figures need round prices). */
export async function seedPlan(app: App, opts: { code: string; monthly: number; yearly: number; rank: number }) {
  const id = uuidv7()
  await app.db.insert(subscriptionOptions).values({
    id,
    code: opts.code,
    nameNl: opts.code,
    nameEn: opts.code,
    monthlyPriceCents: opts.monthly,
    yearlyPriceCents: opts.yearly,
    rank: opts.rank,
  })
  return id
}

export const buy = (app: App, orgId: string, headers: Record<string, string>, body: OptionPaymentInput) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.subscriptions.optionPayment, { org: orgId }),
    headers,
    payload: body,
  })

export async function currentOf(app: App, orgId: string) {
  const [row] = await app.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organisationId, orgId), ne(subscriptions.status, 'completed')))
  return row
}

export async function paymentRow(app: App, id: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id))
  return row
}

/** Posts a webhook as Mollie does (form-encoded id), to the organisation's purchase webhook. */
export const postWebhook = (
  app: App,
  org: string,
  id: string,
  which: 'optionPaymentWebhook' | 'recurringPaymentWebhook' = 'optionPaymentWebhook',
) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.subscriptions[which], { org }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id }).toString(),
  })

export const orgRow = async (app: App, id: string) =>
  (await app.db.select().from(organisations).where(eq(organisations.id, id)))[0]
