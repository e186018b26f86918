import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { consentEvidence, customerDocuments } from '../../server/db/schema'
import { eq } from 'drizzle-orm'
import {
  type CertificateFacts,
  bothZones,
  certificateSections,
} from '../../server/services/documents/evidence/certificate-lines'
import { buildCertificatePdf } from '../../server/services/documents/evidence/certificate-pdf'
import { certificateFileName, staffCertificate } from '../../server/services/documents/evidence/certificate'
import { employeeCallerOf } from '../../server/auth/caller'
import { appendEvidence } from '../../server/services/documents/evidence/evidence-chain'
import { htmlToBlocks, isWinAnsi, toWinAnsi, wrapText } from '../../server/services/documents/evidence/pdf-text'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { seedCustomerDocument, seedDocument } from './fixtures'
import { pageTexts } from './pdf-read'
import { signaturePng } from './png'

/*
 * Issue 12: the signed consent PDF. The form's text as the customer saw it, then a certificate
 * page (who, what and its hash, when by both clocks, where, the signature, the chain position);
 * read back page by page. Names with characters the standard fonts cannot draw never crash it.
 */

const facts = (over: Partial<CertificateFacts> = {}): CertificateFacts => ({
  organisationName: 'Huidkliniek Zon',
  documentName: 'Consent for a chemical peel',
  versionNumber: 3,
  versionHash: 'a'.repeat(64),
  versionHashMatches: true,
  customerName: 'Anna de Vries',
  customerEmail: 'anna@example.test',
  typedName: 'A. de Vries',
  decision: 'accepted',
  declineReason: null,
  channel: 'tablet',
  deviceName: 'Balie iPad',
  takenByName: 'Bas Bakker',
  ipAddress: '192.0.2.7',
  userAgent: 'Mozilla/5.0 (iPad)',
  deviceTime: new Date('2026-11-20T10:00:00.123Z'),
  receivedAt: new Date('2026-11-20T10:04:05.000Z'),
  // A tablet 2 seconds slow, answered offline 4 minutes before it synced: its clock corrected by
  // its offset (server/services/when.ts).
  occurredAt: new Date('2026-11-20T10:00:02.123Z'),
  signatureHash: 'b'.repeat(64),
  signatureMatches: true,
  position: 42,
  recordHash: 'c'.repeat(64),
  previousHash: 'd'.repeat(64),
  contentHash: 'e'.repeat(64),
  ...over,
})

const FORM =
  '<h2>Risks</h2><p>A peel can cause <strong>redness</strong> &amp; peeling.</p><ul><li>Avoid sun</li><li>Use SPF 50</li></ul><ol><li>First</li><li>Second</li></ol><p>Questions? <a href="https://example.test/faq">Read the FAQ</a></p>'

describe('certificate lines (pure)', () => {
  it('documents: states who, what with its hash, the decision, both clocks, where and the chain', () => {
    const s = certificateSections(facts(), 'en')
    const flat = Object.fromEntries(s.flatMap((x) => x.lines.map((l) => [l.label, l.value])))
    expect(s.map((x) => x.title)).toEqual([
      'Who',
      'What',
      'Decision',
      'When',
      'Where and how',
      'Signature',
      'Evidence chain',
    ])
    expect(flat).toMatchObject({
      'Customer name': 'Anna de Vries',
      'E-mail': 'anna@example.test',
      'Typed name': 'A. de Vries',
      Document: 'Consent for a chemical peel',
      Version: '3',
      'SHA-256 of the version': 'a'.repeat(64),
      Answer: 'Accepted',
      'Signed on': 'The salon’s tablet',
      Device: 'Balie iPad',
      'Handed over by': 'Bas Bakker',
      'Position in the chain': '42',
      'Hash of this record': 'c'.repeat(64),
      'Hash of the previous record': 'd'.repeat(64),
    })
    // The corrected time first, then both clocks, each in Amsterdam time and UTC (November: CET, UTC+1).
    expect(flat.Answered).toBe('20/11/2026, 11:00:02 CET (Europe/Amsterdam) · 2026-11-20 10:00:02.123 UTC')
    expect(flat['Device clock']).toBe('20/11/2026, 11:00:00 CET (Europe/Amsterdam) · 2026-11-20 10:00:00.123 UTC')
    expect(flat['Received by the server']).toContain('11:04:05')
    expect(flat['Received by the server']).toContain('2026-11-20 10:04:05.000 UTC')
  })

  it('documents: Dutch labels, a declined answer with its reason, no signature section', () => {
    const s = certificateSections(
      facts({
        decision: 'declined',
        declineReason: 'Te duur',
        signatureHash: null,
        channel: 'ownDevice',
        deviceTime: null,
        occurredAt: null,
      }),
      'nl',
    )
    const flat = Object.fromEntries(s.flatMap((x) => x.lines.map((l) => [l.label, l.value])))
    expect(s.map((x) => x.title)).not.toContain('Handtekening')
    expect(flat).toMatchObject({
      Antwoord: 'Geweigerd',
      Reden: 'Te duur',
      'Ondertekend op': 'Eigen apparaat van de klant',
      'Klok van het apparaat': 'onbekend',
    })
    expect(bothZones(new Date('2026-07-01T12:00:00Z'), 'nl')).toMatch(/14:00:00 CEST \(Europe\/Amsterdam\)/)
  })

  it('documents: the file name is plain ASCII with the day in Amsterdam', () => {
    expect(certificateFileName('Toestemming chemische peeling – gezicht', new Date('2026-11-20T23:30:00Z'))).toBe(
      'consent-toestemming-chemische-peeling-gezicht-2026-11-21.pdf',
    )
    expect(certificateFileName('😀 "../x"', new Date('2026-11-20T10:00:00Z'))).toBe('consent-x-2026-11-20.pdf')
    expect(certificateFileName('🙂', new Date('2026-11-20T10:00:00Z'))).toBe('consent-document-2026-11-20.pdf')
  })
})

