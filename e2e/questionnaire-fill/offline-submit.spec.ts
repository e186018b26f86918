import { expect, test } from '@playwright/test'
import { DEMO, signInViaApi, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, questionSection as section } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const EMAIL = 'klant@demo.salon'

test('a submission made offline is queued, shows the thank-you and reaches the server once on reconnect', async ({
  page,
  context,
  request,
}) => {
  await customerSignIn(page, request, EMAIL)
  // The open questionnaires, not the submitted ones listed below them.
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: /Intake/ })
    .click()
  await expect(page.getByText('Part 1 of 4')).toBeVisible()

  // The connection drops once the questionnaire is open: filling and submitting still work.
  await context.setOffline(true)
  const note = `offline ${unique()}`
  await page.locator('#q-date-of-birth').fill('01-02-1985')
  await page.getByRole('button', { name: 'Next' }).click()
  await section(page, 'reason').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Next' }).click()
  await section(page, 'allergies').getByRole('button').first().click()
  await page.locator('#q-allergies-which').fill(note)
  await section(page, 'medication').getByRole('button').nth(1).click()
  await section(page, 'pregnant').getByRole('button').nth(1).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await section(page, 'consent').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await expect(page.getByText('will be sent as soon as there is a connection')).toBeVisible()

  await context.setOffline(false)
  const staff = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  const org = staff.employee.organisationId
  const salon = staff.employee.salons[0].salonId
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.submissions.list, { org, salon }), {
        headers: { authorization: `Bearer ${staff.token}` },
        params: { pageSize: '50' },
      })
      const body = (await res.json()) as { items: { answers: { value: unknown }[] }[] }
      return body.items.filter((s) => s.answers.some((a) => a.value === note)).length
    })
    .toBe(1)
})
