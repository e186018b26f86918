import { and, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { InvoiceLine, InvoiceParty } from '../../../contract/subscriptions'
import type { Tx } from '../../db/client'
import { invoiceCounters, invoices, type organisations, type payments } from '../../db/schema'
import type { OptionRow } from './plans'

/*
 * README "Invoices": one per paid payment, issued in the transaction that applies the payment;
 * numbered SAL-{yyyy}-{00001} from one counter row per issuer, never reset. The number is taken
 * by an UPDATE of that row in the issuing transaction, which holds the row's lock until commit:
 * concurrent payments queue on it, and a transaction that rolls back gives its number back, so
 * the series has no gap and no duplicate. Rows are immutable (trigger of migration 0017).
 */

export const INVOICE_ISSUER = 'SAL'

export type InvoiceRow = typeof invoices.$inferSelect
type PaymentRow = typeof payments.$inferSelect
type OrganisationRow = typeof organisations.$inferSelect

export const invoiceNumber = (issuedAt: Date, sequence: number) =>
  `${INVOICE_ISSUER}-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(5, '0')}`

/** The next number of the series, taken under the counter row's lock (held until commit). */
async function nextSequence(tx: Tx, issuer: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ issuer, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.issuer, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ n: invoiceCounters.lastNumber })
  return row.n
}

/** The buyer as the organisation is now (a snapshot: a later change of address leaves the invoice alone). */
export const buyerOf = (o: OrganisationRow): InvoiceParty => ({
  name: o.legalName,
  addressLines: [o.addressLine1, o.addressLine2, `${o.postalCode} ${o.city}`.trim()].filter((l) => l.trim() !== ''),
  country: o.country,
  vatNumber: o.vatNumber || null,
})

const languageOf = (o: OrganisationRow) => (o.invoiceLanguage === 'en' ? 'en' : 'nl')

const WORDS = {
  nl: { monthly: 'maand', yearly: 'jaar', plan: 'Abonnement', discount: 'Korting', credit: 'Tegoed lopend abonnement' },
  en: {
    monthly: 'month',
    yearly: 'year',
    plan: 'Subscription',
    discount: 'Discount',
    credit: 'Credit current subscription',
  },
} as const

/** What the payment is for, in the organisation's invoice language (also the provider's description). */
export function paymentDescription(o: OrganisationRow, option: OptionRow, period: 'monthly' | 'yearly') {
  const lang = languageOf(o)
  const name = lang === 'en' ? option.nameEn : option.nameNl
  return `${WORDS[lang].plan} ${name} (1 ${WORDS[lang][period]})`
}

/** The lines: the plan at its price, then the discount and the credit as negative lines. */
function linesOf(payment: PaymentRow, lang: 'nl' | 'en'): InvoiceLine[] {
  const line = (description: string, cents: number): InvoiceLine => ({
    description,
    quantity: 1,
    unitPriceCents: cents,
    totalCents: cents,
  })
  const { price } = payment
  return [
    line(payment.description, price.netCents),
    ...(price.discountCents > 0 ? [line(WORDS[lang].discount, -price.discountCents)] : []),
    ...(price.creditCents > 0 ? [line(WORDS[lang].credit, -price.creditCents)] : []),
  ]
}

/** Issues the invoice of a paid payment (once: a second call returns the first). */
export async function issueInvoice(
  tx: Tx,
  opts: { payment: PaymentRow; organisation: OrganisationRow; seller: InvoiceParty; now: Date },
): Promise<InvoiceRow> {
  const { payment, organisation, seller, now } = opts
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')))
  if (existing) return existing
  const sequence = await nextSequence(tx, INVOICE_ISSUER)
  const lang = languageOf(organisation)
  const [row] = await tx
    .insert(invoices)
    .values({
      id: uuidv7(),
      organisationId: organisation.id,
      paymentId: payment.id,
      kind: 'invoice',
      issuer: INVOICE_ISSUER,
      sequence,
      number: invoiceNumber(now, sequence),
      issuedAt: now,
      periodStart: payment.periodStart,
      periodEnd: payment.periodEnd,
      language: lang,
      seller,
      buyer: buyerOf(organisation),
      lines: linesOf(payment, lang),
      netCents: payment.price.netAfterDiscountCents,
      vatRateBasisPoints: payment.vat.rateBasisPoints,
      vatCents: payment.price.vatCents,
      totalCents: payment.price.totalCents,
      vat: payment.vat,
    })
    .returning()
  return row
}

/**
 * Part of an invoice credited (a refund of the unused part of a term, issue 23): excluding VAT,
 * the VAT on it at the invoice's rate, and the line that says what it is.
 */
export type CreditedPart = { netCents: number; vatCents: number; description: string }

/**
 * README: a chargeback of a paid period is a credit note for its invoice, in the same series,
 * with negative amounts and a reference to the original. Once per payment. With `part`, only that
 * part is credited (one line), e.g. a global admin's refund of the unused days.
 */
export async function issueCreditNote(
  tx: Tx,
  opts: { invoice: InvoiceRow; organisation: OrganisationRow; seller: InvoiceParty; now: Date; part?: CreditedPart },
): Promise<InvoiceRow> {
  const { invoice, organisation, seller, now, part } = opts
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, invoice.paymentId ?? invoice.id), eq(invoices.kind, 'creditNote')))
  if (existing) return existing
  const sequence = await nextSequence(tx, INVOICE_ISSUER)
  const [row] = await tx
    .insert(invoices)
    .values({
      id: uuidv7(),
      organisationId: organisation.id,
      paymentId: invoice.paymentId,
      kind: 'creditNote',
      issuer: INVOICE_ISSUER,
      sequence,
      number: invoiceNumber(now, sequence),
      creditedInvoiceId: invoice.id,
      issuedAt: now,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      language: invoice.language,
      seller,
      buyer: buyerOf(organisation),
      lines: part
        ? [{ description: part.description, quantity: 1, unitPriceCents: -part.netCents, totalCents: -part.netCents }]
        : invoice.lines.map((l) => ({ ...l, unitPriceCents: -l.unitPriceCents, totalCents: -l.totalCents })),
      netCents: -(part?.netCents ?? invoice.netCents),
      vatRateBasisPoints: invoice.vatRateBasisPoints,
      vatCents: -(part?.vatCents ?? invoice.vatCents),
      totalCents: -(part ? part.netCents + part.vatCents : invoice.totalCents),
      vat: invoice.vat,
    })
    .returning()
  return row
}
