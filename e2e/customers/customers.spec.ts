import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import {
  createOrganisationViaApi,
  englishOrganisation,
  screenshotAllSizes,
  signInAsEmployee,
  unique,
} from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('customers: add with validation, e-mail taken, search in the URL, edit — all through the replica', async ({
  page,
  request,
}) => {
  const { organisation, session } = await englishOrganisation(request)
  await signInAsEmployee(page, session)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(page.getByText('No customers yet', { exact: true })).toBeVisible()
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
  // The format is right but there is no 31 February: the message says so (issue 7 #18).
  await expect(customers.drawer.getByText('31-02-1990 is not a valid date.')).toBeVisible()
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
  await screenshotAllSizes(page, 'customers-drawer-email-taken')
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
  const res = await request.get(apiUrl(API.customers.list, { org: organisation.id }), {
    params: { search: email },
    headers: { authorization: `Bearer ${session.token}` },
  })
  const items = (await res.json()).items as Customer[]
  expect(items).toHaveLength(1)
  expect(items[0]).toMatchObject({ city: 'Haarlem', phoneNumber: '+31612345678', dateOfBirth: '1990-03-14' })
})

test('customers: a customer of another branch is joined on save; a recorded clash is shown and resolved', async ({
  page,
  request,
}) => {
  const { organisation, session } = await englishOrganisation(request)
  const auth = { authorization: `Bearer ${session.token}` }
  const branch = await request.post(apiUrl(API.salons.create, { org: organisation.id }), {
    headers: auth,
    data: { name: 'Tweede vestiging' },
  })
  expect(branch.status()).toBe(201)
  const other = (await branch.json()) as { id: string }
  const u = unique()
  const created = await request.post(apiUrl(API.customers.create, { org: organisation.id }), {
    headers: auth,
    data: { email: `elders-${u}@example.test`, firstName: 'Elders', lastName: `Klant ${u}`, salonIds: [other.id] },
  })
  expect(created.status()).toBe(201)
  const elsewhere = (await created.json()) as Customer

  await signInAsEmployee(page, session)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await customers.startCreate()
  await customers.fill({ firstName: 'Elders', lastName: `Klant ${u}`, email: elsewhere.email })
  await customers.drawer.getByLabel('City').focus()
  await expect(
    customers.drawer.getByText(
      'Customer already exists (maybe in another branch); saving updates the assigned branch.',
    ),
  ).toBeVisible()
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await expect(customers.row(`Elders Klant ${u}`)).toBeVisible()
  const joined = await request.get(apiUrl(API.customers.get, { org: organisation.id, id: elsewhere.id }), {
    headers: auth,
  })
  expect(((await joined.json()) as Customer).salonIds).toHaveLength(2)

  // Another device's offline edit of the same field reaches the server after ours: a clash.
  await request.put(apiUrl(API.customers.update, { org: organisation.id, id: elsewhere.id }), {
    headers: auth,
    data: { changes: { notes: 'Allergisch voor noten' }, base: { notes: null } },
  })
  await request.put(apiUrl(API.customers.update, { org: organisation.id, id: elsewhere.id }), {
    headers: auth,
    data: { changes: { notes: 'Gevoelige huid' }, base: { notes: null } },
  })
  await page.reload()
  await expect(customers.row(`Elders Klant ${u}`).getByText('Conflict')).toBeVisible()
  await customers.row(`Elders Klant ${u}`).click()
  const banner = customers.drawer.getByTestId('customer-conflicts')
  await expect(banner.getByText('Allergisch voor noten')).toBeVisible()
  await expect(banner.getByText('Gevoelige huid')).toBeVisible()
  await screenshotAllSizes(page, 'customers-conflict')
  await banner.getByRole('button', { name: 'Resolved' }).click()
  await expect(banner).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(customers.pill()).toHaveText('Synced')
  await expect(customers.row(`Elders Klant ${u}`).getByText('Conflict')).toBeHidden()
  const conflicts = await request.get(apiUrl(API.customers.conflicts, { org: organisation.id, id: elsewhere.id }), {
    headers: auth,
  })
  expect(((await conflicts.json()) as { resolvedAt: string | null }[]).every((c) => c.resolvedAt)).toBe(true)
})

test('klanten: the screens in Dutch (default language), for a look at the texts', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'nl-NL' })
  const page = await context.newPage()
  const { organisation, session } = await createOrganisationViaApi(request)
  await signInAsEmployee(page, session)
  await page.goto(`/${organisation.slug}/admin/customers`)
  await expect(page.getByText('Nog geen klanten', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Klant toevoegen' }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Opslaan' }).click()
  await expect(page.getByRole('dialog').getByText('Een geldig e-mailadres is verplicht.')).toBeVisible()
  await screenshotAllSizes(page, 'klanten-drawer-nl')
  await context.close()
})