describe('text for the standard fonts (pure)', () => {
  it('documents: folds what WinAnsi lacks and keeps what it has', () => {
    expect(toWinAnsi('Łucja Żółć-Wąsik')).toBe('Lucja Zólc-Wasik')
    expect(toWinAnsi('Işıl Şahin Ğ İ')).toBe('Isil Sahin G I')
    expect(toWinAnsi('Nguyễn Thị Đào')).toBe('Nguyen Thi Dào')
    expect(toWinAnsi('Zoë Müller € – “x”')).toBe('Zoë Müller € – “x”')
    expect(toWinAnsi('Anna 😀 👩‍👩‍👧 ❤️')).toBe('Anna ? ??? ?')
    expect(toWinAnsi('a\u0000b\u0007c\nd\te\u202ef')).toBe('a b c d e?f')
  })

  it('documents: every character it lets through is one Helvetica encodes', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i)).join('')
    const safe = toWinAnsi(all)
    expect([...safe].every(isWinAnsi)).toBe(true)
    expect(() => font.encodeText(safe)).not.toThrow()
    expect(() => font.encodeText('\u0142')).toThrow()
  })

  it('documents: the sanitised HTML reads as headings, paragraphs and numbered or bulleted lists', () => {
    expect(htmlToBlocks(FORM)).toEqual([
      { kind: 'heading', text: 'Risks' },
      { kind: 'paragraph', text: 'A peel can cause redness & peeling.' },
      { kind: 'listItem', text: 'Avoid sun', marker: '•', depth: 0 },
      { kind: 'listItem', text: 'Use SPF 50', marker: '•', depth: 0 },
      { kind: 'listItem', text: 'First', marker: '1.', depth: 0 },
      { kind: 'listItem', text: 'Second', marker: '2.', depth: 0 },
      { kind: 'paragraph', text: 'Questions? Read the FAQ (https://example.test/faq)' },
    ])
    expect(htmlToBlocks('<p>one<br>two</p>')).toEqual([{ kind: 'paragraph', text: 'one\ntwo' }])
    expect(htmlToBlocks('plain &lt;b&gt; &#233; &#x1F600;')).toEqual([{ kind: 'paragraph', text: 'plain <b> é 😀' }])
  })

  it('documents: lines wrap at spaces, and a word wider than the line is cut', () => {
    const measure = (s: string) => s.length
    expect(wrapText('aaa bbb ccc', 7, measure)).toEqual(['aaa bbb', 'ccc'])
    expect(wrapText('x'.repeat(10), 4, measure)).toEqual(['xxxx', 'xxxx', 'xx'])
  })
})

