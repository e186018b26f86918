import { and, desc, eq, or } from 'drizzle-orm'
import type { Payment } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { invoices, payments } from '../../db/schema'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import type { InvoiceDocument } from './invoice-pdf'
import type { InvoiceRow } from './invoices'
import { paymentState } from './view'

/* Payments and invoices as the payments list, the return page and the download read them. */

type PaymentRow = typeof payments.$inferSelect

export const toPayment = (p: PaymentRow, invoice: Pick<InvoiceRow, 'id' | 'number'> | null): Payment => ({
  id: p.id,
  kind: p.kind,
  name: p.description,
  optionId: p.optionId,
  period: p.period,
  paidCourseId: p.paidCourseId,
  amountCents: p.amountCents,
  netCents: p.price.netAfterDiscountCents,
  vatCents: p.price.vatCents,
  status: p.status,
  state: paymentState(p.status),
  chargedBack: p.chargedBackAt !== null,
  checkoutUrl: p.status === 'open' ? p.checkoutUrl : null,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
  invoiceId: invoice?.id ?? null,
  invoiceNumber: invoice?.number ?? null,
})

const withInvoice = (db: DbOrTx) =>
  db
    .select({ payment: payments, invoiceId: invoices.id, invoiceNumber: invoices.number })
    .from(payments)
    .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))

const view = (r: { payment: PaymentRow; invoiceId: string | null; invoiceNumber: string | null }) =>
  toPayment(r.payment, r.invoiceId && r.invoiceNumber ? { id: r.invoiceId, number: r.invoiceNumber } : null)

/** The organisation's payments, newest first. */
export async function listPayments(db: DbOrTx, organisationId: string): Promise<Payment[]> {
  const rows = await withInvoice(db)
    .where(tenant(payments, { organisationId }))
    .orderBy(desc(payments.createdAt), desc(payments.id))
  return rows.map(view)
}

/** One payment of the organisation; another organisation's is PAYMENT_NOT_FOUND like a missing one. */
export async function findPaymentView(db: DbOrTx, organisationId: string, id: string): Promise<Payment> {
  const [row] = await withInvoice(db).where(tenant(payments, { organisationId }, eq(payments.id, id)))
  if (!row) throw new AppError('PAYMENT_NOT_FOUND')
  return view(row)
}

export async function findPaymentRow(db: DbOrTx, organisationId: string, id: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(tenant(payments, { organisationId }, eq(payments.id, id)))
  if (!row) throw new AppError('PAYMENT_NOT_FOUND')
  return row
}

/**
 * An invoice (or credit note) of the organisation, by its own id or by its payment's id (the
 * payments list links either); another organisation's is INVOICE_NOT_FOUND like a missing one.
 */
export async function findInvoice(db: DbOrTx, organisationId: string, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      tenant(
        invoices,
        { organisationId },
        or(eq(invoices.id, id), and(eq(invoices.paymentId, id), eq(invoices.kind, 'invoice'))),
      ),
    )
    .limit(1)
  if (!row) throw new AppError('INVOICE_NOT_FOUND')
  return row
}

/** What the PDF draws: the stored invoice, its original's number (a credit note) and when it was paid. */
export async function invoiceDocument(db: DbOrTx, invoice: InvoiceRow): Promise<InvoiceDocument> {
  const [credited] = invoice.creditedInvoiceId
    ? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.creditedInvoiceId))
    : []
  const [payment] = invoice.paymentId
    ? await db.select({ paidAt: payments.paidAt }).from(payments).where(eq(payments.id, invoice.paymentId))
    : []
  return {
    kind: invoice.kind,
    number: invoice.number,
    creditedNumber: credited?.number ?? null,
    issuedAt: invoice.issuedAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    language: invoice.language === 'en' ? 'en' : 'nl',
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines,
    netCents: invoice.netCents,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    vat: invoice.vat,
    paidAt: invoice.kind === 'invoice' ? (payment?.paidAt ?? null) : null,
  }
}
