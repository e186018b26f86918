import { expect, test } from '@playwright/test'
import { CustomersPage } from '../pages/customers'
import { screenshotAllSizes, signedInNewOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

test('signing out with unsent changes warns first; cancelling keeps the session', async ({
  page,
  context,
  request,
}) => {
  await useLanguage(page, 'en')
  const { organisation } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toContainText('Synced')

  await context.setOffline(true)
  await customers.startCreate()
  await customers.fill({ firstName: 'Lotte', lastName: 'Bakker', email: `lotte-${Date.now()}@example.test` })
  await customers.save()
  await expect(customers.row('Lotte Bakker')).toBeVisible()

  await page.getByTestId('profile-button').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  const warning = page.getByRole('alertdialog', { name: 'Sign out anyway?' })
  await expect(warning).toContainText('1 change has not been sent to the server yet.')
  await screenshotAllSizes(page, 'sign-out-warning')
  await warning.getByRole('button', { name: 'Cancel' }).click()
  await expect(warning).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('loggedInEmployeeUser'))).not.toBeNull()

  // Back online the change is sent; then signing out asks nothing.
  await context.setOffline(false)
  await expect(customers.pill()).toContainText('Synced', { timeout: 20_000 })
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible()
})
