import { expect, type Page, test } from '@playwright/test'
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { screenshot, signInAsEmployee, unique } from '../fixtures/api'
import { demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'

// Issue 12: the demo owner creates a consent form, changes it (version 2 shows in the history,
// version 1 stays), uploads a PDF information document and sees its first page; the screen at a
// tablet and a phone size. Dutch, the default language.
test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

const rows = (page: Page) => page.getByTestId('document-row')

/** A real one-page PDF (pdf-lib), with a heading the preview draws. */
async function aftercarePdf() {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.HelveticaBold)
  const body = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([595, 842])
  page.drawRectangle({ x: 0, y: 762, width: 595, height: 80, color: rgb(0.59, 0.71, 0.6) })
  page.drawText('Nazorg na een chemische peeling', { x: 40, y: 790, size: 22, font, color: rgb(1, 1, 1) })
  const lines = ['Gebruik de eerste week dagelijks SPF 50.', 'Niet krabben of scrubben.', 'Drink voldoende water.']
  for (const [i, l] of lines.entries()) page.drawText(`• ${l}`, { x: 40, y: 720 - i * 28, size: 14, font: body })
  return Buffer.from(await doc.save())
}

test('documents: the owner creates a consent form, changes it into version 2 and adds a PDF with its preview', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const staff = await demoStaff(request)
  const u = unique().slice(-5)
  const consentName = `Toestemming peeling ${u}`
  const pdfName = `Nazorg ${u}`
  await signInAsEmployee(page, staff.session)
  await page.goto('/demo/admin/dashboard')
  await page.getByRole('navigation').getByRole('link', { name: 'Documenten' }).click()
  await expect(page).toHaveURL(/\/demo\/admin\/documents$/)
  await expect(page.getByRole('heading', { name: 'Documenten', level: 1 })).toBeVisible()

  // A consent form: the form name is required; the kind is chosen once.
  await page.getByRole('button', { name: 'Nieuw document' }).first().click()
  const drawer = page.getByRole('dialog')
  await drawer.getByText('Toestemmingsformulier', { exact: true }).click()
  await drawer.getByRole('button', { name: 'Document maken' }).click()
  await expect(drawer.getByText('Formuliernaam is verplicht.')).toBeVisible()
  await expect(drawer.getByText('Tekst is verplicht.')).toBeVisible()
  await drawer.getByLabel('Formuliernaam').fill(consentName)
  await drawer.getByTestId('rich-text').click()
  await page.keyboard.type('Ik begrijp dat een peeling ')
  await drawer
    .getByRole('button', { name: 'Bold' })
    .or(drawer.getByRole('button', { name: 'Vet' }))
    .click()
  await page.keyboard.type('roodheid')
  await drawer
    .getByRole('button', { name: 'Bold' })
    .or(drawer.getByRole('button', { name: 'Vet' }))
    .click()
  await page.keyboard.type(' kan geven.')
  await drawer.getByRole('button', { name: 'Document maken' }).click()
  await expect(drawer).toBeHidden()
  const consentRow = rows(page).filter({ hasText: consentName })
  await expect(consentRow).toContainText('Toestemmingsformulier')
  await expect(consentRow.getByTestId('document-version')).toHaveText('Versie 1')
  await expect(consentRow.getByTestId('document-counts')).toContainText('0 verstuurd')

  // Changing it says plainly that saving makes version 2 and what it means for earlier consents.
  await consentRow.getByRole('button', { name: `${consentName} bewerken` }).click()
  await expect(drawer.getByTestId('new-version-notice')).toContainText('opslaan maakt versie 2')
  await expect(drawer.getByTestId('new-version-notice')).toContainText('nieuwe toestemming nodig')
  await expect(drawer.getByTestId('version-row')).toHaveCount(1)
  await expect(drawer.getByText('Toestemmingsformulier', { exact: true })).toBeVisible()
  await expect(drawer.getByRole('radio')).toHaveCount(0)
  await drawer.getByTestId('rich-text').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Ik heb de nazorg gelezen.')
  await drawer.getByRole('button', { name: 'Opslaan als versie 2' }).click()
  await expect(drawer).toBeHidden()
  await expect(consentRow.getByTestId('document-version')).toHaveText('Versie 2 van 2')
  await consentRow.getByRole('button', { name: `${consentName} bewerken` }).click()
  const history = drawer.getByTestId('version-row')
  await expect(history).toHaveCount(2)
  await expect(history.first()).toContainText('Versie 2')
  await expect(history.first()).toContainText('Huidig')
  await expect(history.nth(1)).toContainText('Versie 1')
  await expect(history.first().getByTestId('version-hash')).toContainText(/SHA-256 [0-9a-f]{12}…/)
  await expect(drawer.getByTestId('rich-text')).toContainText('Ik heb de nazorg gelezen.')
  await drawer.getByTestId('version-history').scrollIntoViewIfNeeded()
  await screenshot(page, 'documents-consent-history-tablet')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'documents-consent-history-phone')
  await page.setViewportSize({ width: 1024, height: 768 })
  await drawer.getByRole('button', { name: 'Annuleren' }).click()
  await expect(drawer).toBeHidden()

  // A PDF information document: a file that is not a PDF is refused; a real one shows its first page.
  await page.getByRole('button', { name: 'Nieuw document' }).first().click()
  await drawer.getByText('PDF-informatiedocument', { exact: true }).click()
  await drawer.getByLabel('Formuliernaam').fill(pdfName)
  await drawer.getByTestId('pdf-input').setInputFiles({
    name: 'nep.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Dit is geen PDF maar platte tekst.\n'),
  })
  await expect(drawer.getByText('Alleen PDF-bestanden kunnen worden geüpload.')).toBeVisible()
  await drawer.getByTestId('pdf-input').setInputFiles({
    name: 'nazorg-peeling.pdf',
    mimeType: 'application/pdf',
    buffer: await aftercarePdf(),
  })
  await expect(drawer.getByTestId('pdf-name')).toHaveText('nazorg-peeling.pdf')
  await expect(drawer.getByTestId('pdf-preview')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
  await expect(drawer.getByRole('img', { name: 'Eerste pagina van nazorg-peeling.pdf' })).toBeVisible()
  await screenshot(page, 'documents-pdf-new-tablet')
  await drawer.getByRole('button', { name: 'Document maken' }).click()
  await expect(drawer).toBeHidden()
  const pdfRow = rows(page).filter({ hasText: pdfName })
  await expect(pdfRow).toContainText('PDF-informatiedocument')

  // Opened again, the preview comes from the stored file.
  await pdfRow.getByRole('button', { name: `${pdfName} bewerken` }).click()
  await expect(drawer.getByTestId('pdf-preview')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
  await expect(drawer.getByText('Archiveren', { exact: true })).toBeVisible()
  await screenshot(page, 'documents-pdf-stored-tablet')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'documents-pdf-stored-phone')
  await drawer.getByRole('button', { name: 'Annuleren' }).click()
  await expect(drawer).toBeHidden()

  await screenshot(page, 'documents-list-phone')
  await page.setViewportSize({ width: 1024, height: 768 })
  await screenshot(page, 'documents-list-tablet')

  // Offline: the replica still lists the documents and their history; changing them says why not.
  await page.context().setOffline(true)
  await expect(page.getByTestId('documents-offline')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Nieuw document' }).first()).toBeDisabled()
  await expect(pdfRow).toBeVisible()
  await consentRow.getByRole('button', { name: `${consentName} bekijken` }).click()
  await expect(drawer.getByTestId('documents-read-only')).toContainText('internetverbinding')
  await expect(drawer.getByRole('button', { name: 'Opslaan als versie 3' })).toBeDisabled()
  await expect(drawer.getByTestId('version-row')).toHaveCount(2)
  await screenshot(page, 'documents-offline-tablet')
  await drawer.getByRole('button', { name: 'Annuleren' }).click()
  await page.context().setOffline(false)
})
