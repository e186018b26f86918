import { expect, test } from '@playwright/test'
import { DEMO, screenshotAllSizes, signInViaApi, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, questionSection as section } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const EMAIL = 'klant@demo.salon'

test('customer fills the intake questionnaire: resumes after reload and a closed tab, required check, thank-you', async ({
  page,
  context,
  request,
}) => {
  await customerSignIn(page, request, EMAIL)
  await screenshotAllSizes(page, 'questionnaire-open-list')

  // The open questionnaires, not the submitted ones listed below them.
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: /Intake/ })
    .click()
  await expect(page.getByText('Part 1 of 4')).toBeVisible()
  await expect(page.getByRole('progressbar')).toBeVisible()
  await page.locator('#q-date-of-birth').fill('15-03-1990')
  await screenshotAllSizes(page, 'questionnaire-fill-first')
  await page.getByRole('button', { name: 'Next' }).click()
  await section(page, 'reason').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Part 3 of 4')).toBeVisible()

  // A reload mid-way resumes in the same section with the answers given.
  await page.reload()
  await expect(page.getByText('Part 3 of 4')).toBeVisible()
  await expect(page.locator('#q-allergies-which')).toHaveCount(0)
  await section(page, 'allergies').getByRole('button').first().click()
  // Display logic: the follow-up appears as soon as "yes" is given.
  await expect(page.locator('#q-allergies-which')).toBeVisible()
  await screenshotAllSizes(page, 'questionnaire-fill-logic')

  // The tab is closed and opened again: a new page in the same browser context.
  const url = page.url()
  await page.close()
  const tab = await context.newPage()
  await tab.goto(url)
  await expect(tab.getByText('Part 3 of 4')).toBeVisible()
  await expect(tab.locator('#q-allergies-which')).toBeVisible()
  await expect(section(tab, 'allergies').getByRole('button').first()).toHaveAttribute('aria-pressed', 'true')

  // Next with required questions of this section open: the customer stays, the questions are
  // marked and the cursor is on the first one (issue 7 #19: Next used to let them pass).
  await tab.getByRole('button', { name: 'Next' }).click()
  await expect(tab.getByText('Some required questions have not been answered.')).toBeVisible()
  await expect(tab.getByText('Part 3 of 4')).toBeVisible()
  await expect(section(tab, 'allergies-which')).toHaveAttribute('aria-invalid', 'true')
  await expect(tab.locator('#q-allergies-which')).toBeFocused()
  await screenshotAllSizes(tab, 'questionnaire-fill-required')

  const allergy = `Nuts ${unique()}`
  await tab.locator('#q-allergies-which').fill(allergy)
  await section(tab, 'medication').getByRole('button').nth(1).click()
  await expect(tab.getByText('Some required questions have not been answered.')).toBeVisible()
  // The banner goes as soon as the last required question of the section is answered.
  await section(tab, 'pregnant').getByRole('button').nth(1).click()
  await expect(tab.getByText('Some required questions have not been answered.')).toBeHidden()
  await section(tab, 'stress').getByRole('button').nth(2).click()
  await tab.getByRole('button', { name: 'Next' }).click()
  await section(tab, 'consent').getByRole('button').first().click()
  await tab.getByRole('button', { name: 'Submit' }).click()
  await expect(tab.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await expect(tab.getByRole('link', { name: 'Go to dashboard' })).toBeVisible()
  await expect(tab.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await screenshotAllSizes(tab, 'questionnaire-thank-you')

  // Staff see the submission with its answers.
  const staff = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  const org = staff.employee.organisationId
  const salon = staff.employee.salons[0].salonId
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.submissions.list, { org, salon }), {
        headers: { authorization: `Bearer ${staff.token}` },
        params: { pageSize: '50' },
      })
      const body = (await res.json()) as { items: { answers: { questionId: string; value: unknown }[] }[] }
      return body.items.filter((s) => s.answers.some((a) => a.value === allergy)).length
    })
    .toBe(1)
})
