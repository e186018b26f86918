import { describe, expect, it } from 'vitest'
import { type CertificateDocument, renderCertificatePdf } from '../../../server/services/trainings/certificate-pdf'
import { pdfPages } from '../billing-pdf-text'

/*
 * The certificate PDF (issue 24), read back with pdf.js as a viewer shows it: one page with the
 * employee, the course (English title when the language is English and there is one), the
 * organisation, the date in words, the code in two groups and the verify address.
 */

const doc = (over: Partial<CertificateDocument> = {}): CertificateDocument => ({
  language: 'nl',
  employeeName: 'Sanne de Vries',
  courseTitle: 'Kleurtechnieken',
  courseTitleEn: 'Colour techniques',
  organisationName: 'Studio Schoonheid',
  issuedAt: new Date('2026-11-27T23:30:00Z'),
  code: 'DGPQBVBYZU',
  verifyUrl: 'https://app.example.nl/certificates/DGPQBVBYZU',
  ...over,
})

describe('certificate pdf', () => {
  it('Dutch: every part, the date as the Amsterdam calendar day in words', async () => {
    const pages = await pdfPages(await renderCertificatePdf(doc()))
    expect(pages).toHaveLength(1)
    const text = pages[0]
    for (const part of [
      'CERTIFICAAT',
      'Hierbij verklaart Studio Schoonheid dat',
      'Sanne de Vries',
      'Kleurtechnieken',
      'heeft afgerond',
      // 23:30 UTC is the next day in Amsterdam.
      '28 november 2026',
      'DGPQB-VBYZU',
      'Controleer dit certificaat op https://app.example.nl/certificates/DGPQBVBYZU',
    ])
      expect(text).toContain(part)
  })

  it('English: the English title and words', async () => {
    const text = (await pdfPages(await renderCertificatePdf(doc({ language: 'en' })))).join('\n')
    expect(text).toContain('CERTIFICATE')
    expect(text).toContain('Colour techniques')
    expect(text).toContain('28 November 2026')
    expect(text).toContain('Verify this certificate at')
  })

  it('a long title wraps on the page, and characters the standard fonts lack never break it', async () => {
    const text = (
      await pdfPages(
        await renderCertificatePdf(
          doc({ employeeName: 'Łukasz Żółć 🌸', courseTitle: 'Kleur '.repeat(40).trim(), courseTitleEn: null }),
        ),
      )
    ).join('\n')
    expect(text).toMatch(/ukasz/)
    expect(text.match(/Kleur/g)?.length).toBe(40)
  })
})
