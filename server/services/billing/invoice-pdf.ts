import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { InvoiceLine, InvoiceParty, VatDecision } from '../../../contract/subscriptions'
import { toWinAnsi, wrapText } from '../documents/evidence/pdf-text'
import { countryName, formatCents, formatDate, formatRate, type InvoiceLanguage } from './invoice-pdf/format'
import { INVOICE_WORDS } from './invoice-pdf/words'

export { sellerFromConfig } from './invoice-pdf/seller'

/*
 * The invoice or credit note as an A4 PDF (research §2.2, §7 B3), drawn with pdf-lib from the
 * invoices row: everything a Dutch invoice must show (Wet OB art. 35a) — seller's name, address,
 * btw-id and KvK; the buyer's name, address and VAT id; number, date, supply period; per line the
 * description, quantity, unit price and amount excluding VAT; the net total, the VAT rate and
 * amount in euros, the total — plus "btw verlegd" with the buyer's VAT id under a reverse charge,
 * the outside-the-scope note outside the EU, and the payment date. Amounts are drawn exactly as
 * stored (a credit note's are negative); nothing is computed here. pdf-lib's standard fonts
 * (no font files to ship) draw WinAnsi only, so every string passes `toWinAnsi`.
 */

export type InvoiceDocument = {
  kind: 'invoice' | 'creditNote'
  number: string
  creditedNumber: string | null
  issuedAt: Date
  periodStart: Date | null
  periodEnd: Date | null
  language: 'nl' | 'en'
  seller: InvoiceParty
  buyer: InvoiceParty
  lines: InvoiceLine[]
  netCents: number
  vatRateBasisPoints: number
  vatCents: number
  totalCents: number
  vat: VatDecision
  paidAt: Date | null
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 50
const RIGHT = A4.width - MARGIN
const BOTTOM = MARGIN + 30
const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.42, 0.42, 0.42)
const RULE = rgb(0.8, 0.8, 0.8)
/** The lines table: description wraps within its column; the numbers are right-aligned at these x. */
const COLUMNS = { description: MARGIN, descriptionWidth: 250, quantityRight: 340, unitRight: 440, amountRight: RIGHT }

type Fonts = { regular: PDFFont; bold: PDFFont }
type Color = ReturnType<typeof rgb>

/** Draws top-down and opens the next page when this one is full; `onNewPage` draws a page's head. */
class Writer {
  page!: PDFPage
  y = 0
  readonly pages: PDFPage[] = []
  onNewPage: (() => void) | null = null
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {}

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height])
    this.pages.push(this.page)
    this.y = A4.height - MARGIN
    this.onNewPage?.()
  }

  room(height: number) {
    if (this.y - height < BOTTOM) this.newPage()
  }

  text(s: string, x: number, opts: { size?: number; bold?: boolean; color?: Color; y?: number } = {}) {
    this.page.drawText(toWinAnsi(s), {
      x,
      y: opts.y ?? this.y,
      size: opts.size ?? 9.5,
      font: opts.bold ? this.fonts.bold : this.fonts.regular,
      color: opts.color ?? INK,
    })
  }

  /** Right-aligned at `right`. */
  textRight(s: string, right: number, opts: { size?: number; bold?: boolean; color?: Color; y?: number } = {}) {
    const safe = toWinAnsi(s)
    const font = opts.bold ? this.fonts.bold : this.fonts.regular
    this.text(safe, right - font.widthOfTextAtSize(safe, opts.size ?? 9.5), opts)
  }

  wrap(s: string, width: number, size = 9.5, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular
    return wrapText(toWinAnsi(s), width, (t) => font.widthOfTextAtSize(t, size))
  }

  rule(y = this.y) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, color: RULE, thickness: 0.6 })
  }
}

/** A party's block: name, address lines, country, VAT number (and KvK for the seller). */
function partyLines(party: InvoiceParty, language: InvoiceLanguage): string[] {
  const words = INVOICE_WORDS[language]
  return [
    ...party.addressLines.filter((l) => l.trim()),
    ...(party.country ? [countryName(party.country, language)] : []),
    ...(party.vatNumber ? [`${words.vatNumber}: ${party.vatNumber}`] : []),
    ...(party.chamberOfCommerce ? [`${words.chamberOfCommerce}: ${party.chamberOfCommerce}`] : []),
  ]
}

