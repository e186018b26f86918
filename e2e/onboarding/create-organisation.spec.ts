import { expect, test } from '@playwright/test'
import { createOrganisationViaApi, screenshotAllSizes, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('create-organisation redirects to start, replacing the history entry', async ({ page }) => {
  await page.goto('/terms-and-conditions')
  await page.goto('/create-organisation')
  await expect(page).toHaveURL(/\/start$/)
  await expect(page.getByRole('heading', { name: 'Create your organisation' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/terms-and-conditions$/)
})

test('start: validation, slug taken, passwords mismatch, then the new admin lands in the staff area', async ({
  page,
  request,
}) => {
  const existing = await createOrganisationViaApi(request)
  await page.goto('/start')
  await screenshotAllSizes(page, 'start-empty')

  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByText('Legal company name is required.')).toBeVisible()
  await expect(page.getByText('Company name to use is required.')).toBeVisible()
  await expect(page.getByText('VAT Number is required.')).toBeVisible()
  await expect(page.getByText('Valid email address is required.')).toBeVisible()

  const u = unique()
  await page.getByLabel('Legal company name').fill(`Huid & Ziel ${u} B.V.`)
  await page.getByLabel('Company name to use').fill(`Huid & Ziel ${u}`)
  // The web address follows the company name until typed by hand.
  await expect(page.getByLabel('Web address')).toHaveValue(`huid-ziel-${u}`)
  await expect(page.getByText('is available')).toBeVisible()

  await page.getByLabel('Web address').fill(existing.organisation.slug)
  await expect(page.getByText('Web address is already in use.')).toBeVisible()
  await page.getByLabel('Web address').fill('admin')
  await expect(page.getByText('Web address is already in use.')).toBeVisible()
  const slug = `huid-ziel-${u}`
  await page.getByLabel('Web address').fill(slug)
  await expect(page.getByText('is available')).toBeVisible()

  await page.getByLabel('VAT number').fill('NL001234567B01')
  await page.getByLabel('Invoice language').selectOption('en')
  await page.getByLabel('Contact person').fill('Noor Jansen')
  await page.getByLabel('Address line 1').fill('Prinsengracht 100')
  await page.getByLabel('Postal code').fill('1015 EA')
  await page.getByLabel('City').fill('Amsterdam')
  await page.getByLabel('Branch name').fill('Jordaan')
  await page.getByLabel('First name').fill('Noor')
  await page.getByLabel('Last name').fill('Jansen')
  await page.getByLabel('E-mail address').fill(`noor-${u}@example.test`)
  await page.getByLabel('Password', { exact: true }).fill('weak')
  await page.getByLabel('Confirm password').fill('Different-1')
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByText('Password must contain at least one lowercase letter')).toBeVisible()
  await expect(page.getByText('Passwords do not match!')).toBeVisible()
  await screenshotAllSizes(page, 'start-errors')

  await page.getByLabel('Password', { exact: true }).fill('Noor-Salon-1')
  await page.getByLabel('Confirm password').fill('Noor-Salon-1')
  await page.getByRole('button', { name: 'Create organisation' }).click()

  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/dashboard$`))
  await expect(page.getByTestId('side-nav')).toBeVisible()
  await expect(page.getByText('Jordaan')).toBeVisible()
  const stored = await page.evaluate(() => ({
    session: JSON.parse(localStorage.getItem('loggedInEmployeeUser') ?? 'null'),
    slug: localStorage.getItem('slug'),
  }))
  expect(stored.session.employee.email).toBe(`noor-${u}@example.test`)
  expect(stored.slug).toBe(slug)
})
