import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('sync: an ended session pauses the queue; signing in again sends it and nothing is lost', async ({
  page,
  request,
}) => {
  const { organisation, session, admin } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')

  // The session ends on the server (signed out elsewhere, password reset…).
  const out = await request.post(apiUrl(API.auth.logout), {
    headers: { authorization: `Bearer ${session.token}` },
  })
  expect(out.ok()).toBe(true)

  const u = unique()
  await customers.startCreate()
  await customers.fill({ firstName: 'Paused', lastName: `Klant ${u}`, email: `paused-${u}@example.test` })
  await customers.save()
  await expect(customers.pill()).toHaveText('Sign in again to sync')
  await page.keyboard.press('Escape')
  await expect(customers.drawer).toBeHidden()
  await expect(customers.row(`Paused Klant ${u}`).getByText('Waiting to sync')).toBeVisible()

  await customers.pill().click()
  await page.getByRole('button', { name: 'Sign in again', exact: true }).click()
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  await expect(customers.pill()).toHaveText('Synced', { timeout: 15_000 })
  await expect(customers.row(`Paused Klant ${u}`)).toBeVisible()
  await expect(customers.row(`Paused Klant ${u}`).getByText('Waiting to sync')).toBeHidden()
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('loggedInEmployeeUser') ?? '{}').token)
  const res = await request.get(apiUrl(API.customers.list, { org: organisation.id }), {
    params: { search: u },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(((await res.json()).items as Customer[]).map((c) => c.firstName)).toEqual(['Paused'])
})

test('sync: a session ended on the server keeps the screen whichever request hears it first (the employee refresh too)', async ({
  page,
  request,
}) => {
  const { organisation, session } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  const out = await request.post(apiUrl(API.auth.logout), { headers: { authorization: `Bearer ${session.token}` } })
  expect(out.ok()).toBe(true)
  // Back online: the shell refreshes the employee (GET /employees/me) and the worker syncs; the
  // refresh's 401 used to clear the session and swap the screen for the sign-in page.
  const refreshed = page.waitForResponse((r) => r.url().includes('/employees/me') && r.status() === 401)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await refreshed
  await expect(customers.pill()).toHaveText('Sign in again to sync')
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Password')).toHaveCount(0)
})
