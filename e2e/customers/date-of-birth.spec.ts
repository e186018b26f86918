import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signedInNewOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

/**
 * Issue 7 #18: the date of birth is the app's one date input: the questionnaires' hint
 * (dd-mm-jjjj), a number pad whose missing "-" is put in while typing, and a message that says
 * "31-02-1990" is no date rather than "use the format".
 */
test('date of birth: one hint, dashes typed for you, a non-existent day named (Dutch)', async ({ page, request }) => {
  await useLanguage(page, 'nl')
  const { organisation } = await signedInNewOrganisation(page, request, 'nl')
  await page.goto(`/${organisation.slug}/admin/customers`)
  await page.getByRole('button', { name: 'Klant toevoegen' }).first().click()
  const drawer = page.getByRole('dialog')
  const dob = drawer.getByLabel('Geboortedatum')
  await expect(drawer.getByText('dd-mm-jjjj', { exact: true })).toBeVisible()
  await expect(dob).toHaveAttribute('inputmode', 'numeric')
  await expect(dob).toHaveAttribute('type', 'text')

  await dob.pressSequentially('31021990')
  await expect(dob).toHaveValue('31-02-1990')
  await drawer.getByLabel('Voornaam').fill('Fenna')
  await drawer.getByLabel('Achternaam').fill('de Vries')
  await drawer.getByLabel('E-mailadres').fill(`fenna-${Date.now()}@example.test`)
  await drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(drawer.getByText('31-02-1990 is geen bestaande datum.')).toBeVisible()
  await expect(drawer.getByText(/Gebruik het formaat/)).toHaveCount(0)
  // The cursor goes to the field to fix, and the typed text is still there.
  await expect(dob).toBeFocused()
  await expect(dob).toHaveValue('31-02-1990')
  await screenshotAllSizes(page, 'customer-date-of-birth-invalid')

  await dob.fill('31-1')
  await drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(drawer.getByText('Gebruik het formaat dd-mm-jjjj.')).toBeVisible()
  await dob.fill('')
  await dob.pressSequentially('29021992')
  await drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(drawer).toBeHidden()
})
