import { describe, expect, it } from 'vitest'
import type { InvoiceLine, VatDecision } from '../../contract/subscriptions'
import { loadConfig } from '../../server/config'
import { type InvoiceDocument, renderInvoicePdf, sellerFromConfig } from '../../server/services/billing/invoice-pdf'
import { formatCents, formatDate, formatRate } from '../../server/services/billing/invoice-pdf/format'
import { pdfPages } from './billing-pdf-text'

/*
 * Research §2.2 / §7 B3: the invoice PDF shows every field a Dutch invoice needs, in the
 * organisation's invoice language; read back with pdf.js as a viewer would show it.
 */

const seller = sellerFromConfig(
  loadConfig({
    INVOICE_SELLER_NAME: 'Salonplatform B.V.',
    INVOICE_SELLER_ADDRESS: 'Keizersgracht 100|1015 CV Amsterdam',
    INVOICE_SELLER_COUNTRY: 'NL',
    INVOICE_SELLER_VAT_NUMBER: 'NL859876543B01',
    INVOICE_SELLER_KVK: '87654321',
  }),
)
const nlVat: VatDecision = {
  rule: 'nl',
  rateBasisPoints: 2100,
  reverseCharge: false,
  vatNumber: 'NL854321987B01',
  country: 'NL',
  check: null,
}
const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  description: 'Abonnement Pro (maandelijks)',
  quantity: 1,
  unitPriceCents: 4900,
  totalCents: 4900,
  ...over,
})
const invoice = (over: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  number: 'SAL-2026-00042',
  creditedNumber: null,
  issuedAt: new Date('2026-03-01T09:30:00Z'),
  periodStart: new Date('2026-03-01T00:00:00Z'),
  periodEnd: new Date('2026-03-31T12:00:00Z'),
  language: 'nl',
  seller,
  buyer: {
    name: 'Huidkliniek Zon B.V.',
    addressLines: ['Kerkstraat 1', '1011 AA Amsterdam'],
    country: 'NL',
    vatNumber: 'NL854321987B01',
  },
  lines: [line()],
  netCents: 4900,
  vatRateBasisPoints: 2100,
  vatCents: 1029,
  totalCents: 5929,
  vat: nlVat,
  paidAt: new Date('2026-03-01T09:31:00Z'),
  ...over,
})
const textOf = async (doc: InvoiceDocument) => (await pdfPages(await renderInvoicePdf(doc))).join('\n')

describe('invoice PDF: formatting', () => {
  it('invoice pdf: amounts from integer cents, nl "€ 1.234,56" and en "€1,234.56", negatives too', () => {
    expect(formatCents(123456, 'nl')).toBe('€ 1.234,56')
    expect(formatCents(123456, 'en')).toBe('€1,234.56')
    expect(formatCents(-1029, 'nl')).toBe('€ -10,29')
    expect(formatCents(-1029, 'en')).toBe('-€10.29')
    expect(formatCents(5, 'nl')).toBe('€ 0,05')
    expect(formatCents(0, 'en')).toBe('€0.00')
    expect(formatCents(123456789012, 'nl')).toBe('€ 1.234.567.890,12')
    // The same strings Intl gives (with a plain space for its no-break one), where a float is still exact.
    const intl = (locale: string, cents: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u00a0/g, ' ')
    for (const cents of [1, 99, 100, 4900, 5929, 100000, 987654321]) {
      expect(formatCents(cents, 'nl')).toBe(intl('nl-NL', cents))
      expect(formatCents(-cents, 'en')).toBe(intl('en', -cents))
    }
    expect(() => formatCents(1.5, 'nl')).toThrow(RangeError)
  })

  it('invoice pdf: rates in basis points and dates dd-MM-yyyy in Amsterdam', () => {
    expect(formatRate(2100, 'nl')).toBe('21%')
    expect(formatRate(950, 'nl')).toBe('9,5%')
    expect(formatRate(950, 'en')).toBe('9.5%')
    expect(formatRate(0, 'en')).toBe('0%')
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    expect(formatDate(new Date('2025-12-31T23:30:00Z'))).toBe('01-01-2026')
    expect(formatDate(new Date('2026-07-04T12:00:00Z'))).toBe('04-07-2026')
  })

  it('invoice pdf: the seller comes from INVOICE_SELLER_*, with demo defaults', () => {
    expect(seller).toEqual({
      name: 'Salonplatform B.V.',
      addressLines: ['Keizersgracht 100', '1015 CV Amsterdam'],
      country: 'NL',
      vatNumber: 'NL859876543B01',
      chamberOfCommerce: '87654321',
    })
    const demo = sellerFromConfig(loadConfig({ INVOICE_SELLER_ADDRESS: 'Straat 1\nPostcode Plaats' }))
    expect(demo.name && demo.vatNumber && demo.chamberOfCommerce).toBeTruthy()
    expect(demo.addressLines).toEqual(['Straat 1', 'Postcode Plaats'])
  })
})

