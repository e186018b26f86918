import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signedInNewOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { serviceWorkerInControl, writeReplicaMeta } from './replica-meta'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// Issue 21 #5.
test('offline: when the browser will not keep the app’s storage, the tablet says so and how to keep it', async ({
  page,
  request,
}) => {
  // As Safari in a tab, or Chrome for a site that is not installed: persist() answers false.
  await page.addInitScript(() => {
    if (navigator.storage) navigator.storage.persist = () => Promise.resolve(false)
  })
  const { organisation } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  const notice = page.getByRole('region', { name: 'Offline data may be removed' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('install the app')
  await screenshotAllSizes(page, 'storage-not-kept-notice')
  await notice.getByRole('button', { name: 'I understand' }).click()
  await expect(notice).toBeHidden()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await expect(customers.pill()).toHaveText('Synced')
  await expect(notice).toBeHidden()
})

test('offline: a tablet whose last successful sync is more than a day old says so in the pill', async ({
  page,
  context,
  request,
}) => {
  // Offline, a reload and screenshots at three sizes: longer than one screen's check.
  test.slow()
  const { organisation } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await serviceWorkerInControl(page)
  await context.setOffline(true)
  await expect(customers.pill()).toHaveText('Offline')
  // Two days offline: the last successful sync is what the engine left then.
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000 - 60_000).toISOString()
  await writeReplicaMeta(page, 'status', { state: 'offline', lastSyncAt: twoDaysAgo, message: null })
  await page.reload()
  await expect(customers.pill()).toHaveText('Not synced for 2 days')
  await customers.pill().click()
  await expect(page.getByText('This device has not synchronised for more than a day')).toBeVisible()
  await screenshotAllSizes(page, 'sync-pill-stale')
  await page.keyboard.press('Escape')

  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Synced', { timeout: 20_000 })
})
