import { type APIRequestContext, expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { screenshotAllSizes, signInAsEmployee, unique, englishOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 7, data integrity: the customer file never shows, writes or files against the wrong
// customer, a refused edit is fixed in place, a known e-mail is not saved twice, and nothing
// typed is lost by a stray tap.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

async function organisation(request: APIRequestContext) {
  const o = await englishOrganisation(request)
  const get = async (id: string) => (await (await o.getCustomer(id)).json()) as Customer
  return { ...o, post: o.postCustomer, get }
}

test('customer file: five customers opened in a row each show their own values, online and offline; Fill in files against the one shown', async ({
  page,
  context,
  request,
}) => {
  const o = await organisation(request)
  const people: Customer[] = []
  for (let i = 0; i < 5; i++) people.push(await o.post([o.salon], { city: `City ${i}`, notes: `Note ${i}` }))
  const analysis = await request.post(apiUrl(API.questionnaires.create, { org: o.org, salon: o.salon }), {
    headers: o.headers,
    data: {
      name: `Observation ${unique()}`,
      kind: 'employeeQuestionnaire',
      questions: [{ id: 'seen', name: 'What did you see?', type: 'string', required: true }],
    },
  })
  expect(analysis.status()).toBe(201)
  const questionnaire = (await analysis.json()) as { id: string; name: string }

  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  const d = customers.drawer
  const openEach = async () => {
    for (const c of people) {
      await customers.row(c.fullName).click()
      await expect(d.getByLabel('First name')).toHaveValue(c.firstName)
      await expect(d.getByLabel('Last name')).toHaveValue(c.lastName)
      await expect(d.getByLabel('E-mail address')).toHaveValue(c.email)
      await expect(d.getByLabel('City')).toHaveValue(c.city ?? '')
      await expect(d.getByLabel('Notes')).toHaveValue(c.notes ?? '')
      await d.getByRole('button', { name: 'Cancel' }).click()
      await expect(d).toBeHidden()
    }
  }
  await openEach()
  await context.setOffline(true)
  await openEach()
  // Saving the second customer after having opened the first writes the second's own values.
  await customers.row(people[0].fullName).click()
  await d.getByRole('button', { name: 'Cancel' }).click()
  await customers.row(people[1].fullName).click()
  await customers.fill({ city: 'Zwolle' })
  await customers.save()
  await expect(d).toBeHidden()
  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Synced', { timeout: 30_000 })
  expect(await o.get(people[1].id)).toMatchObject({
    email: people[1].email,
    firstName: people[1].firstName,
    city: 'Zwolle',
  })
  expect(await o.get(people[0].id)).toMatchObject({ city: 'City 0' })

  // Fill in from B's Questionnaires tab after having looked at A's: filed against B.
  await customers.row(people[3].fullName).click()
  await d.getByRole('tab', { name: 'Questionnaires' }).click()
  await d.getByRole('button', { name: 'Close' }).last().click()
  await customers.row(people[4].fullName).click()
  await d.getByRole('tab', { name: 'Questionnaires' }).click()
  await d.getByRole('button', { name: 'Fill in' }).click()
  await page.getByRole('menuitem', { name: questionnaire.name }).click()
  await expect(page.getByText(`About ${people[4].fullName}`)).toBeVisible()
  await page.locator('#q-seen').fill('Dry skin')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible()
  await expect(customers.pill()).toHaveText('Synced', { timeout: 30_000 })
  const res = await request.get(apiUrl(API.submissions.list, { org: o.org, salon: o.salon }), {
    headers: o.headers,
    params: { questionnaireId: questionnaire.id, pageSize: '50' },
  })
  const items = ((await res.json()) as { items: { customerId: string }[] }).items
  expect(items.map((s) => s.customerId)).toEqual([people[4].id])
})

test('customer file: a refused e-mail is corrected in place and sent with the rest of the edit; discarding goes back to the server values', async ({
  page,
  context,
  request,
}) => {
  const o = await organisation(request)
  const branch = await request.post(apiUrl(API.salons.create, { org: o.org }), {
    headers: o.headers,
    data: { name: 'Zuid' },
  })
  const elsewhere = (await branch.json()) as { id: string }
  // The address belongs to a customer of another branch: this tablet's replica cannot know it.
  const other = await o.post([elsewhere.id])
  const anna = await o.post([o.salon], { city: 'Utrecht' })

  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  const d = customers.drawer
  await expect(customers.row(anna.fullName)).toBeVisible()

  await context.setOffline(true)
  await customers.row(anna.fullName).click()
  await customers.fill({ email: other.email, city: 'Haarlem' })
  await customers.save()
  await expect(d).toBeHidden()
  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Needs attention (1)', { timeout: 30_000 })
  await expect(customers.row(anna.fullName).getByText('Needs attention')).toBeVisible()

  // Shown in place: the reason on the field, the typed values still there.
  await customers.row(anna.fullName).click()
  await expect(d.getByTestId('customer-attention')).toBeVisible()
  await expect(d.getByLabel('E-mail address')).toHaveValue(other.email)
  await expect(d.getByLabel('City')).toHaveValue('Haarlem')
  await expect(d.getByText('Customer with given email address already exists.').first()).toBeVisible()
  await screenshotAllSizes(page, 'customer-refused-edit')
  const corrected = `anna-${unique()}@example.test`
  await customers.fill({ email: corrected })
  await customers.save()
  await expect(page.getByText('Customer saved')).toBeVisible()
  await expect(d).toBeHidden()
  await expect(customers.pill()).toHaveText('Synced')
  await expect(customers.row(anna.fullName).getByText('Needs attention')).toBeHidden()
  expect(await o.get(anna.id)).toMatchObject({ email: corrected, city: 'Haarlem' })
  const conflicts = await request.get(apiUrl(API.customers.conflicts, { org: o.org, id: anna.id }), {
    headers: o.headers,
  })
  expect(await conflicts.json()).toEqual([])

  // Refused again, then discarded: the replica AND the open form go back to the server's values.
  await context.setOffline(true)
  await customers.row(anna.fullName).click()
  await customers.fill({ email: other.email, city: 'Leiden' })
  await customers.save()
  await expect(d).toBeHidden()
  await context.setOffline(false)
  await expect(customers.pill()).toHaveText('Needs attention (1)', { timeout: 30_000 })
  await customers.row(anna.fullName).click()
  await d.getByRole('button', { name: 'Discard change' }).click()
  await expect(d.getByTestId('customer-attention')).toBeHidden()
  await expect(d.getByLabel('E-mail address')).toHaveValue(corrected)
  await expect(d.getByLabel('City')).toHaveValue('Haarlem')
  await expect(customers.pill()).toHaveText('Synced')
  await d.getByRole('button', { name: 'Cancel' }).click()
  await expect(d).toBeHidden()
  await expect(customers.row(anna.fullName).getByText('Needs attention')).toBeHidden()
  await expect(customers.row(anna.fullName).getByText('Waiting to sync')).toBeHidden()
})

test('customer file: an e-mail already known is not saved again: open the customer of this branch, join the one of another branch', async ({
  page,
  context,
  request,
}) => {
  const o = await organisation(request)
  const here = await o.post([o.salon])
  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  const d = customers.drawer
  await expect(page.getByTestId('customer-row')).toHaveCount(1)

  for (const offline of [false, true]) {
    await context.setOffline(offline)
    await customers.startCreate()
    await customers.fill({ firstName: 'Twee', lastName: 'Keer', email: here.email })
    // Save straight from the field: the check runs on save, not only when the field is left.
    await customers.save()
    await expect(d.getByText('Customer with given email address already exists.')).toBeVisible()
    if (!offline) await screenshotAllSizes(page, 'customer-email-known')
    await d.getByRole('button', { name: 'Open this customer' }).click()
    await expect(d.getByLabel('First name')).toHaveValue(here.firstName)
    await expect(d.getByLabel('E-mail address')).toHaveValue(here.email)
    await d.getByRole('button', { name: 'Cancel' }).click()
    await expect(d).toBeHidden()
    // Nothing was made on the device.
    await expect(page.getByTestId('customer-row')).toHaveCount(1)
    await expect(customers.pill()).toHaveText(offline ? 'Offline' : 'Synced')
  }
  await context.setOffline(false)
  const list = await request.get(apiUrl(API.customers.list, { org: o.org }), { headers: o.headers })
  expect(((await list.json()) as { total: number }).total).toBe(1)
})

test('customer file: a stray tap, Escape or Cancel never throws typed input away without asking', async ({
  page,
  request,
}) => {
  const o = await organisation(request)
  const anna = await o.post([o.salon], { city: 'Utrecht' })
  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  const d = page.getByRole('dialog', { name: /customer/i })
  const ask = page.getByRole('alertdialog')

  // Without changes: closes at once.
  await customers.startCreate()
  await page.keyboard.press('Escape')
  await expect(d).toBeHidden()

  // New customer: a tap outside asks; keep editing keeps the text; Escape asks; discard closes.
  await customers.startCreate()
  await customers.fill({ firstName: 'Bijna' })
  await page.mouse.click(40, 400)
  await expect(ask.getByText('Discard your changes?')).toBeVisible()
  await screenshotAllSizes(page, 'unsaved-changes-drawer')
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toBeHidden()
  await expect(d.getByLabel('First name')).toHaveValue('Bijna')
  await d.getByLabel('Last name').fill('Klaar')
  await page.keyboard.press('Escape')
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toBeHidden()
  await page.mouse.click(40, 400)
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Discard changes' }).click()
  await expect(d).toBeHidden()
  await customers.startCreate()
  await expect(d.getByLabel('First name')).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(d).toBeHidden()

  // Edit customer: Cancel with a change asks too.
  await customers.row(anna.fullName).click()
  await customers.fill({ city: 'Haarlem' })
  await d.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(d.getByLabel('City')).toHaveValue('Haarlem')
  await d.getByRole('button', { name: 'Close' }).first().click()
  await ask.getByRole('button', { name: 'Discard changes' }).click()
  await expect(d).toBeHidden()
  expect((await o.get(anna.id)).city).toBe('Utrecht')

  // Branch drawer: the same guard.
  await page.goto(`/${o.organisation.slug}/admin/branches`)
  await page
    .getByRole('button', { name: /add branch|new branch/i })
    .first()
    .click()
  const branch = page.getByRole('dialog')
  await branch.getByLabel('Name').fill('Vestiging Noord')
  await page.keyboard.press('Escape')
  await expect(ask.getByText('Discard your changes?')).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(branch.getByLabel('Name')).toHaveValue('Vestiging Noord')
})