/** Lines of a block within `width` at 9.5 pt, each wrapped; drawn from `top` down at `x`. Returns the y below. */
function drawBlock(
  w: Writer,
  x: number,
  top: number,
  width: number,
  title: string | null,
  name: string,
  lines: string[],
) {
  let y = top
  if (title) {
    w.text(title, x, { y, size: 8, color: MUTED })
    y -= 13
  }
  for (const l of w.wrap(name, width, 10.5, true)) {
    w.text(l, x, { y, size: 10.5, bold: true })
    y -= 14
  }
  for (const line of lines)
    for (const l of w.wrap(line, width)) {
      w.text(l, x, { y })
      y -= 12.5
    }
  return y
}

function drawHeading(w: Writer, doc: InvoiceDocument) {
  const words = INVOICE_WORDS[doc.language]
  const top = w.y
  w.textRight(words.title[doc.kind], RIGHT, { y: top - 14, size: 20, bold: true })
  const sellerBottom = drawBlock(w, MARGIN, top, 280, null, doc.seller.name, partyLines(doc.seller, doc.language))

  // The document's facts on the right, the buyer on the left, below the seller.
  const metaX = 330
  const facts: [string, string][] = [
    [words.number[doc.kind], doc.number],
    [words.date[doc.kind], formatDate(doc.issuedAt)],
  ]
  if (doc.periodStart && doc.periodEnd)
    facts.push([words.period, `${formatDate(doc.periodStart)} - ${formatDate(doc.periodEnd)}`])
  let metaY = top - 48
  for (const [label, value] of facts) {
    w.text(label, metaX, { y: metaY, size: 8, color: MUTED })
    w.textRight(value, RIGHT, { y: metaY })
    metaY -= 14
  }
  if (doc.kind === 'creditNote' && doc.creditedNumber) {
    for (const l of w.wrap(words.credited(doc.creditedNumber), RIGHT - metaX, 9.5, true)) {
      w.text(l, metaX, { y: metaY, bold: true })
      metaY -= 13
    }
  }
  const buyerTop = Math.min(sellerBottom, top - 48) - 18
  const buyerBottom = drawBlock(
    w,
    MARGIN,
    buyerTop,
    260,
    words.billTo,
    doc.buyer.name,
    partyLines({ ...doc.buyer, chamberOfCommerce: null }, doc.language),
  )
  w.y = Math.min(buyerBottom, metaY) - 20
}

function drawTableHead(w: Writer, language: InvoiceLanguage) {
  const words = INVOICE_WORDS[language]
  const o = { size: 8, bold: true, color: MUTED }
  w.text(words.description, COLUMNS.description, o)
  w.textRight(words.quantity, COLUMNS.quantityRight, o)
  w.textRight(words.unitPrice, COLUMNS.unitRight, o)
  w.textRight(words.amount, COLUMNS.amountRight, o)
  w.rule(w.y - 5)
  w.y -= 18
}

function drawLines(w: Writer, doc: InvoiceDocument) {
  drawTableHead(w, doc.language)
  // A line that runs onto the next page continues under the table's head again.
  w.onNewPage = () => {
    drawContinuationHead(w, doc)
    drawTableHead(w, doc.language)
  }
  for (const line of doc.lines) {
    const description = w.wrap(line.description, COLUMNS.descriptionWidth)
    w.room(12.5 * Math.min(description.length, 3) + 4)
    w.textRight(String(line.quantity), COLUMNS.quantityRight)
    w.textRight(formatCents(line.unitPriceCents, doc.language), COLUMNS.unitRight)
    w.textRight(formatCents(line.totalCents, doc.language), COLUMNS.amountRight)
    for (const l of description) {
      w.room(12.5)
      w.text(l, COLUMNS.description)
      w.y -= 12.5
    }
    w.y -= 5
  }
  w.onNewPage = () => drawContinuationHead(w, doc)
}

