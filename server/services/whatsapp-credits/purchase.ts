import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { CreditOption, CreditPaymentInput } from '../../../contract/whatsapp-credits'
import type { Payment } from '../../../contract/subscriptions'
import { authorize, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { type organisations, payments, whatsappCreditOptions } from '../../db/schema'
import { AppError } from '../../errors'
import { auditEmployee } from '../audit'
import type { BillingDeps } from '../billing/deps'
import { returnUrl, webhookUrl } from '../billing/deps'
import { priceBreakdown } from '../billing/pricing'
import { loadOrganisation, providerCustomer } from '../billing/customer'
import { findPaymentView } from '../billing/read'
import { decideVat } from '../billing/vat'

/*
 * README "Buying credits": a bundle is a one-off payment at the provider (no mandate), through
 * the billing's own path: the webhook, the return page and the reconciliation job all apply it
 * with `applyProviderPayment` (billing/apply.ts), and a paid one adds its credits and issues its
 * invoice in the transaction that records it (billing/on-paid.ts → ledger.ts grantCredits), once.
 */

type OptionRow = typeof whatsappCreditOptions.$inferSelect
type Org = typeof organisations.$inferSelect

/** The price of one credit in hundredths of a cent (display: larger bundles are cheaper). */
const unitPrice = (o: OptionRow) => Math.round((o.priceCents * 100) / o.credits)

export const toCreditOption = (o: OptionRow): CreditOption => ({
  id: o.id,
  credits: o.credits,
  priceExclVatCents: o.priceCents,
  unitPriceMillicents: unitPrice(o),
})

/** The bundles on sale, smallest first. */
export async function listCreditOptions(db: DbOrTx): Promise<OptionRow[]> {
  return db
    .select()
    .from(whatsappCreditOptions)
    .where(eq(whatsappCreditOptions.active, true))
    .orderBy(asc(whatsappCreditOptions.credits))
}

/** Spec §8 "Cannot exceed a maximum of {{count}} credits.", with the count filled in and in `details`. */
export const maximumExceeded = (count: number) =>
  new AppError('WHATSAPP_CREDITS_MAXIMUM', { count }, `Cannot exceed a maximum of ${count} credits.`)

/** What the payment is for, in the organisation's invoice language (also the provider's description). */
export const creditsDescription = (o: Pick<Org, 'invoiceLanguage'>, credits: number) =>
  o.invoiceLanguage === 'en' ? `WhatsApp credits (${credits})` : `WhatsApp-tegoed (${credits} credits)`

/**
 * A checkout still open counts towards the maximum: otherwise two purchases started one after the
 * other, both unpaid, would each fit and together pass it. One left open longer than this is
 * taken as abandoned (the provider's checkouts expire well within it), so it never blocks buying.
 */
export const PENDING_PURCHASE_MINUTES = 60

/** Credits of this organisation's purchases whose checkout is still open (recently started). */
export async function creditsOnTheWay(db: DbOrTx, organisationId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ credits: sql<number>`coalesce(sum(${payments.credits}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.organisationId, organisationId),
        eq(payments.kind, 'whatsappCredits'),
        inArray(payments.status, ['open', 'pending', 'authorized']),
        gt(payments.createdAt, new Date(now.getTime() - PENDING_PURCHASE_MINUTES * 60_000)),
      ),
    )
  return row?.credits ?? 0
}

export type CreditPaymentResult = { payment: Payment; checkoutUrl: string | null }

/**
 * `POST …/whatsapp-credits/credit-payment`: a bundle that would take the balance beyond the
 * maximum is refused before anything is asked of the provider; otherwise a one-off payment at
 * the provider, its VAT decided like a subscription's, and the checkout to send the buyer to.
 */
export async function startCreditPayment(opts: {
  deps: BillingDeps
  caller: TenantCaller
  input: CreditPaymentInput
  now?: Date
}): Promise<CreditPaymentResult> {
  const { deps, caller, input } = opts
  authorize(caller, 'subscription.manage')
  const now = opts.now ?? new Date()
  const { db } = deps
  const [option] = await db.select().from(whatsappCreditOptions).where(eq(whatsappCreditOptions.id, input.optionId))
  if (!option?.active) throw new AppError('WHATSAPP_CREDIT_OPTION_NOT_FOUND')
  const org = await loadOrganisation(deps, caller.organisationId)
  const maximum = deps.config.whatsappCreditsMax
  const onTheWay = await creditsOnTheWay(db, org.id, now)
  if (org.whatsappCredits + onTheWay + option.credits > maximum) throw maximumExceeded(maximum)
  const vat = await decideVat({ db, organisation: org, vatCheck: deps.vatCheck, now })
  const price = priceBreakdown({ netCents: option.priceCents, vatRateBasisPoints: vat.rateBasisPoints })
  const paymentId = uuidv7()
  const description = creditsDescription(org, option.credits)

  let created: { id: string; status: Payment['status']; checkoutUrl: string | null }
  try {
    const customerId = await providerCustomer(deps, org, caller)
    created = await deps.payments.createPayment({
      sequenceType: 'oneoff',
      customerId,
      amountCents: price.totalCents,
      currency: 'EUR',
      description,
      redirectUrl: returnUrl(deps.config, paymentId, 'whatsappCredits'),
      webhookUrl: webhookUrl(deps.config, org.id, 'whatsappCredits'),
      metadata: { organisationId: org.id, kind: 'whatsappCredits', paymentId },
    })
  } catch (err) {
    // Nothing is stored: the owner may simply try again.
    deps.log?.warn({ err, organisationId: org.id }, 'whatsapp credits: the provider refused or failed a payment')
    throw new AppError('PAYMENT_FAILED')
  }
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      id: paymentId,
      organisationId: org.id,
      kind: 'whatsappCredits',
      status: created.status,
      sequenceType: 'oneoff',
      providerPaymentId: created.id,
      checkoutUrl: created.checkoutUrl,
      autoExtend: false,
      creditOptionId: option.id,
      credits: option.credits,
      amountCents: price.totalCents,
      price,
      vat,
      description,
      createdBy: caller.kind === 'employee' ? caller.employeeId : null,
      createdAt: now,
      updatedAt: now,
    })
    await auditEmployee(tx, caller, {
      event: 'whatsappCreditsPaymentCreate',
      data: { paymentId, optionId: option.id, credits: option.credits, amountCents: price.totalCents },
    })
  })
  return { payment: await findPaymentView(db, org.id, paymentId), checkoutUrl: created.checkoutUrl }
}
