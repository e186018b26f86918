import { expect, test } from '@playwright/test'
import { screenshotAllSizes } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, demoStaff, newCustomer, questionSection as section, serverSubmissions } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/*
 * Issue 7 #14: the provider questionnaire "Huidanalyse" has a question for the specialist
 * ("Notities van de specialist", employee section group). The customer filling it on their phone
 * never sees it: three parts, not four, and the notes field nowhere.
 */
test('customer fills Huidanalyse without the specialist notes; staff still have the question', async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  const list = await request.get(apiUrl(API.questionnaires.list, { org: staff.org, salon: staff.salon }), {
    headers: staff.headers,
  })
  const skin = ((await list.json()) as { id: string; name: string; questions: { id: string }[] }[]).find(
    (q) => q.name === 'Huidanalyse',
  )
  expect(skin?.questions.map((q) => q.id)).toContain('skin-notes')
  const customer = await newCustomer(request, staff)
  await customerSignIn(page, request, customer.email)

  await page.goto(`/demo/questionnaire/${skin!.id}`)
  await expect(page.getByText('Part 1 of 3')).toBeVisible()
  await section(page, 'skin-type').getByRole('button').first().click()
  await section(page, 'sunbed').getByRole('button').nth(1).click()
  for (const part of [2, 3]) {
    await expect(page.getByText('Notities van de specialist')).toHaveCount(0)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText(`Part ${part} of 3`)).toBeVisible()
  }
  await expect(page.locator('#q-skin-notes')).toHaveCount(0)
  await expect(page.getByText('Notities van de specialist')).toHaveCount(0)
  await screenshotAllSizes(page, 'staff-only-questions-last-part')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect.poll(async () => (await serverSubmissions(request, staff, customer.id)).length).toBe(1)
  const [stored] = await serverSubmissions(request, staff, customer.id)
  expect(stored.answers.map((a) => a.questionId)).toEqual(['skin-type', 'sunbed'])
})
