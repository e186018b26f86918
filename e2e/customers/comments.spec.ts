import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 10: comments on the customer file. A comment written offline is kept, marked "not sent
// yet", sent once when the connection is back, and shows on a second tablet.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('comments: written offline is marked pending, syncs once when back online, shows on a second tablet', async ({
  page,
  context,
  browser,
  request,
}) => {
  const o = await englishOrganisation(request)
  const org = o.organisation.id
  const salon = o.session.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${o.session.token}` }
  const u = unique()
  const res = await request.post(apiUrl(API.customers.create, { org }), {
    headers,
    data: { email: `klant-${u}@example.test`, firstName: `Fleur${u}`, lastName: 'de Vries', salonIds: [salon] },
  })
  expect(res.status()).toBe(201)
  const customer = (await res.json()) as Customer
  const serverComments = async () => {
    const r = await request.get(
      apiUrl(API.customerComments.list, { org }, { customerId: customer.id, salonId: salon }),
      { headers },
    )
    expect(r.status()).toBe(200)
    return (await r.json()) as { id: string; text: string; authorName: string; editedAt: string | null }[]
  }

  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await customers.row(customer.fullName).click()
  const section = customers.drawer.getByTestId('customer-comments')
  await expect(section.getByRole('heading', { name: 'Comments' })).toBeVisible()
  await expect(section.getByTestId('comments-empty')).toHaveText('No comments yet.')
  // Adding nothing says what is wrong and writes nothing.
  await section.getByRole('button', { name: 'Add comment' }).click()
  await expect(section.getByText('This field is required.')).toBeVisible()

  await context.setOffline(true)
  const text = `Sensitive skin, no peeling ${u}`
  await section.getByLabel('New comment').fill(text)
  await section.getByRole('button', { name: 'Add comment' }).click()
  const row = section.getByTestId('comment-row').filter({ hasText: text })
  await expect(row).toBeVisible()
  await expect(row).toHaveAttribute('data-pending', 'true')
  await expect(row.getByText('Not sent yet')).toBeVisible()
  await expect(section.getByLabel('New comment')).toHaveValue('')
  expect(await serverComments()).toHaveLength(0)
  await row.scrollIntoViewIfNeeded()
  await screenshotAllSizes(page, 'comments-pending-offline')

  await context.setOffline(false)
  await expect(row).toHaveAttribute('data-pending', 'false', { timeout: 20_000 })
  await expect(row.getByText('Not sent yet')).toBeHidden()
  await expect(customers.pill()).toHaveText('Synced')
  const stored = await serverComments()
  expect(stored).toHaveLength(1)
  expect(stored[0].text).toBe(text)
  // The author is named once the server has it.
  await expect(row.getByText(stored[0].authorName)).toBeVisible()

  // A second tablet (its own browser context and replica) shows it, edits it; the first follows.
  const other = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page2 = await other.newPage()
  await useLanguage(page2, 'en')
  await signInAsEmployee(page2, o.session)
  const customers2 = new CustomersPage(page2)
  await customers2.open(o.organisation.slug)
  await customers2.row(customer.fullName).click()
  const section2 = customers2.drawer.getByTestId('customer-comments')
  const row2 = section2.getByTestId('comment-row').filter({ hasText: text })
  await expect(row2).toBeVisible()
  await expect(row2.getByText(stored[0].authorName)).toBeVisible()
  await row2.getByRole('button', { name: 'Edit' }).click()
  await section2.getByLabel('Edit comment').fill(`${text} (checked)`)
  await section2.getByRole('button', { name: 'Save' }).click()
  await expect(row2.getByTestId('comment-edited')).toHaveText('edited')
  await expect(customers2.pill()).toHaveText('Synced')
  await expect.poll(async () => (await serverComments())[0]?.text).toBe(`${text} (checked)`)
  await row2.scrollIntoViewIfNeeded()
  await screenshotAllSizes(page2, 'comments-second-tablet')

  // The filter: a comment of today shows under each period.
  for (const period of ['Last 7 days', 'Last 30 days', 'All']) {
    await section2.getByText(period, { exact: true }).click()
    await expect(row2).toBeVisible()
  }

  // Delete on the second tablet (plain confirm); it leaves the first at its next sync.
  await row2.getByRole('button', { name: 'Delete' }).click()
  await page2.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row2).toBeHidden()
  await expect(section2.getByTestId('comments-empty')).toBeVisible()
  await expect(customers2.pill()).toHaveText('Synced')
  await expect.poll(async () => (await serverComments()).length).toBe(0)
  await other.close()

  // The first tablet pulls the change (a reload syncs at once).
  await page.reload()
  await customers.row(customer.fullName).click()
  await expect(customers.drawer.getByTestId('customer-comments').getByTestId('comments-empty')).toBeVisible({
    timeout: 20_000,
  })
})
