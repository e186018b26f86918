import { and, desc, eq } from 'drizzle-orm'
import {
  type CreditBalance,
  type CreditOptionsInit,
  type CreditTransaction,
  MESSAGE_CATEGORIES,
  type MessageCategory,
} from '../../../contract/whatsapp-credits'
import type { DbOrTx } from '../../db/client'
import { customers, invoices, whatsappCreditTransactions, whatsappMessageCosts } from '../../db/schema'
import { tenant } from '../../scope'
import type { BillingDeps } from '../billing/deps'
import { priceBreakdown } from '../billing/pricing'
import { loadOrganisation } from '../billing/customer'
import { decideVat } from '../billing/vat'
import { creditsOnTheWay, listCreditOptions, toCreditOption } from './purchase'

/* The balance, the purchase screen and the history (README). */

type Limits = Pick<BillingDeps['config'], 'whatsappCreditsMax' | 'whatsappCreditsLow'>

async function costs(db: DbOrTx): Promise<Record<MessageCategory, number>> {
  const rows = await db.select().from(whatsappMessageCosts)
  const by = new Map(rows.map((r) => [r.category, r.credits]))
  return Object.fromEntries(MESSAGE_CATEGORIES.map((c) => [c, by.get(c) ?? 1])) as Record<MessageCategory, number>
}

export async function creditBalance(
  deps: { db: DbOrTx; config: Limits },
  organisationId: string,
): Promise<CreditBalance> {
  const org = await loadOrganisation(deps, organisationId)
  return {
    balance: org.whatsappCredits,
    maximum: deps.config.whatsappCreditsMax,
    lowThreshold: deps.config.whatsappCreditsLow,
    low: org.whatsappCredits < deps.config.whatsappCreditsLow,
    warning: org.whatsappLowNotified && org.whatsappCredits < deps.config.whatsappCreditsLow,
    costs: await costs(deps.db),
  }
}

/** `GET …/initialize-whatsapp-options`: bundles with their price incl. VAT and whether each still fits. */
export async function initializeCreditOptions(
  deps: BillingDeps,
  organisationId: string,
  now: Date,
): Promise<CreditOptionsInit> {
  const org = await loadOrganisation(deps, organisationId)
  const vat = await decideVat({ db: deps.db, organisation: org, vatCheck: deps.vatCheck, now })
  const balance = await creditBalance(deps, organisationId)
  const onTheWay = await creditsOnTheWay(deps.db, organisationId, now)
  const options = (await listCreditOptions(deps.db)).map((o) => ({
    ...toCreditOption(o),
    price: priceBreakdown({ netCents: o.priceCents, vatRateBasisPoints: vat.rateBasisPoints }),
    fits: balance.balance + onTheWay + o.credits <= balance.maximum,
  }))
  return { ...balance, options, vat }
}

/** The ledger, newest first (the latest 500), with the customer's current name and the invoice. */
export async function listCreditTransactions(db: DbOrTx, organisationId: string): Promise<CreditTransaction[]> {
  const t = whatsappCreditTransactions
  const rows = await db
    .select({
      row: t,
      firstName: customers.firstName,
      lastName: customers.lastName,
      invoiceNumber: invoices.number,
    })
    .from(t)
    .leftJoin(customers, and(eq(customers.id, t.customerId), eq(customers.organisationId, t.organisationId)))
    .leftJoin(invoices, and(eq(invoices.paymentId, t.paymentId), eq(invoices.kind, 'invoice')))
    .where(tenant(t, { organisationId }))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(500)
  return rows.map(({ row, firstName, lastName, invoiceNumber }) => ({
    id: row.id,
    reason: row.reason,
    delta: row.delta,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
    paymentId: row.paymentId,
    invoiceNumber: invoiceNumber ?? null,
    customerId: row.customerId,
    customerName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    source: row.source,
    category: row.category,
  }))
}
