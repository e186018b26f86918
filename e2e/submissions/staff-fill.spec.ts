import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { createCustomer, createQuestionnaire, demoStaff, openCustomer } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// Staff fill an employee questionnaire (a skin analysis) about a customer, with the Wi-Fi down:
// it waits on the tablet and reaches the server once, named after the employee who took it.
test('staff fill an employee questionnaire about a customer offline; it syncs once, taken by them', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff)
  const analysis = await createQuestionnaire(request, staff, {
    name: `Skin analysis ${unique()}`,
    kind: 'employeeQuestionnaire',
    questions: [
      { id: 'redness', name: 'Redness seen?', type: 'boolean', required: true },
      { id: 'advice', name: 'Advice given', type: 'string' },
    ],
  })
  await signInAsEmployee(page, staff.session)
  await openCustomer(page, customer.email, customer.fullName, 'Questionnaires')
  await page.getByRole('dialog').getByRole('button', { name: 'Fill in' }).click()
  // The provider's specialist observation comes with every organisation (the demo's is Dutch).
  await expect(page.getByRole('menuitem', { name: 'Huidobservatie specialist' })).toBeVisible()
  await page.getByRole('menuitem', { name: analysis.name }).click()
  await expect(page.getByRole('heading', { name: analysis.name })).toBeVisible()
  await expect(page.getByText(`About ${customer.fullName}`)).toBeVisible()

  await context.setOffline(true)
  const section = (id: string) => page.locator('section', { has: page.locator(`#q-${id}-label`) })
  await section('redness').getByRole('button', { name: 'Yes' }).click()
  await page.locator('#q-advice').fill('SPF 50 every morning')
  await screenshotAllSizes(page, 'staff-fill')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible()
  await expect(page.getByTestId('sync-pill')).toContainText('1')

  await context.setOffline(false)
  await expect(page.getByTestId('sync-pill')).toHaveText('Synced', { timeout: 30_000 })
  const res = await request.get(apiUrl(API.submissions.list, { org: staff.org, salon: staff.salon }), {
    headers: staff.headers,
    params: { customerId: customer.id, pageSize: '50' },
  })
  const items = ((await res.json()) as { items: Record<string, unknown>[] }).items
  expect(items).toHaveLength(1)
  expect(items[0]).toMatchObject({
    questionnaireId: analysis.id,
    takenBy: 'employee',
    employeeId: staff.session.employee.id,
    employeeName: `${staff.session.employee.firstName} ${staff.session.employee.lastName}`,
  })
  expect(JSON.stringify(items[0].answers)).toContain('SPF 50 every morning')

  await page.getByRole('button', { name: 'Back to the customer' }).click()
  await page.getByTestId('customer-row').filter({ hasText: customer.fullName }).click()
  await page.getByRole('dialog').getByRole('tab', { name: 'Questionnaires' }).click()
  await expect(page.getByTestId('submission-row').filter({ hasText: analysis.name })).toBeVisible()
})