function drawTotals(w: Writer, doc: InvoiceDocument) {
  const words = INVOICE_WORDS[doc.language]
  const rate = formatRate(doc.vatRateBasisPoints, doc.language)
  const rows: [string, string, boolean][] = [
    [words.net, formatCents(doc.netCents, doc.language), false],
    [
      doc.vat.reverseCharge ? `${words.vat(rate)} - ${words.reverseCharge}` : words.vat(rate),
      formatCents(doc.vatCents, doc.language),
      false,
    ],
    [words.total, formatCents(doc.totalCents, doc.language), true],
  ]
  w.room(rows.length * 16 + 12)
  w.rule(w.y + 8)
  w.y -= 6
  const labelX = 300
  for (const [label, value, bold] of rows) {
    if (bold) {
      w.page.drawLine({
        start: { x: labelX, y: w.y + 12 },
        end: { x: RIGHT, y: w.y + 12 },
        color: RULE,
        thickness: 0.6,
      })
      w.y -= 3
    }
    w.text(label, labelX, { bold, size: bold ? 11 : 9.5 })
    w.textRight(value, RIGHT, { bold, size: bold ? 11 : 9.5 })
    w.y -= 16
  }
  w.y -= 10
}

function drawNotes(w: Writer, doc: InvoiceDocument) {
  const words = INVOICE_WORDS[doc.language]
  const notes: { text: string; bold?: boolean }[] = []
  if (doc.vat.reverseCharge) {
    notes.push({ text: words.reverseCharge, bold: true })
    const buyerVat = doc.buyer.vatNumber || doc.vat.vatNumber
    if (buyerVat) notes.push({ text: words.buyerVatNumber(buyerVat) })
  }
  if (doc.vat.rule === 'outsideEu') notes.push({ text: words.outsideEu })
  if (doc.paidAt) notes.push({ text: words.paid(formatDate(doc.paidAt)), bold: true })
  const wrapped = notes.flatMap((note) =>
    w.wrap(note.text, RIGHT - MARGIN, 9.5, note.bold).map((l) => ({ l, bold: note.bold })),
  )
  // The notes stay together (a reverse charge's "btw verlegd" beside the buyer's VAT id).
  w.room(wrapped.length * 13)
  for (const { l, bold } of wrapped) {
    w.room(13)
    w.text(l, MARGIN, { bold })
    w.y -= 13
  }
}

/** From page 2 on: who and which document, so a loose page is still recognisable. */
function drawContinuationHead(w: Writer, doc: InvoiceDocument) {
  const words = INVOICE_WORDS[doc.language]
  w.text(doc.seller.name, MARGIN, { bold: true })
  w.textRight(`${words.title[doc.kind]} ${doc.number}`, RIGHT, { bold: true })
  w.rule(w.y - 8)
  w.y -= 30
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  }
  const words = INVOICE_WORDS[doc.language]
  pdf.setTitle(toWinAnsi(`${words.title[doc.kind]} ${doc.number}`))
  pdf.setAuthor(toWinAnsi(doc.seller.name))
  pdf.setCreator('Salon platform')
  pdf.setProducer('pdf-lib')
  // The document's own date, so the same invoice renders to the same bytes.
  pdf.setCreationDate(doc.issuedAt)
  pdf.setModificationDate(doc.issuedAt)
  pdf.setLanguage(doc.language)

  const w = new Writer(pdf, fonts)
  w.newPage()
  drawHeading(w, doc)
  drawLines(w, doc)
  drawTotals(w, doc)
  drawNotes(w, doc)

  const total = w.pages.length
  for (const [i, page] of w.pages.entries()) {
    const footer = `${words.title[doc.kind]} ${doc.number} - ${words.page(i + 1, total)}`
    page.drawText(toWinAnsi(footer), {
      x: RIGHT - fonts.regular.widthOfTextAtSize(toWinAnsi(footer), 7.5),
      y: MARGIN - 10,
      size: 7.5,
      font: fonts.regular,
      color: MUTED,
    })
  }
  return pdf.save()
}