describe('the PDF', () => {
  it('documents: the form pages then the certificate page, with what it states', async () => {
    const pdf = await buildCertificatePdf({
      lang: 'en',
      facts: facts(),
      html: FORM,
      signaturePng: signaturePng(),
      logo: signaturePng(60, 30),
    })
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const pages = await pageTexts(pdf)
    expect(pages).toHaveLength(2)
    expect(pages[0]).toContain('Risks')
    expect(pages[0]).toContain('A peel can cause redness & peeling.')
    expect(pages[0]).not.toContain('Certificate of consent')
    const cert = pages[1]!
    for (const s of [
      'Certificate of consent',
      'Anna de Vries',
      'A. de Vries',
      'Accepted',
      'Balie iPad',
      'Bas Bakker',
      '42',
      'c'.repeat(64),
      'd'.repeat(64),
      'a'.repeat(64),
      'Europe/Amsterdam',
      'npm run evidence:verify',
    ])
      expect(cert).toContain(s)
    expect(cert).toContain('page 2 of 2')
    // The signature image is embedded (an image XObject on the certificate page).
    const doc = await PDFDocument.load(pdf)
    expect(doc.getPage(1).node.Resources()?.toString()).toMatch(/XObject/)
  })

  it('documents: a long form paginates; the certificate is the page after the last text page', async () => {
    const html = Array.from(
      { length: 120 },
      (_, i) => `<p>Paragraph ${i + 1}: ${'the treatment may cause redness '.repeat(4)}</p>`,
    ).join('')
    const pages = await pageTexts(
      await buildCertificatePdf({ lang: 'nl', facts: facts(), html, signaturePng: null, logo: null }),
    )
    const textPages = pages.filter((p) => p.includes('Paragraph'))
    expect(textPages.length).toBeGreaterThan(3)
    expect(pages).toHaveLength(textPages.length + 1)
    expect(pages.at(-1)).toContain('Certificaat van toestemming')
    expect(pages.at(-1)).toContain('Afbeelding van de handtekening niet beschikbaar')
    expect(pages.join('\n')).toContain('Paragraph 120:')
  })

  it('documents: odd characters in every field and a damaged image never crash it', async () => {
    const odd = 'Łucja 😀 Işıl Nguyễn\u0000\u0007\u202e 👩‍👩‍👧 \ud800'
    const pdf = await buildCertificatePdf({
      lang: 'en',
      facts: facts({
        organisationName: odd,
        documentName: odd,
        customerName: odd,
        typedName: odd,
        customerEmail: odd,
        deviceName: odd,
        takenByName: odd,
        userAgent: odd,
        decision: 'declined',
        declineReason: odd.repeat(40),
      }),
      html: `<h2>${odd}</h2><p>${odd}</p><ul><li>${odd}</li></ul>`,
      signaturePng: Buffer.from('89504e470d0a1a0a00000000', 'hex'),
      logo: Buffer.from('not an image'),
    })
    const pages = await pageTexts(pdf)
    expect(pages.join('\n')).toContain('Lucja ? Isil Nguyen')
  })
})

const dataDir = mkdtempSync(path.join(tmpdir(), 'certificate-pdf-'))
const app = await buildTestApp({ dataDir })

describe('the PDF of seeded evidence', () => {
  it('documents: built from the stored version, evidence and signature file', async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0]!.id
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salonId] })
    const doc = await seedDocument(app, org.id, { text: FORM, versions: 2 })
    const cdId = await seedCustomerDocument(app, {
      organisationId: org.id,
      salonId,
      customerId: customer.id,
      documentId: doc.documentId,
      versionId: doc.versionId,
    })
    const [version] = await app.db.query.documentVersions.findMany({ where: (v, { eq }) => eq(v.id, doc.versionId) })
    const png = signaturePng()
    const signatureKey = `${org.id}/signatures/${randomUUID()}.png`
    await app.storage.put(signatureKey, png)
    const ev = await app.db.transaction(async (tx) => {
      const row = await appendEvidence(tx, {
        organisationId: org.id,
        customerDocumentId: cdId,
        customerId: customer.id,
        customerName: 'Sanne Jansen',
        customerEmail: customer.email,
        documentId: doc.documentId,
        documentVersionId: doc.versionId,
        versionNumber: 2,
        versionHash: version!.contentHash,
        decision: 'accepted',
        signatureKey,
        signatureHash: createHash('sha256').update(png).digest('hex'),
        typedName: 'Sanne Jansen',
        declineReason: null,
        channel: 'ownDevice',
        takenBy: null,
        takenByName: null,
        deviceId: 'd-1',
        deviceName: 'iPhone',
        userAgent: 'UA',
        ipAddress: '127.0.0.1',
        deviceTime: new Date(),
      })
      await tx
        .update(customerDocuments)
        .set({ status: 'accepted', evidenceId: row.id, respondedAt: new Date() })
        .where(eq(customerDocuments.id, cdId))
      return row
    })
    const caller = await employeeCallerOf(app.db, org.id, org.owner.id)
    const file = await staffCertificate({
      db: app.db,
      storage: app.storage,
      caller,
      salonId,
      customerId: customer.id,
      customerDocumentId: cdId,
    })
    expect(file.filename).toMatch(/^consent-consent-for-a-chemical-peel-\d{4}-\d{2}-\d{2}\.pdf$/)
    const pages = await pageTexts(file.pdf)
    expect(pages).toHaveLength(2)
    expect(pages[0]).toContain('Risks')
    expect(pages[1]).toContain('Certificaat van toestemming') // the organisation's language (nl)
    expect(pages[1]).toContain(ev.recordHash)
    expect(pages[1]).toContain(version!.contentHash)
    expect(pages[1]).toContain('komt overeen met de tekst op de vorige pagina')
    expect(pages[1]).toContain('komt overeen met de afbeelding hieronder')
    const [stored] = await app.db.select().from(consentEvidence).where(eq(consentEvidence.id, ev.id))
    expect(pages[1]).toContain(`${stored!.position}`)
  })
})
