import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { screenshotAllSizes, signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { serviceWorkerInControl, writeReplicaMeta } from './replica-meta'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// Issue 21 #3: the receptionist's session ends while the tablet has no connection.
test('offline: a session that ends offline keeps the replica open and queues work; back online, signing in sends it', async ({
  page,
  context,
  request,
}) => {
  // Offline, a reload and screenshots at three sizes: longer than one screen's check.
  test.slow()
  const { organisation, session, admin } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await serviceWorkerInControl(page)

  await context.setOffline(true)
  await expect(customers.pill()).toHaveText('Offline')
  // Time passes offline: the session ends on the server and, as far as the tablet knows, here too.
  const ended = new Date(Date.now() - 60_000).toISOString()
  expect(
    (await request.post(apiUrl(API.auth.logout), { headers: { authorization: `Bearer ${session.token}` } })).ok(),
  ).toBe(true)
  await page.evaluate((expiresAt) => {
    const stored = JSON.parse(localStorage.getItem('loggedInEmployeeUser') ?? '{}')
    localStorage.setItem('loggedInEmployeeUser', JSON.stringify({ ...stored, expiresAt }))
  }, ended)
  await writeReplicaMeta(page, 'sessionExpiresAt', ended)

  // The tablet is opened again the next morning, still offline: her replica, not a sign-in screen.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await expect(customers.pill()).toHaveText('Offline · sign-in needed')
  const u = unique()
  await customers.startCreate()
  await customers.fill({ firstName: 'Expired', lastName: `Klant ${u}`, email: `expired-${u}@example.test` })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.row(`Expired Klant ${u}`).getByText('Waiting to sync')).toBeVisible()
  await customers.pill().click()
  await expect(page.getByText('Your sign-in has expired. You can keep working')).toBeVisible()
  // Signing in needs the network: not offered until it is back.
  await expect(page.getByRole('button', { name: 'Sign in again', exact: true })).toHaveCount(0)
  await screenshotAllSizes(page, 'session-expired-offline-pill')
  await page.keyboard.press('Escape')

  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Sign in again to sync')
  await customers.pill().click()
  await page.getByRole('button', { name: 'Sign in again', exact: true }).click()
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(customers.pill()).toHaveText('Synced', { timeout: 20_000 })
  await expect(customers.row(`Expired Klant ${u}`)).toBeVisible()
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('loggedInEmployeeUser') ?? '{}').token)
  const res = await request.get(apiUrl(API.customers.list, { org: organisation.id }), {
    params: { search: u },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(((await res.json()).items as Customer[]).map((c) => c.firstName)).toEqual(['Expired'])
})
