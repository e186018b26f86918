import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import {
  createOrganisationViaApi,
  organisationInput,
  screenshotAllSizes,
  signInAsEmployee,
  unique,
} from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from './customers-page'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

async function englishOrganisation(request: Parameters<typeof createOrganisationViaApi>[0]) {
  const input = organisationInput()
  return createOrganisationViaApi(request, { admin: { ...input.admin, language: 'en' } })
}

test('customers: add with validation, e-mail taken, search in the URL, edit — all through the replica', async ({
  page,
  request,
}) => {
  const { organisation, session } = await englishOrganisation(request)
  await signInAsEmployee(page, session)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(page.getByText('No customers yet — add your first')).toBeVisible()
  await expect(customers.pill()).toHaveText('Synced')
  await screenshotAllSizes(page, 'customers-empty')

  await customers.startCreate()
  await customers.save()
  await expect(customers.drawer.getByText('Valid email address is required.')).toBeVisible()
  await expect(customers.drawer.getByText('This field is required.').first()).toBeVisible()

  const u = unique()
  const email = `anna-${u}@example.test`
  await customers.fill({ firstName: 'Anna', lastName: `Jansen ${u}`, email, phone: '0612', dob: '31-02-1990' })
  await customers.save()
  await expect(
    customers.drawer.getByText(
      'Phone number must be in the international format: a plus sign, then at least 7 digits.',
    ),
  ).toBeVisible()
  await expect(customers.drawer.getByText('Use the format dd-MM-yyyy.')).toBeVisible()
  await customers.fill({ phone: '+31612345678', dob: '14-03-1990', city: 'Amsterdam' })
  await screenshotAllSizes(page, 'customers-drawer')
  await customers.save()
  await expect(page.getByText('Customer added')).toBeVisible()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.row(`Anna Jansen ${u}`)).toBeVisible()
  await expect(customers.row(`Anna Jansen ${u}`).getByText('Waiting to sync')).toBeHidden()

  // The same e-mail again: the server refuses it and the drawer says so (spec §8 text).
  await customers.startCreate()
  await customers.fill({ firstName: 'Other', lastName: `Person ${u}`, email })
  await customers.drawer.getByLabel('City').focus()
  await expect(customers.drawer.getByText('Customer with given email address already exists.')).toBeVisible()
  await customers.save()
  await expect(customers.drawer.getByText('Customer with given email address already exists.').first()).toBeVisible()
  await customers.fill({ email: `other-${u}@example.test` })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.row(`Other Person ${u}`)).toBeVisible()

  // Search lives in the URL.
  await page.getByRole('searchbox').fill('anna')
  await expect(page).toHaveURL(/search=anna/)
  await expect(page.getByTestId('customer-row')).toHaveCount(1)
  await page.reload()
  await expect(page.getByRole('searchbox')).toHaveValue('anna')
  await expect(page.getByTestId('customer-row')).toHaveCount(1)
  await screenshotAllSizes(page, 'customers-list')

  // Edit: only the changed field is sent; the server has it.
  await customers.row(`Anna Jansen ${u}`).click()
  await expect(customers.drawer.getByLabel('Date of birth')).toHaveValue('14-03-1990')
  await customers.fill({ city: 'Haarlem' })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  const res = await request.get(`/api/organisations/${organisation.id}/customers`, {
    params: { search: email },
    headers: { authorization: `Bearer ${session.token}` },
  })
  const items = (await res.json()).items as Customer[]
  expect(items).toHaveLength(1)
  expect(items[0]).toMatchObject({ city: 'Haarlem', phoneNumber: '+31612345678', dateOfBirth: '1990-03-14' })
})
