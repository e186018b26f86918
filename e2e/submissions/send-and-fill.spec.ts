import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { questionSection as section } from '../questionnaire-fill/helpers'
import {
  createCustomer,
  createQuestionnaire,
  demoStaff,
  everyTypeQuestionnaire,
  mailMatching,
  openCustomer,
  PNG,
} from './helpers'

test('a questionnaire sent by e-mail is filled through the link; staff read the answers with employee titles', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await useLanguage(page, 'en')
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff)
  const questionnaire = await createQuestionnaire(request, staff, everyTypeQuestionnaire(`Intake ${unique()}`))
  await signInAsEmployee(page, staff.session)

  // Staff: the customer's drawer → Send questionnaire → e-mail, with the message prefilled.
  await openCustomer(page, customer.email, customer.fullName)
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('tab', { name: 'Questionnaires' }).click()
  await expect(drawer.getByRole('heading', { name: 'Questionnaires', exact: true })).toBeVisible()
  await expect(drawer.getByText('No questionnaires filled in yet')).toBeVisible()
  await drawer.getByRole('button', { name: 'Send questionnaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send questionnaire' })
  await expect(dialog.getByText(`To ${customer.fullName}`)).toBeVisible()
  await expect(dialog.getByLabel('Message')).toHaveValue(/\{\{link\}\}/)
  // Nothing chosen yet: the spec's message, and nothing is sent.
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText('A questionnaire must be selected')).toBeVisible()
  await dialog.getByLabel('Questionnaire').selectOption({ label: questionnaire.name })
  await dialog.getByLabel('E-mail').check()
  // The preview carries the customer's name and their own shortcut link.
  await expect(dialog.getByTestId('send-preview')).toContainText(customer.firstName)
  await expect(dialog.getByTestId('send-preview')).toContainText('/shortcut?code=')
  await screenshotAllSizes(page, 'send-questionnaire-one')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Questionnaire sent to 1 customer.')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // Customer, on their own device: the link from the e-mail, code sign-in, fill, submit.
  const sent = await mailMatching(request, customer.email, /\/shortcut\?code=([A-Za-z0-9]+)/)
  expect(sent.text).toContain(customer.firstName)
  const device = await browser.newContext({ baseURL, locale: 'en-GB', viewport: { width: 768, height: 1024 } })
  const tablet = await device.newPage()
  await useLanguage(tablet, 'en')
  await tablet.goto(`/shortcut?code=${sent.match[1]}`)
  await expect(tablet.getByLabel('E-mail address')).toHaveValue(customer.email)
  await tablet.getByRole('button', { name: 'Send code' }).click()
  const code = (await mailMatching(request, customer.email, /\b([A-Z0-9]{6})\b/)).match[1]
  await tablet.getByLabel('Login code').fill(code)
  await tablet.getByRole('button', { name: 'Sign in' }).click()
  await expect(tablet.getByRole('heading', { name: questionnaire.name })).toBeVisible()

  await tablet.locator('#q-nickname').fill('Fen')
  await tablet.locator('#q-age').fill('34')
  await tablet.locator('#q-visit').fill('02-03-2025')
  await expect(tablet.locator('#q-allergy')).toHaveCount(0)
  await section(tablet, 'allergic').getByRole('button', { name: 'Yes' }).click()
  await tablet.locator('#q-allergy').fill('Lanolin')
  await tablet.getByRole('button', { name: 'Next' }).click()
  await section(tablet, 'skin').getByRole('button', { name: 'Dry and tight' }).click()
  await section(tablet, 'stars').getByRole('button', { name: /4/ }).click()
  await tablet.locator('#q-photo').setInputFiles({ name: 'skin.png', mimeType: 'image/png', buffer: PNG })
  await expect(section(tablet, 'photo').locator('img')).toBeVisible()
  await tablet.getByRole('button', { name: 'Submit' }).click()
  await expect(tablet.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await device.close()

  // Staff: the submission arrives in the replica (a reload pulls the feed) and reads with the
  // employee titles; the question hidden by display logic is left out.
  await expect(async () => {
    await openCustomer(page, customer.email, customer.fullName, 'Questionnaires')
    await expect(page.getByTestId('submission-row').first()).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  const row = page.getByTestId('submission-row').filter({ hasText: questionnaire.name })
  await expect(row).toBeVisible()
  await screenshotAllSizes(page, 'customer-drawer-questionnaires')
  await page.getByRole('dialog').getByRole('tab', { name: 'Activity' }).click()
  await expect(page.getByTestId('activity-row').filter({ hasText: 'Questionnaire submitted' })).toBeVisible()
  await expect(page.getByTestId('activity-row').filter({ hasText: 'Signed in' })).toBeVisible()
  await expect(page.getByTestId('activity-row').filter({ hasText: 'Login code requested' })).toBeVisible()
  await page.getByRole('dialog').getByRole('tab', { name: 'Questionnaires' }).click()
  await row.click()
  const detail = page.getByRole('dialog', { name: questionnaire.name })
  const answer = (name: string) => detail.getByTestId('submission-answer').filter({ hasText: name })
  await expect(answer('Skin type')).toContainText('Xerosis')
  await expect(answer('Skin type')).not.toContainText('Dry and tight')
  await expect(answer('What may we call you?')).toContainText('Fen')
  await expect(answer('Your age')).toContainText('34')
  await expect(answer('Last facial')).toContainText('02-03-2025')
  await expect(answer('Do you have allergies?')).toContainText('Yes')
  await expect(answer('Which allergy?')).toContainText('Lanolin')
  await expect(answer('How happy are you with your skin?')).toContainText('4 / 5')
  await expect(answer('A photo of your skin').locator('img')).toBeVisible()
  // Really loaded from storage (the staff browser's storage cookie), not a broken image.
  await expect
    .poll(() =>
      answer('A photo of your skin')
        .locator('img')
        .evaluate((i: HTMLImageElement) => i.naturalWidth),
    )
    .toBeGreaterThan(0)
  await expect(answer('Why no allergy test?')).toHaveCount(0)
  await expect(answer('Welcome')).toHaveCount(0)
  await expect(detail.getByTestId('submission-meta')).toContainText('By the customer')
  await expect(detail.getByTestId('submission-meta')).toContainText(customer.fullName)
  await screenshotAllSizes(page, 'submission-detail')

  // The same submission is on the dashboard, the staff landing screen.
  await page.goto('/demo/admin')
  await expect(page).toHaveURL(/\/demo\/admin\/dashboard$/)
  const recent = page.getByTestId('submission-row').filter({ hasText: customer.fullName })
  await expect(recent).toContainText(questionnaire.name)
  await screenshotAllSizes(page, 'dashboard')
  await recent.click()
  await expect(page).toHaveURL(/submissionId=/)
  await expect(page.getByRole('dialog', { name: questionnaire.name }).getByText('Xerosis')).toBeVisible()

  // Per questionnaire: /admin/submissions with the filter in the URL.
  await page.goto('/demo/admin/submissions')
  await page.getByLabel('Questionnaire').selectOption({ label: questionnaire.name })
  await expect(page).toHaveURL(new RegExp(`questionnaireId=${questionnaire.id}`))
  await expect(page.getByRole('heading', { name: questionnaire.name, level: 1 })).toBeVisible()
  await expect(page.getByTestId('submission-row')).toHaveCount(1)
  await expect(page.getByTestId('submission-row')).toContainText(customer.fullName)
  await screenshotAllSizes(page, 'submissions-per-questionnaire')
})
