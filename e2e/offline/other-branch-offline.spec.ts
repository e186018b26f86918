import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('offline: a customer added offline who exists in another branch needs attention; saving joins the branch', async ({
  page,
  context,
  request,
}) => {
  const { organisation, session } = await englishOrganisation(request)
  const auth = { authorization: `Bearer ${session.token}` }
  const branch = await request.post(apiUrl(API.salons.create, { org: organisation.id }), {
    headers: auth,
    data: { name: 'Utrecht' },
  })
  const other = (await branch.json()) as { id: string }
  const u = unique()
  const created = await request.post(apiUrl(API.customers.create, { org: organisation.id }), {
    headers: auth,
    data: { email: `utrecht-${u}@example.test`, firstName: 'Uta', lastName: `Recht ${u}`, salonIds: [other.id] },
  })
  const existing = (await created.json()) as Customer

  await signInAsEmployee(page, session)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')

  await context.setOffline(true)
  await customers.startCreate()
  await customers.fill({ firstName: 'Uta', lastName: `Recht ${u}`, email: existing.email })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await context.setOffline(false)

  await expect(customers.pill()).toHaveText('Needs attention (1)', { timeout: 15_000 })
  await expect(customers.row(`Uta Recht ${u}`).getByText('Needs attention')).toBeVisible()
  await customers.row(`Uta Recht ${u}`).click()
  const banner = customers.drawer.getByTestId('customer-attention')
  await expect(
    banner.getByText('Customer already exists (maybe in another branch); saving updates the assigned branch.'),
  ).toBeVisible()
  await screenshotAllSizes(page, 'customers-drawer-other-branch')
  await customers.drawer.getByRole('button', { name: 'Save' }).click()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.pill()).toHaveText('Synced')
  await expect(page.getByTestId('customer-row').filter({ hasText: `Uta Recht ${u}` })).toHaveCount(1)
  await expect(customers.row(`Uta Recht ${u}`).getByText('Needs attention')).toBeHidden()

  const res = await request.get(apiUrl(API.customers.get, { org: organisation.id, id: existing.id }), { headers: auth })
  expect(((await res.json()) as Customer).salonIds).toHaveLength(2)
})
