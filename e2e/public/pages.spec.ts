import { expect, test } from '@playwright/test'
import { DEMO, screenshotAllSizes, signInAsEmployee, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { signInGlobalAdmin } from '../fixtures/global-admin'

test('overview offers staff sign-in and creating an organisation; Dutch by default', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: /Inloggen voor medewerkers/ })).toBeVisible()
  await screenshotAllSizes(page, 'overview')
  await page.getByRole('link', { name: /Organisatie aanmaken/ }).click()
  await expect(page).toHaveURL(/\/start$/)
  await expect(page.getByRole('heading', { name: 'Maak je organisatie aan' })).toBeVisible()
})

test('overview sends a signed-in employee to their staff area', async ({ page, request }) => {
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))
  await page.goto('/')
  await expect(page).toHaveURL(/\/demo\/admin\/dashboard$/)
  // `/admin/<screen>` opens the same screen in the employee's own area.
  await page.goto('/admin/branches')
  await expect(page).toHaveURL(/\/demo\/admin\/branches$/)
})

test('terms and conditions in both languages', async ({ page }) => {
  await page.goto('/terms-and-conditions')
  await expect(page.getByRole('heading', { name: 'Algemene voorwaarden' })).toBeVisible()
  await screenshotAllSizes(page, 'terms')
  await page.evaluate(() => localStorage.setItem('language', 'en'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible()
})

test('unknown deep paths show the 404 page; inside the staff area only after signing in, in the shell', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en')
  await page.goto('/no-such-page/at/all')
  await expect(page.getByText('Error 404 - Unfortunately this page not found')).toBeVisible()
  // The staff area asks who you are before it says what is not there (it names no screens to strangers).
  await page.goto('/demo/admin/no-such-screen/at-all')
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible()
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))
  await page.goto('/demo/admin/no-such-screen/at-all')
  await expect(page.getByText('Error 404 - Unfortunately this page not found')).toBeVisible()
  await expect(page.getByRole('navigation').first()).toBeVisible()
})

test('global admin: sign in, empty shell, sign out; offline shows a plain notice', async ({
  page,
  context,
  request,
}) => {
  await useLanguage(page, 'en')
  await page.goto('/global-admin')
  await expect(page.getByRole('heading', { name: 'Platform administration' })).toBeVisible()
  await screenshotAllSizes(page, 'global-admin-sign-in')
  await page.getByLabel('E-mail address').fill('admin@platform.test')
  await page.getByLabel('Password').fill('Wrong-Password-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid e-mail address or password.')).toBeVisible()
  // Issue 23: the password, then the code from the authenticator app.
  await signInGlobalAdmin(page, request)
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible()
  await screenshotAllSizes(page, 'global-admin')

  await context.setOffline(true)
  await expect(page.getByText('Platform administration works online only.')).toBeVisible()
  await screenshotAllSizes(page, 'global-admin-offline')
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})

// Issue 7 #16 changed this screen: a chunk that does not load is treated as a stale version
// (one reload, then a translated screen with Reload), never the raw import error.
test('a screen that fails to load shows a translated fallback, never the technical reason', async ({ page }) => {
  await useLanguage(page, 'en')
  await page.route('**/assets/terms-page-*.js', (route) => route.abort())
  await page.goto('/terms-and-conditions')
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible()
  await expect(page.getByText(/dynamically imported module|Failed to fetch|\.js/)).toHaveCount(0)
  await screenshotAllSizes(page, 'router-error')
})
