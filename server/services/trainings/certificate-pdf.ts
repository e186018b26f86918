import { type PDFFont, PDFDocument, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { formatCertificateCode, inLanguage } from '../../../contract/trainings'
import { toWinAnsi, wrapText } from '../documents/evidence/pdf-text'

/*
 * A training certificate as one A4 landscape page (issue 24), drawn with pdf-lib as billing's
 * invoices are (no font files to ship: the standard fonts, WinAnsi only, so every string passes
 * `toWinAnsi`). In the employee's language: who completed which course at which organisation,
 * when, and the code with the address where anyone checks it.
 */

export type CertificateDocument = {
  language: 'nl' | 'en'
  employeeName: string
  courseTitle: string
  courseTitleEn: string | null
  organisationName: string
  issuedAt: Date
  code: string
  /** The public page that verifies it: `{publicUrl}/certificates/{code}`. */
  verifyUrl: string
}

const WORDS = {
  nl: {
    title: 'Certificaat',
    certifies: 'Hierbij verklaart',
    that: 'dat',
    completed: 'de training',
    completedAfter: 'heeft afgerond',
    date: 'Datum',
    code: 'Verificatiecode',
    verify: 'Controleer dit certificaat op',
  },
  en: {
    title: 'Certificate',
    certifies: 'This is to certify, on behalf of',
    that: 'that',
    completed: 'has completed the training',
    completedAfter: '',
    date: 'Date',
    code: 'Verification code',
    verify: 'Verify this certificate at',
  },
} as const

/** The calendar date in Amsterdam, written out ("27 november 2026" / "27 November 2026"). */
export const certificateDate = (date: Date, language: 'nl' | 'en') =>
  new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: 'Europe/Amsterdam',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)

const PAGE = { width: 841.89, height: 595.28 }
const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.42, 0.42, 0.42)
const ACCENT = rgb(0.55, 0.36, 0.29)

type Fonts = { regular: PDFFont; bold: PDFFont }

/** Lines centred on the page from `y` down; returns the y below them. */
function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = INK, lineGap = 1.25) {
  const lines = wrapText(toWinAnsi(text), PAGE.width - 200, (t) => font.widthOfTextAtSize(t, size))
  for (const line of lines) {
    page.drawText(line, { x: (PAGE.width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color })
    y -= size * lineGap
  }
  return y
}

export async function renderCertificatePdf(doc: CertificateDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  }
  const words = WORDS[doc.language]
  const course = inLanguage(doc.courseTitle, doc.courseTitleEn, doc.language)
  pdf.setTitle(toWinAnsi(`${words.title} - ${course} - ${doc.employeeName}`))
  pdf.setAuthor(toWinAnsi(doc.organisationName))
  pdf.setCreator('Salon platform')
  pdf.setProducer('pdf-lib')
  // The certificate's own date, so the same certificate renders to the same bytes.
  pdf.setCreationDate(doc.issuedAt)
  pdf.setModificationDate(doc.issuedAt)
  pdf.setLanguage(doc.language)

  const page = pdf.addPage([PAGE.width, PAGE.height])
  // Two frames: the outer in the accent colour, a thin inner one.
  page.drawRectangle({
    x: 24,
    y: 24,
    width: PAGE.width - 48,
    height: PAGE.height - 48,
    borderColor: ACCENT,
    borderWidth: 3,
  })
  page.drawRectangle({
    x: 34,
    y: 34,
    width: PAGE.width - 68,
    height: PAGE.height - 68,
    borderColor: ACCENT,
    borderWidth: 0.6,
  })

  let y = PAGE.height - 120
  y = centred(page, fonts.bold, words.title.toUpperCase(), y, 34, ACCENT)
  y -= 24
  y = centred(page, fonts.regular, `${words.certifies} ${doc.organisationName} ${words.that}`, y, 13, MUTED)
  y -= 16
  y = centred(page, fonts.bold, doc.employeeName, y, 28)
  y -= 10
  y = centred(page, fonts.regular, words.completed, y, 13, MUTED)
  y -= 16
  y = centred(page, fonts.bold, course, y, 22)
  // Dutch puts the verb after the title ("dat … de training X heeft afgerond").
  if (words.completedAfter) centred(page, fonts.regular, words.completedAfter, y - 6, 13, MUTED)

  // Foot: the date on the left, the code and where to verify it on the right.
  const footY = 100
  page.drawText(toWinAnsi(words.date), { x: 90, y: footY + 18, size: 9.5, font: fonts.regular, color: MUTED })
  page.drawText(toWinAnsi(certificateDate(doc.issuedAt, doc.language)), {
    x: 90,
    y: footY,
    size: 13,
    font: fonts.bold,
    color: INK,
  })
  const right = PAGE.width - 90
  const drawRight = (text: string, y: number, size: number, font: PDFFont, color = INK) => {
    const safe = toWinAnsi(text)
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font, color })
  }
  drawRight(words.code, footY + 18, 9.5, fonts.regular, MUTED)
  drawRight(formatCertificateCode(doc.code), footY, 13, fonts.bold)
  drawRight(`${words.verify} ${doc.verifyUrl}`, footY - 18, 9, fonts.regular, MUTED)
  return pdf.save()
}
