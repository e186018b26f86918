import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// Issue 21 #8: the contract's rules bite where the data is typed, offline too, before anything is queued.
test('offline: a new customer with phone "12345" gets the spec’s message at the field and nothing is queued', async ({
  page,
  context,
  request,
}) => {
  const { organisation } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await context.setOffline(true)
  await expect(customers.pill()).toHaveText('Offline')

  const u = unique()
  await customers.startCreate()
  await customers.fill({ firstName: 'Noor', lastName: `Kort ${u}`, email: `kort-${u}@example.test`, phone: '12345' })
  await customers.save()
  const phone = customers.drawer.getByLabel('Phone number', { exact: true })
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toBeFocused()
  await expect(
    customers.drawer.getByText(
      'Phone number must be in the international format: a plus sign, then at least 7 digits.',
    ),
  ).toBeVisible()
  await screenshotAllSizes(page, 'offline-phone-refused')

  // Nothing was saved or queued: no row, no toast, the pill has nothing waiting.
  await expect(page.getByText('Customer added')).toHaveCount(0)
  await expect(customers.pill()).toHaveText('Offline')
  await expect(customers.row(`Noor Kort ${u}`)).toHaveCount(0)
  expect(
    await page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => !!n)
      let queued = 0
      for (const name of names) {
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const r = indexedDB.open(name)
          r.onsuccess = () => ok(r.result)
          r.onerror = () => fail(r.error)
        })
        if (db.objectStoreNames.contains('outbox'))
          queued += await new Promise<number>((ok) => {
            const r = db.transaction('outbox').objectStore('outbox').count()
            r.onsuccess = () => ok(r.result)
          })
        db.close()
      }
      return queued
    }),
  ).toBe(0)
})
