import { expect, test } from '@playwright/test'
import { signedInNewOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

// Issue 20: My profile's device name field runs on the form engine: Save shows only for a
// changed name, saving keeps it on this device (seen again after a reload).
test('my profile: the device is renamed and keeps its name', async ({ page, request }) => {
  await useLanguage(page, 'en')
  const { organisation } = await signedInNewOrganisation(page, request, 'en')
  await page.goto(`/${organisation.slug}/admin/kiosk`)
  await page.getByRole('link', { name: 'Staff screens' }).click()
  await page.getByTestId('profile-button').click()
  const section = page.getByRole('dialog', { name: 'My profile' }).getByTestId('kiosk-pin-section')
  const field = section.getByLabel('Name of this device')
  await expect(field).toHaveValue('')
  await expect(section.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await field.fill('Tablet balie ')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(section.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(field).toHaveValue('Tablet balie')

  await page.reload()
  await page.getByTestId('profile-button').click()
  await expect(
    page.getByRole('dialog', { name: 'My profile' }).getByTestId('kiosk-pin-section').getByLabel('Name of this device'),
  ).toHaveValue('Tablet balie')
})
