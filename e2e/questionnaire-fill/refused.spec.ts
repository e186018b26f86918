import { expect, test } from '@playwright/test'
import { screenshotAllSizes, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, demoStaff, newCustomer, newQuestionnaire, serverSubmissions } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('a submission the server refuses is shown with the reason; filling in again sends it', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const q = await newQuestionnaire(request, staff, [{ id: 'note', name: 'How is your skin today?', type: 'string' }])
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()

  await context.setOffline(true)
  const note = `refused ${unique()}`
  await page.locator('#q-note').fill(note)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('will be sent as soon as there is a connection')).toBeVisible()

  // Meanwhile staff add a required question: the queued submission no longer fits.
  const put = await request.put(apiUrl(API.questionnaires.update, { org: staff.org, salon: staff.salon, id: q.id }), {
    headers: staff.headers,
    data: {
      questions: [
        { id: 'note', name: 'How is your skin today?', type: 'string' },
        { id: 'sleep', name: 'Hours of sleep', type: 'number', required: true },
      ],
    },
  })
  expect(put.ok()).toBe(true)
  await context.setOffline(false)
  const notice = page.getByTestId('refused-submissions')
  await expect(notice).toBeVisible({ timeout: 20_000 })
  await expect(notice).toContainText('A submission could not be accepted')
  await expect(notice).toContainText('Some required questions have not been answered.')
  await screenshotAllSizes(page, 'questionnaire-refused-thank-you')

  // The landing page shows it too.
  await page.getByRole('link', { name: 'Go to dashboard' }).click()
  await expect(notice).toBeVisible()
  await screenshotAllSizes(page, 'questionnaire-refused-landing')
  await notice.getByRole('button', { name: 'Fill in again' }).click()

  // The answers come back; the new question is asked.
  await expect(page.locator('#q-note')).toHaveValue(note)
  await page.locator('#q-sleep').fill('7')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Your answers have been saved.')).toBeVisible({ timeout: 20_000 })
  await expect(notice).toHaveCount(0)
  const sent = await serverSubmissions(request, staff, customer.id)
  expect(sent).toHaveLength(1)
  expect(sent[0].answers).toContainEqual({ questionId: 'sleep', value: 7 })
})