describe('invoice PDF: content', () => {
  it('invoice pdf: a Dutch invoice shows every required field (21% of €49.00 = €10.29, total €59.29)', async () => {
    const text = await textOf(invoice())
    for (const expected of [
      'Factuur',
      // Seller: name, address, btw-id, KvK.
      'Salonplatform B.V.',
      'Keizersgracht 100',
      '1015 CV Amsterdam',
      'Btw-nummer: NL859876543B01',
      'KvK-nummer: 87654321',
      // Buyer: name, address, VAT id.
      'Factuur aan',
      'Huidkliniek Zon B.V.',
      'Kerkstraat 1',
      '1011 AA Amsterdam',
      'Nederland',
      'Btw-nummer: NL854321987B01',
      // Number, date, supply period.
      'Factuurnummer SAL-2026-00042',
      'Factuurdatum 01-03-2026',
      'Periode 01-03-2026 - 31-03-2026',
      // The line: description, quantity, unit price and amount excluding VAT.
      'Omschrijving Aantal Prijs excl. btw Bedrag excl. btw',
      'Abonnement Pro (maandelijks) 1 € 49,00 € 49,00',
      // Totals: net, VAT rate and amount in euros, total.
      'Totaal excl. btw € 49,00',
      'Btw 21% € 10,29',
      'Totaal € 59,29',
      'Betaald op 01-03-2026',
      'Pagina 1 van 1',
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('verlegd')
  })

  it('invoice pdf: in English, with reverse charge: 0%, "VAT reverse-charged (btw verlegd)" and the buyer’s VAT id', async () => {
    const text = await textOf(
      invoice({
        language: 'en',
        buyer: {
          name: 'Haar & Haut GmbH',
          addressLines: ['Hauptstraße 5', '10115 Berlin'],
          country: 'DE',
          vatNumber: 'DE811569869',
        },
        lines: [line({ description: 'Pro subscription (yearly)', unitPriceCents: 49000, totalCents: 49000 })],
        netCents: 49000,
        vatRateBasisPoints: 0,
        vatCents: 0,
        totalCents: 49000,
        vat: {
          rule: 'reverseCharge',
          rateBasisPoints: 0,
          reverseCharge: true,
          vatNumber: 'DE811569869',
          country: 'DE',
          check: { status: 'valid', checkedAt: '2026-03-01T09:29:00.000Z', consultationNumber: 'WAPIAAAA00000001' },
        },
        paidAt: null,
      }),
    )
    for (const expected of [
      'Invoice',
      'Invoice number SAL-2026-00042',
      'Invoice date 01-03-2026',
      'Period 01-03-2026 - 31-03-2026',
      'Bill to',
      'Haar & Haut GmbH',
      'Hauptstraße 5',
      'Germany',
      'VAT number: DE811569869',
      'VAT number: NL859876543B01',
      'Chamber of Commerce (KvK): 87654321',
      'Description Qty Unit price excl. VAT Amount excl. VAT',
      'Pro subscription (yearly) 1 €490.00 €490.00',
      'Total excl. VAT €490.00',
      'VAT 0% - VAT reverse-charged (btw verlegd) €0.00',
      'Total €490.00',
      'Customer VAT number: DE811569869',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('Paid on')
  })

  it('invoice pdf: a Dutch reverse charge says "Btw verlegd"', async () => {
    const text = await textOf(
      invoice({
        buyer: { name: 'Salon Brussel BV', addressLines: ['Rue 1'], country: 'BE', vatNumber: 'BE0123456749' },
        vatRateBasisPoints: 0,
        vatCents: 0,
        totalCents: 4900,
        vat: { ...nlVat, rule: 'reverseCharge', rateBasisPoints: 0, reverseCharge: true, vatNumber: 'BE0123456749' },
      }),
    )
    expect(text).toContain('Btw verlegd')
    expect(text).toContain('Btw-nummer afnemer: BE0123456749')
    expect(text).toContain('België')
  })

  it('invoice pdf: a credit note refers to its invoice and shows negative amounts', async () => {
    const text = await textOf(
      invoice({
        kind: 'creditNote',
        number: 'SAL-2026-00057',
        creditedNumber: 'SAL-2026-00042',
        issuedAt: new Date('2026-03-15T10:00:00Z'),
        lines: [line({ unitPriceCents: -4900, totalCents: -4900 })],
        netCents: -4900,
        vatCents: -1029,
        totalCents: -5929,
        paidAt: null,
      }),
    )
    for (const expected of [
      'Creditfactuur',
      'Creditfactuurnummer SAL-2026-00057',
      'Datum 15-03-2026',
      'Creditering van factuur SAL-2026-00042',
      '€ -49,00',
      'Btw 21% € -10,29',
      'Totaal € -59,29',
    ])
      expect(text).toContain(expected)

    const en = await textOf(
      invoice({ kind: 'creditNote', language: 'en', creditedNumber: 'SAL-2026-00042', totalCents: -5929 }),
    )
    expect(en).toContain('Credit note')
    expect(en).toContain('Credit for invoice SAL-2026-00042')
    expect(en).toContain('-€59.29')
  })

  it('invoice pdf: outside the EU it says the supply is outside the scope of Dutch VAT', async () => {
    const outside: Partial<InvoiceDocument> = {
      buyer: {
        name: 'Spa Zürich AG',
        addressLines: ['Bahnhofstrasse 1', '8001 Zürich'],
        country: 'CH',
        vatNumber: null,
      },
      vatRateBasisPoints: 0,
      vatCents: 0,
      totalCents: 4900,
      vat: { ...nlVat, rule: 'outsideEu', rateBasisPoints: 0, vatNumber: '', country: 'CH' },
    }
    const nl = await textOf(invoice(outside))
    expect(nl).toContain('Niet belast met Nederlandse btw')
    expect(nl).toContain('Zwitserland')
    expect(nl).toContain('Btw 0% € 0,00')
    const en = await textOf(invoice({ ...outside, language: 'en' }))
    expect(en).toContain('Outside the scope of Dutch VAT')
  })

  it('invoice pdf: long descriptions wrap and 60 lines run onto more pages, each with the table head', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line({ description: `Regel ${i + 1}: WhatsApp-berichtenbundel`, unitPriceCents: 100 + i, totalCents: 100 + i }),
    )
    lines[0] = line({
      description:
        'Een heel lange omschrijving van een dienst die niet op één regel past, zodat ze over meerdere regels doorloopt in de kolom',
    })
    const pages = await pdfPages(await renderInvoicePdf(invoice({ lines })))
    expect(pages.length).toBeGreaterThan(1)
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`Pagina ${i + 1} van ${pages.length}`)
      expect(page).toContain('SAL-2026-00042')
    }
    expect(pages[1]).toContain('Omschrijving Aantal Prijs excl. btw Bedrag excl. btw')
    const all = pages.join('\n')
    for (let i = 2; i <= 60; i++) expect(all).toContain(`Regel ${i}: WhatsApp-berichtenbundel`)
    // The long description is split over lines, none cut off.
    expect(all).toContain('Een heel lange omschrijving')
    expect(all).toMatch(/doorloopt in de\nkolom\nRegel 2:/)
    expect(all.split('\n').filter((l) => l.includes('Een heel lange')).length).toBe(1)
    expect(pages.at(-1)).toContain('Totaal € 59,29')
  })

  it('invoice pdf: characters the standard fonts lack never break it', async () => {
    const text = await textOf(invoice({ buyer: { ...invoice().buyer, name: 'Salon Łódź 💅 Şişli' } }))
    expect(text).toContain('Salon Lódz ? Sisli')
  })
})
