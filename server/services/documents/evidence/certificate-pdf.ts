import { type PDFFont, type PDFImage, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { Language } from '../../../../contract/enums'
import { CERTIFICATE_WORDS, type CertificateFacts, bothZones, certificateSections } from './certificate-lines'
import { htmlToBlocks, toWinAnsi, wrapText } from './pdf-text'

/*
 * The signed consent PDF (issue 12), drawn with pdf-lib: first the consent form's text exactly as
 * the customer saw it (the version they answered, as headings, paragraphs and lists, wrapped and
 * paginated on A4), then a certificate page stating who answered what, when by both clocks, where
 * and how, with the signature image and the record's place in the hash chain. Only pdf-lib's
 * standard fonts are used (no font files to ship), so every string goes through `toWinAnsi`.
 */

export type CertificateInput = {
  lang: Language
  facts: CertificateFacts
  /** The version's sanitised HTML (null: a form without text). */
  html: string | null
  /** The stored signature PNG (accepted only). */
  signaturePng: Uint8Array | null
  /** The organisation's logo (PNG or JPEG; anything else is left out). */
  logo: Uint8Array | null
  /** When the PDF is made (shown in the footer). */
  now?: Date
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 56
const CONTENT_WIDTH = A4.width - 2 * MARGIN
const BODY = 10.5
const LEADING = 15
const MUTED = rgb(0.4, 0.4, 0.4)
const INK = rgb(0.1, 0.1, 0.1)
const RULE = rgb(0.82, 0.82, 0.82)

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont }

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff

async function embedImage(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes) return null
  try {
    if (isPng(bytes)) return await doc.embedPng(bytes)
    if (isJpeg(bytes)) return await doc.embedJpg(bytes)
  } catch {
    // A damaged image is left out; the certificate still states its hash.
  }
  return null
}

/** A page cursor: draws lines top-down and opens the next page when this one is full. */
class Writer {
  page!: PDFPage
  y = 0
  readonly pages: PDFPage[] = []
  constructor(
    private readonly doc: PDFDocument,
    private readonly header: (page: PDFPage) => number,
  ) {}

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height])
    this.pages.push(this.page)
    this.y = this.header(this.page)
  }

  /** Makes room for `height` points, on a new page if needed. */
  room(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage()
  }

  text(s: string, opts: { x?: number; size?: number; font: PDFFont; color?: ReturnType<typeof rgb> }) {
    this.page.drawText(s, {
      x: opts.x ?? MARGIN,
      y: this.y,
      size: opts.size ?? BODY,
      font: opts.font,
      color: opts.color ?? INK,
    })
  }

  /** Wrapped text at `x` within `width`, one line per LEADING, breaking pages as it goes. */
  paragraph(
    s: string,
    opts: {
      x?: number
      width?: number
      size?: number
      font: PDFFont
      color?: ReturnType<typeof rgb>
      leading?: number
    },
  ) {
    const size = opts.size ?? BODY
    const x = opts.x ?? MARGIN
    const lines = wrapText(toWinAnsi(s), opts.width ?? CONTENT_WIDTH - (x - MARGIN), (t) =>
      opts.font.widthOfTextAtSize(t, size),
    )
    for (const line of lines) {
      this.room(opts.leading ?? LEADING)
      this.text(line, { ...opts, x, size })
      this.y -= opts.leading ?? LEADING
    }
  }
}

function drawFormPages(w: Writer, fonts: Fonts, input: CertificateInput) {
  const blocks = htmlToBlocks(input.html ?? '')
  w.newPage()
  w.paragraph(CERTIFICATE_WORDS[input.lang].formTitle, { font: fonts.regular, size: 9, color: MUTED })
  w.y -= 8
  let previous: string | null = null
  for (const b of blocks) {
    // A list ends with a little space before what follows it, as a paragraph does.
    if (previous === 'listItem' && b.kind !== 'listItem') w.y -= 6
    previous = b.kind
    if (b.kind === 'heading') {
      w.y -= 6
      w.room(LEADING * 2)
      w.paragraph(b.text, { font: fonts.bold, size: 13, leading: 18 })
      w.y -= 2
    } else if (b.kind === 'listItem') {
      const indent = MARGIN + 14 + b.depth * 16
      w.room(LEADING)
      w.text(toWinAnsi(b.marker), { x: indent - 14, font: fonts.regular })
      w.paragraph(b.text, { x: indent, font: fonts.regular })
    } else {
      w.paragraph(b.text, { font: fonts.regular })
      w.y -= 6
    }
  }
}

