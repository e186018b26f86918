import { centsToValue } from '../../integrations/payments/money'
import type { InvoiceRow } from './invoices'

/*
 * SEAM (issue 22, until the invoice-PDF engineer's server/services/billing/invoice-pdf.ts is
 * merged): the invoice download. Until then it is the invoice as plain text, with every figure
 * the PDF will show; after `git merge main` the route calls `renderInvoicePdf(invoice)` instead
 * and this file goes.
 */

const euros = (cents: number) => `${cents < 0 ? '-' : ''}€ ${centsToValue(Math.abs(cents))}`

export type InvoiceDocument = { type: string; filename: string; body: string | Buffer }

export async function renderInvoiceDocument(invoice: InvoiceRow): Promise<InvoiceDocument> {
  const nl = invoice.language === 'nl'
  const title = invoice.kind === 'creditNote' ? (nl ? 'Creditfactuur' : 'Credit note') : nl ? 'Factuur' : 'Invoice'
  const party = (p: InvoiceRow['seller']) => [p.name, ...p.addressLines, p.country, p.vatNumber ?? ''].filter(Boolean)
  const lines = [
    `${title} ${invoice.number}`,
    `${nl ? 'Datum' : 'Date'}: ${invoice.issuedAt.toISOString().slice(0, 10)}`,
    '',
    ...party(invoice.seller),
    '',
    ...party(invoice.buyer),
    '',
    ...invoice.lines.map((l) => `${l.quantity} × ${l.description}  ${euros(l.totalCents)}`),
    '',
    `${nl ? 'Subtotaal' : 'Subtotal'}: ${euros(invoice.netCents)}`,
    `${nl ? 'Btw' : 'VAT'} ${invoice.vatRateBasisPoints / 100}%: ${euros(invoice.vatCents)}`,
    `${nl ? 'Totaal' : 'Total'}: ${euros(invoice.totalCents)}`,
    ...(invoice.vat.reverseCharge ? ['btw verlegd'] : []),
  ]
  return { type: 'text/plain; charset=utf-8', filename: `${invoice.number}.txt`, body: `${lines.join('\n')}\n` }
}
