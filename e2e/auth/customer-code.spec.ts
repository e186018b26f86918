import { expect, test } from '@playwright/test'
import { screenshotAllSizes } from '../fixtures/api'
import { CustomerSignInPage } from '../pages/customer-sign-in'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const EMAIL = 'klant@demo.salon'

test('customer signs in with the e-mailed code; a wrong code says so', async ({ page, request }) => {
  await page.goto('/demo')
  await expect(page.getByText('Salon Lumière')).toBeVisible()
  await screenshotAllSizes(page, 'customer-sign-in')

  const signIn = new CustomerSignInPage(page, request, 'en')
  await signIn.requestCode(EMAIL)
  await expect(page.getByLabel('Login code')).toBeVisible()
  const code = await signIn.codeFromMail(EMAIL)

  const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ'
  await signIn.enterCode(wrong)
  await expect(page.getByText('Invalid login code: try again.')).toBeVisible()
  await screenshotAllSizes(page, 'customer-code')

  await signIn.enterCode(code.toLowerCase())
  await expect(page.getByRole('heading', { name: /^Hello / })).toBeVisible()
  await screenshotAllSizes(page, 'customer-landing')

  // The language switch changes the screen at once and saves the choice as the customer's (mails follow it).
  const saved = page.waitForResponse((r) => r.url().endsWith('/customers/me') && r.request().method() === 'PUT')
  await page.getByRole('radio', { name: 'Nederlands' }).check()
  expect((await (await saved).json()).language).toBe('nl')
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible()
  const back = page.waitForResponse((r) => r.url().endsWith('/customers/me') && r.request().method() === 'PUT')
  await page.getByRole('radio', { name: 'English' }).check()
  expect((await (await back).json()).language).toBe('en')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible()
})

test('an unknown salon address shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-salon-here')
  await expect(page.getByText('Error 404 - Unfortunately this page not found')).toBeVisible()
})
