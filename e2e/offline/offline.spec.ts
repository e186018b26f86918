import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { screenshotAllSizes, signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('offline: edit and add customers offline, reload offline, then sync when back online', async ({
  page,
  context,
  request,
}) => {
  const { organisation, session } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)

  // Online: add a customer and wait until the server has it.
  const u = unique()
  await customers.startCreate()
  await customers.fill({ firstName: 'Online', lastName: `Klant ${u}`, email: `online-${u}@example.test` })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.pill()).toHaveText('Synced')

  // The service worker must control the page before the network goes away.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)

  await context.setOffline(true)
  await expect(customers.pill()).toHaveText('Offline')

  await customers.row(`Online Klant ${u}`).click()
  await customers.fill({ city: 'Zwolle' })
  await customers.save()
  await expect(page.getByText('Saved on this device.', { exact: false })).toBeVisible()
  await customers.startCreate()
  await customers.fill({ firstName: 'Offline', lastName: `Klant ${u}`, email: `offline-${u}@example.test` })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.pill()).toHaveText('Offline, 2 waiting')
  await expect(customers.row(`Online Klant ${u}`).getByText('Waiting to sync')).toBeVisible()
  await expect(customers.row(`Offline Klant ${u}`).getByText('Waiting to sync')).toBeVisible()

  // Reload without a network: the service worker serves the shell, the replica the data.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await expect(customers.row(`Online Klant ${u}`).getByText('Waiting to sync')).toBeVisible()
  await expect(customers.row(`Offline Klant ${u}`).getByText('Waiting to sync')).toBeVisible()
  await expect(customers.pill()).toHaveText('Offline, 2 waiting')
  await screenshotAllSizes(page, 'customers-offline')
  await customers.pill().click()
  await screenshotAllSizes(page, 'customers-offline-pill')
  await page.keyboard.press('Escape')

  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Synced', { timeout: 20_000 })
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)

  const res = await request.get(apiUrl(API.customers.list, { org: organisation.id }), {
    params: { search: u },
    headers: { authorization: `Bearer ${session.token}` },
  })
  const items = (await res.json()).items as Customer[]
  expect(items.map((c) => [c.firstName, c.city]).sort()).toEqual([
    ['Offline', null],
    ['Online', 'Zwolle'],
  ])
})
