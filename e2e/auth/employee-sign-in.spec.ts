import { expect, test } from '@playwright/test'
import { createOrganisationViaApi, screenshotAllSizes } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('employee signs in at /admin, sees the staff area, and signs out', async ({ page, request }) => {
  const { organisation, admin } = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible()
  await screenshotAllSizes(page, 'admin-sign-in')

  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Valid email address is required.')).toBeVisible()

  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill('Wrong-Password-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid e-mail address or password.')).toBeVisible()
  await screenshotAllSizes(page, 'admin-sign-in-error')

  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`/${organisation.slug}/admin/dashboard$`))
  await expect(page.getByTestId('side-nav')).toBeVisible()

  // Signed in, /admin goes straight to the own staff area.
  await page.goto('/admin')
  await expect(page).toHaveURL(new RegExp(`/${organisation.slug}/admin/dashboard$`))

  await page.getByTestId('profile-button').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('loggedInEmployeeUser'))).toBeNull()
})

test('employee signs in at /{slug}/admin with the salon name shown; unknown slug is a 404', async ({
  page,
  request,
}) => {
  const { organisation, admin } = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  await page.goto(`/${organisation.slug}/admin`)
  await expect(page.getByText(organisation.companyName)).toBeVisible()
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`/${organisation.slug}/admin/dashboard$`))

  // Another organisation's staff area asks to sign in there and says who is signed in now.
  await page.goto('/demo/admin/customers')
  await expect(page.getByText(`You are signed in to ${organisation.companyName}.`)).toBeVisible()
  await expect(page.getByTestId('side-nav')).toHaveCount(0)

  await page.goto('/no-such-salon-here/admin')
  await expect(page.getByText('Error 404 - Unfortunately this page not found')).toBeVisible()
  await screenshotAllSizes(page, 'not-found')
})
