import { type APIRequestContext, expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { screenshotAllSizes, signInAsEmployee, unique, englishOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

// Issue 10: soft delete, the include-deleted filter and restore (offline too); the permanent
// delete removes the customer from a second tablet; bulk delete and restore.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

async function organisation(request: APIRequestContext) {
  const o = await englishOrganisation(request)
  return { ...o, post: (fields: Partial<Customer> = {}) => o.postCustomer([o.salon], fields), get: o.getCustomer }
}

test('delete, include-deleted filter and restore, offline too', async ({ page, context, request }) => {
  const o = await organisation(request)
  const anna = await o.post({ firstName: 'Anna', lastName: `Weg ${unique()}` })
  await o.post({ firstName: 'Blijft', lastName: `Hier ${unique()}` })
  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  const d = customers.drawer

  await customers.row(anna.fullName).click()
  await d.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(d).toBeHidden()
  await expect(customers.row(anna.fullName)).toBeHidden()
  await expect.poll(async () => ((await (await o.get(anna.id)).json()) as Customer).deleted).toBe(true)

  await page.getByLabel('Include deleted').check()
  await expect(customers.row(anna.fullName).getByText('Deleted')).toBeVisible()
  await screenshotAllSizes(page, 'customers-include-deleted')
  await customers.row(anna.fullName).click()
  await expect(d.getByText('This customer is deleted')).toBeVisible()
  await screenshotAllSizes(page, 'customer-deleted-file')

  // Restored offline: shown at once, sent when the connection is back.
  await context.setOffline(true)
  await d.getByRole('button', { name: 'Restore' }).click()
  await expect(d.getByText('This customer is deleted')).toBeHidden()
  await expect(d.getByText('Needs an internet connection.').first()).toBeVisible()
  await context.setOffline(false)
  await expect
    .poll(async () => ((await (await o.get(anna.id)).json()) as Customer).deleted, { timeout: 15_000 })
    .toBe(false)
})

test('permanent delete: names what goes, asks for the name, and a second tablet drops the customer', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const o = await organisation(request)
  const gone = await o.post({ firstName: 'Vera', lastName: `Vergeten ${unique()}` })
  // The second tablet has the customer in its replica.
  const other = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } })
  const tablet = await other.newPage()
  await useLanguage(tablet, 'en')
  await signInAsEmployee(tablet, o.session)
  const second = new CustomersPage(tablet)
  await second.open(o.organisation.slug)
  await expect(second.row(gone.fullName)).toBeVisible()

  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  await customers.row(gone.fullName).click()
  await customers.drawer.getByRole('button', { name: 'Delete permanently' }).click()
  const dialog = page.getByTestId('hard-delete-dialog')
  await expect(dialog.getByText('0 questionnaires with all their answers')).toBeVisible()
  const confirm = page.getByRole('dialog', { name: /permanently/ }).getByRole('button', { name: 'Delete permanently' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel("Customer's name").fill('someone else')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel("Customer's name").fill(gone.fullName)
  await screenshotAllSizes(page, 'customer-hard-delete')
  await confirm.click()
  await expect(page.getByText(`${gone.fullName} and everything about them were deleted.`)).toBeVisible()
  await expect(customers.row(gone.fullName)).toBeHidden()
  expect((await o.get(gone.id)).status()).toBe(404)

  // The other tablet drops them at its next sync (a reload syncs at once).
  await tablet.reload()
  await expect(second.row(gone.fullName)).toBeHidden({ timeout: 15_000 })
  await tablet.getByLabel('Include deleted').check()
  await expect(second.row(gone.fullName)).toBeHidden()
  await other.close()
})

test('bulk delete and restore from the selection', async ({ page, request }) => {
  const o = await organisation(request)
  const tag = unique()
  const people = [await o.post({ lastName: `Bulk ${tag} A` }), await o.post({ lastName: `Bulk ${tag} B` })]
  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  for (const c of people) await page.getByRole('checkbox', { name: c.fullName }).check()
  const bar = page.getByTestId('selection-bar')
  await screenshotAllSizes(page, 'customers-bulk-selection')
  await bar.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('2 customers deleted.')).toBeVisible()
  for (const c of people) await expect(customers.row(c.fullName)).toBeHidden()
  for (const c of people)
    await expect.poll(async () => ((await (await o.get(c.id)).json()) as Customer).deleted).toBe(true)

  await page.getByLabel('Include deleted').check()
  for (const c of people) await page.getByRole('checkbox', { name: c.fullName }).check()
  await bar.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('2 customers restored.')).toBeVisible()
  for (const c of people)
    await expect.poll(async () => ((await (await o.get(c.id)).json()) as Customer).deleted).toBe(false)
})
