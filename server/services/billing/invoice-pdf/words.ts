import type { InvoiceLanguage } from './format'

/*
 * The invoice's words in its two languages (the organisation's invoice language). The invoice is
 * a document rendered on the server, not a screen, so its text lives here rather than in i18next.
 */

type Words = {
  title: Record<'invoice' | 'creditNote', string>
  number: Record<'invoice' | 'creditNote', string>
  date: Record<'invoice' | 'creditNote', string>
  period: string
  credited: (number: string) => string
  billTo: string
  vatNumber: string
  chamberOfCommerce: string
  description: string
  quantity: string
  unitPrice: string
  amount: string
  net: string
  vat: (rate: string) => string
  total: string
  reverseCharge: string
  buyerVatNumber: (vatNumber: string) => string
  outsideEu: string
  paid: (date: string) => string
  page: (i: number, n: number) => string
}

export const INVOICE_WORDS: Record<InvoiceLanguage, Words> = {
  nl: {
    title: { invoice: 'Factuur', creditNote: 'Creditfactuur' },
    number: { invoice: 'Factuurnummer', creditNote: 'Creditfactuurnummer' },
    date: { invoice: 'Factuurdatum', creditNote: 'Datum' },
    period: 'Periode',
    credited: (n) => `Creditering van factuur ${n}`,
    billTo: 'Factuur aan',
    vatNumber: 'Btw-nummer',
    chamberOfCommerce: 'KvK-nummer',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unitPrice: 'Prijs excl. btw',
    amount: 'Bedrag excl. btw',
    net: 'Totaal excl. btw',
    vat: (rate) => `Btw ${rate}`,
    total: 'Totaal',
    reverseCharge: 'Btw verlegd',
    buyerVatNumber: (n) => `Btw-nummer afnemer: ${n}`,
    outsideEu: 'Niet belast met Nederlandse btw: de dienst wordt verricht aan een afnemer buiten de EU.',
    paid: (d) => `Betaald op ${d}`,
    page: (i, n) => `Pagina ${i} van ${n}`,
  },
  en: {
    title: { invoice: 'Invoice', creditNote: 'Credit note' },
    number: { invoice: 'Invoice number', creditNote: 'Credit note number' },
    date: { invoice: 'Invoice date', creditNote: 'Date' },
    period: 'Period',
    credited: (n) => `Credit for invoice ${n}`,
    billTo: 'Bill to',
    vatNumber: 'VAT number',
    chamberOfCommerce: 'Chamber of Commerce (KvK)',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price excl. VAT',
    amount: 'Amount excl. VAT',
    net: 'Total excl. VAT',
    vat: (rate) => `VAT ${rate}`,
    total: 'Total',
    reverseCharge: 'VAT reverse-charged (btw verlegd)',
    buyerVatNumber: (n) => `Customer VAT number: ${n}`,
    outsideEu: 'Outside the scope of Dutch VAT: the service is supplied to a customer outside the EU.',
    paid: (d) => `Paid on ${d}`,
    page: (i, n) => `Page ${i} of ${n}`,
  },
}
