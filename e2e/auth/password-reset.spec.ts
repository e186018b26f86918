import { expect, test } from '@playwright/test'
import { createOrganisationViaApi, latestMail, screenshotAllSizes } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('forgot password: request, follow the mailed link, set a new password, sign in with it', async ({
  page,
  request,
}) => {
  const { organisation, admin } = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Request password reset' })).toBeVisible()
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByRole('button', { name: 'Send link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  await screenshotAllSizes(page, 'reset-requested')

  const mail = await latestMail(request, admin.email)
  const link = mail.text.match(/https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/)?.[0]
  expect(link, mail.text).toBeTruthy()
  const url = new URL(link!)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()

  await page.getByLabel('New password').fill('New-Password-9')
  await page.getByLabel('Confirm password').fill('New-Password-8')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('Passwords do not match!')).toBeVisible()
  await screenshotAllSizes(page, 'reset-password')

  await page.getByLabel('Confirm password').fill('New-Password-9')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('heading', { name: 'Password saved' })).toBeVisible()

  // The link is single use.
  await page.goto(`${url.pathname}${url.search}`)
  await page.getByLabel('New password').fill('Other-Password-7')
  await page.getByLabel('Confirm password').fill('Other-Password-7')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible()

  await page.goto('/admin')
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill('New-Password-9')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`/${organisation.slug}/admin/dashboard$`))
})
