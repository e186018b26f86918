import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { createCustomer, createQuestionnaire, demoStaff } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 7 #22 in Dutch: staff read the device's name (asked once on the tablet), not its UUID,
// and numbers as they write them ("1,5").
test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('a submission taken on a named tablet says "op Tablet balie"; a number answer reads 1,5', async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff)
  const observation = await createQuestionnaire(request, staff, {
    name: `Meting ${unique()}`,
    kind: 'employeeQuestionnaire',
    questions: [{ id: 'dose', name: 'Dosis (ml)', type: 'number', required: true }],
  })
  await signInAsEmployee(page, staff.session)
  await page.goto(`/demo/admin/customers?search=${encodeURIComponent(customer.email)}`)
  await page.getByTestId('customer-row').filter({ hasText: customer.fullName }).click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('tab', { name: 'Vragenlijsten' }).click()
  await drawer.getByRole('button', { name: 'Invullen' }).click()
  await page.getByRole('menuitem', { name: observation.name }).click()
  await expect(page.getByRole('heading', { name: observation.name })).toBeVisible()

  // Asked once: the tablet gets its name.
  const prompt = page.getByTestId('device-name-prompt')
  await expect(prompt.getByRole('heading', { name: 'Hoe heet dit apparaat?' })).toBeVisible()
  await screenshotAllSizes(page, 'device-name-prompt')
  await prompt.getByLabel('Naam van dit apparaat').fill('Tablet balie')
  await prompt.getByRole('button', { name: 'Opslaan' }).click()
  await expect(prompt).toBeHidden()

  await page.locator('#q-dose').fill('1.5')
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page.getByRole('heading', { name: 'Opgeslagen' })).toBeVisible()
  await expect(page.getByTestId('sync-pill')).toHaveText('Gesynchroniseerd', { timeout: 30_000 })

  const res = await request.get(apiUrl(API.submissions.list, { org: staff.org, salon: staff.salon }), {
    headers: staff.headers,
    params: { customerId: customer.id, pageSize: '50' },
  })
  const items = ((await res.json()) as { items: Record<string, unknown>[] }).items
  expect(items[0]).toMatchObject({ deviceName: 'Tablet balie' })
  const uuid = String(items[0].deviceId)

  await page.getByRole('button', { name: 'Terug naar de klant' }).click()
  await page.getByTestId('customer-row').filter({ hasText: customer.fullName }).click()
  await drawer.getByRole('tab', { name: 'Vragenlijsten' }).click()
  await drawer.getByTestId('submission-row').filter({ hasText: observation.name }).click()
  const meta = page.getByTestId('submission-meta')
  await expect(meta).toContainText(`overhandigd door ${staff.session.employee.firstName}`)
  await expect(meta).toContainText('op Tablet balie')
  await expect(page.getByText(uuid)).toHaveCount(0)
  await expect(page.getByText('1,5', { exact: true })).toBeVisible()
  await screenshotAllSizes(page, 'submission-device-name')

  // Not asked again on this device.
  await page.goto(`/demo/admin/customers`)
  await expect(page.getByTestId('device-name-prompt')).toHaveCount(0)
})
