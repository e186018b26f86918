import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signedInNewOrganisation, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { createCustomer, demoStaff, openCustomer } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('customer activity: sign-in attempts listed, filtered by period, and an offline notice', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff)
  const auth = apiUrl(API.auth.customerLoginRequest, { org: 'demo' })
  expect((await request.post(auth, { data: { email: customer.email } })).ok()).toBe(true)
  const wrong = await request.post(`${auth}/verify`, { data: { email: customer.email, code: 'ZZZZZZ' } })
  expect(wrong.ok()).toBe(false)
  await signInAsEmployee(page, staff.session)

  await openCustomer(page, customer.email, customer.fullName, 'Activity')
  const activity = page.getByTestId('customer-activity')
  await expect(activity.getByTestId('activity-row').filter({ hasText: 'Login code requested' })).toBeVisible()
  await expect(activity.getByTestId('activity-row').filter({ hasText: 'Sign-in failed' })).toBeVisible()
  await expect(activity.getByRole('radio', { name: 'All' })).toBeChecked()

  // The filter asks the server for that period (spec §9: last 7 days, last 30 days, all).
  const asked = page.waitForRequest((r) => r.url().includes('/customers/activities') && r.url().includes('period=7d'))
  await activity.getByText('Last 7 days').click()
  await asked
  await expect(activity.getByRole('radio', { name: 'Last 7 days' })).toBeChecked()
  await expect(activity.getByTestId('activity-row')).toHaveCount(2)
  await activity.getByText('Last 30 days').click()
  await expect(activity.getByTestId('activity-row')).toHaveCount(2)
  await screenshotAllSizes(page, 'customer-activity')

  // Offline: the activity lives on the server, and the drawer says so instead of failing.
  await context.setOffline(true)
  await expect(activity.getByTestId('activity-offline')).toBeVisible()
  await expect(activity.getByTestId('activity-row')).toHaveCount(0)
  await context.setOffline(false)
  await expect(activity.getByTestId('activity-row')).toHaveCount(2)
})

test('dashboard: the landing screen of a new organisation says what to do when nothing is filled in', async ({
  page,
  request,
}) => {
  const { organisation } = await signedInNewOrganisation(page, request)
  await page.goto(`/${organisation.slug}/admin`)
  await expect(page).toHaveURL(new RegExp(`/${organisation.slug}/admin/dashboard$`))
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText('No questionnaires filled in yet')).toBeVisible()
  await expect(page.getByTestId('count-today')).toContainText('0')
  await screenshotAllSizes(page, 'dashboard-empty')
  await page.getByRole('link', { name: 'Go to customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
})
