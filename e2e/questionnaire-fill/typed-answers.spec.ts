import { expect, test } from '@playwright/test'
import { screenshotAllSizes } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import {
  customerSignIn,
  demoStaff,
  newCustomer,
  newQuestionnaire,
  questionSection as section,
  serverSubmissions,
} from './helpers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/**
 * Issue 7 #4, #18: a typed date (or number) is never thrown away. It stays in its field with a
 * message naming it until it is valid, and Next and Submit wait for it; the date field puts the
 * dashes in itself (a phone's number pad has none).
 */
test('a typed date that is no date stays, is named, and blocks Next and Submit; also in the answer editor', async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const q = await newQuestionnaire(request, staff, [
    { id: 'visit', name: 'Date of your last treatment', type: 'date', group: 'customer' },
    { id: 'birth', name: 'Date of birth', type: 'date', required: true },
    { id: 'cups', name: 'Cups of coffee a day', type: 'number' },
    { id: 'note', name: 'Anything else?', type: 'string', group: 'wishes' },
  ])
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()
  await expect(page.getByText('Part 1 of 2')).toBeVisible()
  await expect(page.locator('#q-visit')).toHaveAttribute('placeholder', 'dd-mm-yyyy')
  await expect(page.locator('#q-visit')).toHaveAttribute('inputmode', 'numeric')

  await page.locator('#q-visit').fill('31-13-2025')
  // Digits only, as on an iPhone's number pad: the dashes come by themselves.
  await page.locator('#q-birth').pressSequentially('31021990')
  await expect(page.locator('#q-birth')).toHaveValue('31-02-1990')
  await page.locator('#q-cups').fill('a few')
  await page.locator('#q-cups').blur()
  await expect(section(page, 'visit')).toContainText('31-13-2025 is not a valid date.')
  await expect(section(page, 'birth')).toContainText('31-02-1990 is not a valid date.')
  await expect(section(page, 'birth')).not.toContainText('This question is required.')
  await expect(section(page, 'cups')).toContainText('a few is not a number.')

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Part 1 of 2')).toBeVisible()
  await expect(page.getByText('Some answers are not valid: see the marked questions.')).toBeVisible()
  await expect(page.locator('#q-visit')).toBeFocused()
  await screenshotAllSizes(page, 'questionnaire-fill-invalid-date')

  // Nothing typed is lost: not by the refused Next, not by a reload.
  await page.reload()
  await expect(page.locator('#q-visit')).toHaveValue('31-13-2025')
  await expect(page.locator('#q-birth')).toHaveValue('31-02-1990')
  await expect(page.locator('#q-cups')).toHaveValue('a few')

  await page.locator('#q-visit').fill('31-12-2025')
  await page.locator('#q-birth').fill('28-02-1990')
  await page.locator('#q-cups').fill('1,5')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Part 2 of 2')).toBeVisible()
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.locator('#q-visit')).toHaveValue('31-12-2025')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await expect
    .poll(async () => (await serverSubmissions(request, staff, customer.id))[0]?.answers)
    .toEqual([
      { questionId: 'visit', value: '2025-12-31' },
      { questionId: 'birth', value: '1990-02-28' },
      { questionId: 'cups', value: 1.5 },
    ])

  // Changing the submitted answer: the same field, the same rule.
  await page.getByRole('link', { name: 'Go to dashboard' }).click()
  await page
    .getByTestId('submitted-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()
  const row = page.getByTestId('submission-answer').filter({ hasText: 'Date of your last treatment' })
  await expect(row).toContainText('31-12-2025')
  await row.getByRole('button', { name: /Change the answer/ }).click()
  const editor = page.getByTestId('answer-editor')
  await editor.locator('#q-visit').fill('30-02-2026')
  await editor.getByRole('button', { name: 'Save answer' }).click()
  await expect(editor).toContainText('30-02-2026 is not a valid date.')
  await expect(editor.locator('#q-visit')).toHaveValue('30-02-2026')
  await editor.locator('#q-visit').fill('28-02-2026')
  await editor.getByRole('button', { name: 'Save answer' }).click()
  await expect(editor).toHaveCount(0)
  await expect(row).toContainText('28-02-2026')
})

/** Issue 7 #23: the bar shows the answers given, not the section reached. */
test('a one-section questionnaire starts with an empty progress bar', async ({ page, request }) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const q = await newQuestionnaire(request, staff, [
    { id: 'calm', name: 'Do you feel calm?', type: 'boolean', required: true },
    { id: 'note', name: 'Anything else?', type: 'string' },
  ])
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()
  await expect(page.getByText('Part 1 of 1')).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
  await section(page, 'calm').getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
  await screenshotAllSizes(page, 'questionnaire-fill-progress')
})
