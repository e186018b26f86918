import { expect, type Page, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

// Issue 10: the owner defines custom fields, fills them in for a customer in the drawer, and sees
// them as columns of the customer list.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const fieldRow = (page: Page, name: string) => page.getByTestId('custom-field-row').filter({ hasText: name })

test('custom fields: the owner defines text, choice and yes/no fields, fills them for a customer and shows them as list columns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000)
  const created = await englishOrganisation(request)
  const slug = created.organisation.slug
  const headers = { authorization: `Bearer ${created.session.token}` }
  await signInAsEmployee(page, created.session)
  await page.goto(`/${slug}/admin/dashboard`)
  await page.getByRole('navigation').getByRole('link', { name: 'Custom fields' }).click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/custom-fields$`))
  await expect(page.getByRole('heading', { name: 'Custom fields', level: 1 })).toBeVisible()
  await expect(page.getByText('No custom fields yet')).toBeVisible()

  // Display name is required (the spec's message); the property name follows the display name.
  await page.getByRole('button', { name: 'Add field' }).first().click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('button', { name: 'Create field' }).click()
  await expect(drawer.getByText('Display name is required.')).toBeVisible()
  await expect(drawer.getByText('Property name is required.')).toBeVisible()
  await drawer.getByLabel('Display name').fill('Favourite treatment')
  await expect(drawer.getByLabel('Property name')).toHaveValue('favouriteTreatment')
  await drawer.getByRole('button', { name: 'Create field' }).click()
  await expect(drawer).toBeHidden()
  await expect(fieldRow(page, 'Favourite treatment')).toContainText('favouriteTreatment')

  // A choice field: its options.
  await page.getByRole('button', { name: 'Add field' }).first().click()
  await drawer.getByLabel('Display name').fill('Skin type')
  await drawer.getByLabel('Type').selectOption('option')
  await drawer.getByRole('button', { name: 'Create field' }).click()
  await expect(drawer.getByText('A choice field needs at least one option.')).toBeVisible()
  await drawer.getByRole('textbox', { name: 'Option 1' }).fill('Dry')
  await drawer.getByRole('button', { name: 'Add option' }).click()
  await drawer.getByRole('textbox', { name: 'Option 2' }).fill('Oily')
  await drawer.getByRole('button', { name: 'Add option' }).click()
  await drawer.getByRole('textbox', { name: 'Option 3' }).fill('Combination')
  await screenshotAllSizes(page, 'custom-field-drawer-option')
  await drawer.getByRole('button', { name: 'Create field' }).click()
  await expect(drawer).toBeHidden()
  await expect(fieldRow(page, 'Skin type')).toContainText('Dry, Oily, Combination')

  // A yes/no field, then moved to the top.
  await page.getByRole('button', { name: 'Add field' }).first().click()
  await drawer.getByLabel('Display name').fill('Newsletter')
  await drawer.getByLabel('Type').selectOption('boolean')
  await drawer.getByRole('button', { name: 'Create field' }).click()
  await expect(drawer).toBeHidden()
  await page.getByRole('button', { name: 'Move Newsletter up' }).click()
  await expect(page.getByTestId('custom-field-row').nth(1)).toContainText('Newsletter')
  await page.getByRole('button', { name: 'Move Newsletter up' }).click()
  await expect(page.getByTestId('custom-field-row').first()).toContainText('Newsletter')
  await screenshotAllSizes(page, 'custom-fields')

  // Offline the list stays; changing it says plainly that it needs the internet.
  await context.setOffline(true)
  await expect(page.getByText('Changing custom fields needs an internet connection.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add field' }).first()).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Move Newsletter up' })).toHaveCount(0)
  await page.getByRole('button', { name: 'View Skin type' }).click()
  await expect(drawer.getByTestId('custom-field-read-only')).toHaveText(
    'Changing custom fields needs an internet connection.',
  )
  await screenshotAllSizes(page, 'custom-field-drawer-offline')
  await drawer.getByRole('button', { name: 'Cancel' }).click()
  await context.setOffline(false)

  // A customer with the fields filled in, in the drawer under their own heading.
  const customers = new CustomersPage(page)
  await customers.open(slug)
  await customers.startCreate()
  const u = unique()
  await customers.fill({ firstName: 'Iris', lastName: `Custom${u}`, email: `iris-${u}@example.test` })
  const d = customers.drawer
  const section = d.getByTestId('customer-custom-fields')
  await expect(section.getByRole('heading', { name: 'Custom fields' })).toBeVisible()
  await section.getByLabel('Favourite treatment').fill('Facial')
  await section.getByLabel('Skin type').selectOption('Oily')
  await section.getByRole('group', { name: 'Newsletter' }).getByLabel('Yes').check()
  await section.scrollIntoViewIfNeeded()
  await screenshotAllSizes(page, 'customer-drawer-custom-fields')
  await customers.save()
  await expect(d).toBeHidden()

  // The list: custom fields as columns, chosen per device and kept after a reload.
  const row = customers.row(`Custom${u}`)
  await expect(row).toBeVisible()
  await page.getByTestId('column-picker').click()
  const picker = page.getByRole('dialog', { name: 'Show columns' })
  await picker.getByLabel('Skin type').check()
  await picker.getByLabel('Newsletter').check()
  await picker.getByRole('button', { name: 'Close' }).last().click()
  await expect(page.getByTestId('custom-column-header')).toHaveText(['Newsletter', 'Skin type'])
  await expect(row.getByTestId('custom-column-cell')).toHaveText(['yes', 'Oily'])
  await page.reload()
  await expect(customers.row(`Custom${u}`).getByTestId('custom-column-cell')).toHaveText(['yes', 'Oily'])
  await screenshotAllSizes(page, 'customers-custom-columns')

  // Stored on the server as the field's typed values.
  await expect
    .poll(async () => {
      const res = await request.get(
        apiUrl(API.customers.list, { org: created.organisation.id }, { search: `Custom${u}` }),
        {
          headers,
        },
      )
      const items = (await res.json()).items as Customer[]
      return items[0]?.customValues
    })
    .toEqual({ favouriteTreatment: 'Facial', skinType: 'Oily', newsletter: true })
})