function drawCertificate(w: Writer, fonts: Fonts, input: CertificateInput, signature: PDFImage | null) {
  const words = CERTIFICATE_WORDS[input.lang]
  const labelWidth = 150
  const valueX = MARGIN + labelWidth
  const valueWidth = CONTENT_WIDTH - labelWidth
  w.newPage()
  // Compact on purpose: the whole certificate fits one A4 page for an ordinary record.
  w.paragraph(words.title, { font: fonts.bold, size: 16, leading: 22 })
  for (const section of certificateSections(input.facts, input.lang)) {
    w.room(LEADING * 3)
    w.page.drawLine({
      start: { x: MARGIN, y: w.y + 9 },
      end: { x: A4.width - MARGIN, y: w.y + 9 },
      color: RULE,
      thickness: 0.5,
    })
    w.y -= 2
    w.paragraph(section.title, { font: fonts.bold, size: 10.5, leading: 14 })
    for (const line of section.lines) {
      w.room(LEADING * 2)
      const labelPage = w.page
      const top = w.y
      w.paragraph(line.label, { width: labelWidth - 8, size: 8.5, font: fonts.regular, color: MUTED, leading: 11.5 })
      const afterLabel = w.y
      // The value starts beside its label (on the label's page: a label never breaks a page alone).
      w.y = top
      w.paragraph(line.value, {
        x: valueX,
        width: valueWidth,
        size: line.mono ? 8 : 9.5,
        font: line.mono ? fonts.mono : fonts.regular,
        leading: 11.5,
      })
      if (line.note)
        w.paragraph(line.note, {
          x: valueX,
          width: valueWidth,
          size: 8,
          font: fonts.regular,
          color: MUTED,
          leading: 11,
        })
      // A value that ran onto the next page continues from there; otherwise below the longer one.
      w.y = (w.page === labelPage ? Math.min(w.y, afterLabel) : w.y) - 2
    }
    if (section.title === words.signature) {
      if (signature) {
        const box = { width: 200, height: 64 }
        const scale = Math.min(box.width / signature.width, box.height / signature.height, 1)
        const width = signature.width * scale
        const height = signature.height * scale
        w.room(box.height + 12)
        const bottom = w.y - box.height + 6
        w.page.drawRectangle({
          x: valueX - 4,
          y: bottom - 4,
          width: box.width + 8,
          height: box.height + 8,
          borderColor: RULE,
          borderWidth: 0.5,
        })
        w.page.drawImage(signature, { x: valueX, y: bottom + (box.height - height) / 2, width, height })
        w.y -= box.height + 8
      } else {
        w.paragraph(words.signatureMissing, {
          x: valueX,
          width: valueWidth,
          size: 9,
          font: fonts.regular,
          color: MUTED,
        })
      }
    }
    w.y -= 8
  }
  w.room(LEADING * 3)
  w.paragraph(words.verify, { size: 8, font: fonts.regular, color: MUTED, leading: 10.5 })
}

/** The signed consent as a PDF: the form's pages, then the certificate page. */
export async function buildCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  }
  const words = CERTIFICATE_WORDS[input.lang]
  const { facts } = input
  const logo = await embedImage(doc, input.logo)
  const signature = await embedImage(doc, input.signaturePng)
  const now = input.now ?? new Date()
  doc.setTitle(toWinAnsi(`${words.title}: ${facts.documentName}`))
  doc.setAuthor(toWinAnsi(facts.organisationName))
  doc.setCreator('Salon platform')
  doc.setProducer('pdf-lib')
  doc.setCreationDate(now)
  doc.setModificationDate(now)
  doc.setLanguage(input.lang)

  // Every page: the organisation (logo and name) and the document with its version at the top.
  const header = (page: PDFPage) => {
    let x = MARGIN
    const top = A4.height - MARGIN
    if (logo) {
      const scale = Math.min(28 / logo.height, 90 / logo.width)
      page.drawImage(logo, {
        x,
        y: top - 28 * Math.min(1, (logo.height * scale) / 28) + 6,
        width: logo.width * scale,
        height: logo.height * scale,
      })
      x += logo.width * scale + 10
    }
    page.drawText(toWinAnsi(facts.organisationName).slice(0, 80), {
      x,
      y: top - 4,
      size: 12,
      font: fonts.bold,
      color: INK,
    })
    const sub = toWinAnsi(`${facts.documentName} · ${words.version} ${facts.versionNumber}`)
    const subLines = wrapText(sub, CONTENT_WIDTH - (x - MARGIN), (t) => fonts.regular.widthOfTextAtSize(t, 9))
    page.drawText(subLines[0] ?? '', { x, y: top - 18, size: 9, font: fonts.regular, color: MUTED })
    page.drawLine({
      start: { x: MARGIN, y: top - 30 },
      end: { x: A4.width - MARGIN, y: top - 30 },
      color: RULE,
      thickness: 0.75,
    })
    return top - 56
  }

  const w = new Writer(doc, header)
  drawFormPages(w, fonts, input)
  drawCertificate(w, fonts, input, signature)

  // Footers once the page count is known.
  const total = w.pages.length
  for (const [i, page] of w.pages.entries()) {
    const left = toWinAnsi(
      `SHA-256 ${facts.versionHash.slice(0, 16)}… · ${words.generatedAt} ${bothZones(now, input.lang)}`,
    )
    page.drawText(left, { x: MARGIN, y: MARGIN - 24, size: 7.5, font: fonts.regular, color: MUTED })
    const right = `${words.page} ${i + 1} ${words.of} ${total}`
    page.drawText(right, {
      x: A4.width - MARGIN - fonts.regular.widthOfTextAtSize(right, 7.5),
      y: MARGIN - 24,
      size: 7.5,
      font: fonts.regular,
      color: MUTED,
    })
  }
  return doc.save()
}
