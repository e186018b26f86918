import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Questionnaire } from '../../contract/questionnaires'
import { DEMO, screenshot, screenshotAllSizes, signInAsEmployee, signInViaApi, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { createCustomer, demoStaff } from '../fixtures/demo'
import { openCustomer } from '../submissions/helpers'
import { EditorPage } from '../pages/questionnaire-editor'
import { fillFromMail, sendByEmail } from './send-and-fill'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// A 1×1 PNG: the server checks the type by its magic bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

test('demo owner builds a questionnaire with every question type, logic, media and a keyboard reorder; it persists, is sent by e-mail, filled through the link and read by staff', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const session = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  await signInAsEmployee(page, session)
  const editor = new EditorPage(page)

  // The list: provider questionnaires from the replica, filter by kind.
  await page.goto(`/${DEMO.slug}/admin/questionnaires`)
  await expect(page.getByRole('heading', { name: 'Questionnaires', level: 1 })).toBeVisible()
  await expect(page.getByTestId('questionnaire-row').first()).toBeVisible()
  await expect(page.getByTestId('questionnaire-row').filter({ hasText: 'Provider' }).first()).toBeVisible()
  await screenshotAllSizes(page, 'questionnaires-list')
  await page.getByLabel('Type of questionnaire').selectOption('employeeQuestionnaire')
  await expect(page).toHaveURL(/kind=employeeQuestionnaire/)
  await page.getByLabel('Type of questionnaire').selectOption('')

  await page.getByRole('button', { name: 'New questionnaire' }).first().click()
  await expect(page.getByRole('heading', { name: 'New questionnaire', level: 1 })).toBeVisible()
  // Nothing is sent while the form is invalid: the name is required.
  await page.getByRole('button', { name: 'Create questionnaire' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  const name = `Skin check ${unique()}`
  await page.getByLabel('Name', { exact: true }).fill(name)
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')

  let card = await editor.addQuestion('Yes / no', 'Do you have allergies?')
  await card.getByLabel('Required').check()
  await editor.collapse(card)

  card = await editor.addQuestion('Text', 'Which allergies?')
  await card.getByRole('button', { name: 'Add condition' }).click()
  await expect(card.getByLabel('Earlier question')).toHaveValue(/.+/)
  await expect(card.getByLabel('Earlier question').locator('option:checked')).toHaveText('1. Do you have allergies?')
  await expect(card.getByLabel('Answer', { exact: true })).toHaveValue('true')
  await editor.collapse(card)

  card = await editor.addQuestion('Dropdown', 'Skin type')
  await card.getByLabel('Option 1: customer sees').fill('Dry skin')
  await card.getByLabel('Option 1: staff see').fill('Dry (D)')
  await card.getByRole('button', { name: 'Add option' }).click()
  await card.getByLabel('Option 2: customer sees').fill('Oily skin')
  await card.getByLabel('Option 2: staff see').fill('Oily (O)')
  await card.getByRole('button', { name: 'Add option' }).click()
  await card.getByLabel('Option 3: customer sees').fill('Combination')
  await card.getByLabel('Option 3: staff see').fill('Combi')
  // Reorder options: "Combination" first.
  await card.getByRole('button', { name: 'Move “Combination” up' }).click()
  await card.getByRole('button', { name: 'Move “Combination” up' }).click()
  await expect(card.getByLabel('Option 1: customer sees')).toHaveValue('Combination')
  await card.getByLabel('Allow multiple values').check()
  await card.getByLabel('Section').selectOption('skin')
  await card.getByRole('button', { name: 'Choose icon' }).click()
  const icons = page.getByRole('dialog', { name: 'Choose icon' })
  await icons.getByRole('button', { name: 'calendar' }).click()
  await expect(icons).toBeHidden()
  await expect(card.getByTestId('chosen-icon')).toHaveAttribute('src', /icons\/general\/calendar\.svg$/)
  await editor.collapse(card)

  card = await editor.addQuestion('Number', 'How many hours do you sleep?')
  await editor.collapse(card)
  card = await editor.addQuestion('Date', 'Date of birth')
  await editor.collapse(card)
  card = await editor.addQuestion('Rating', 'How do you rate your skin?')
  await editor.collapse(card)
  card = await editor.addQuestion('Image', 'Photo of your skin')
  await editor.collapse(card)

  card = await editor.addQuestion('Information', 'About the treatment')
  await card.getByLabel('Text', { exact: true }).fill('The treatment takes an hour.')
  // The server checks the type of an upload and says why it refuses one.
  const file = card.locator('input[type=file]')
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(card.getByText('Only PNG, JPEG, WebP and GIF images can be uploaded.')).toBeVisible()
  await file.setInputFiles({ name: 'skin.png', mimeType: 'image/png', buffer: PNG })
  await expect(card.getByTestId('question-image')).toBeVisible()
  await expect(card.getByText('Only PNG, JPEG, WebP and GIF images can be uploaded.')).toBeHidden()
  await card.getByLabel('Video URL').fill('https://example.com/video')
  await expect(card.getByText('Video URLs accept only YouTube and Vimeo.')).toBeVisible()
  await card.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await expect(card.getByText('Video URLs accept only YouTube and Vimeo.')).toBeHidden()
  await expect(card.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
  await screenshotAllSizes(page, 'questionnaire-editor-question')
  await editor.collapse(card)

  // Keyboard reorder: "Date of birth" (5th) to the top with the arrow keys on its handle.
  const dob = editor.cards.nth(4)
  await editor.handle(dob).focus()
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp')
  await expect(editor.handle(editor.cards.first())).toBeFocused()
  await expect(page.getByText('“Date of birth” moved to position 1 of 8.')).toBeAttached()
  // Drag with the pointer: the rating above the sleep question.
  const from = await editor.handle(editor.cards.nth(5)).boundingBox()
  const to = await editor.cards.nth(4).boundingBox()
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2)
  await page.mouse.down()
  await page.mouse.move(from!.x + 10, to!.y + 6, { steps: 8 })
  await page.mouse.up()
  const order = [
    'Date of birth',
    'Do you have allergies?',
    'Which allergies?',
    'Skin type',
    'How do you rate your skin?',
    'How many hours do you sleep?',
    'Photo of your skin',
    'About the treatment',
  ]
  await expect.poll(() => editor.names()).toEqual(order)
  await screenshotAllSizes(page, 'questionnaire-editor')

  // The preview applies display logic live and starts a new part where the section changes.
  await page.getByRole('tab', { name: 'Preview' }).click()
  const preview = editor.preview
  await expect(preview.getByText('Part 1 of 2')).toBeVisible()
  await expect(preview.getByText('Which allergies?')).toHaveCount(0)
  await preview
    .getByTestId('preview-question')
    .filter({ hasText: 'Do you have allergies?' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(preview.getByText('Which allergies?')).toBeVisible()
  await screenshotAllSizes(page, 'questionnaire-preview')
  // From 1200 px the preview sits beside the editor.
  await page.setViewportSize({ width: 1366, height: 900 })
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveCount(0)
  await expect(editor.preview).toBeVisible()
  await expect(editor.cards.first()).toBeVisible()
  await screenshot(page, 'questionnaire-editor-wide')
  await page.setViewportSize({ width: 1024, height: 768 })
  // Next checks the part's required questions, as on the tablet (issue 7 #19): answer first
  // (the preview's answers start over when it moves beside the editor and back).
  await preview.getByRole('button', { name: 'Next' }).click()
  await expect(preview.getByText('Some required questions have not been answered.')).toBeVisible()
  await expect(preview.getByText('Part 1 of 2')).toBeVisible()
  await preview
    .getByTestId('preview-question')
    .filter({ hasText: 'Do you have allergies?' })
    .getByRole('button', { name: 'No' })
    .click()
  await expect(preview.getByText('Some required questions have not been answered.')).toBeHidden()
  await preview.getByRole('button', { name: 'Next' }).click()
  await expect(preview.getByRole('button', { name: 'Combination' })).toBeVisible()
  // The customer sees a question's icon, and the uploaded image really loads (storage cookie).
  const skinQuestion = preview.getByTestId('preview-question').filter({ hasText: 'Combination' })
  await expect(skinQuestion.locator('img[src$="icons/general/calendar.svg"]')).toBeVisible()
  await expect(preview.locator('iframe')).toBeVisible()
  await expect
    .poll(() =>
      preview
        .locator('img[src*="/images/"]')
        .first()
        .evaluate((i: HTMLImageElement) => i.naturalWidth),
    )
    .toBeGreaterThan(0)
  await page.getByRole('tab', { name: 'Edit' }).click()

  await page.getByRole('button', { name: 'Create questionnaire' }).click()
  await expect(page.getByText('Questionnaire created.')).toBeVisible()
  await expect(page).toHaveURL(/\/questionnaires\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').pop()!

  // Persisted: after a reload, and through the API.
  await page.reload()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect.poll(() => editor.names()).toEqual(order)
  const res = await request.get(
    apiUrl(API.questionnaires.get, {
      org: session.employee.organisationId,
      salon: session.employee.salons[0].salonId,
      id,
    }),
    { headers: { authorization: `Bearer ${session.token}` } },
  )
  expect(res.ok()).toBe(true)
  const saved = (await res.json()) as Questionnaire
  expect(saved.managedByProvider).toBe(false)
  expect(saved.questions.map((q) => q.name)).toEqual(order)
  expect(saved.questions.map((q) => q.type)).toEqual([
    'date',
    'boolean',
    'string',
    'option',
    'rating',
    'number',
    'image',
    'information',
  ])
  const [, allergies, which, skin, , , , info] = saved.questions
  expect(allergies.required).toBe(true)
  expect(which.displayLogic).toEqual([{ questionId: allergies.id, operator: 'equals', value: true }])
  expect(skin.options.map((o) => [o.customerTitle, o.employeeTitle])).toEqual([
    ['Combination', 'Combi'],
    ['Dry skin', 'Dry (D)'],
    ['Oily skin', 'Oily (O)'],
  ])
  expect(skin).toMatchObject({ group: 'skin', icon: 'general/calendar', allowMultiple: true })
  expect(info.image).toMatch(/\/images\/.+\.png$/)
  expect(info.videoUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')

  // Unsaved changes: leaving asks first.
  await page.getByLabel('Name', { exact: true }).fill(`${name} (draft)`)
  await page.getByRole('link', { name: 'All questionnaires' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Keep editing' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${name} (draft)`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Questionnaire saved.')).toBeVisible()

  // Sent by e-mail to a customer, filled through the link on the customer's own device, read by staff.
  const customer = await createCustomer(request, await demoStaff(request))
  await sendByEmail(page, customer, `${name} (draft)`)
  await fillFromMail(browser, request, baseURL, customer.email, saved)
  await expect(async () => {
    await openCustomer(page, customer.email, customer.fullName, 'Questionnaires')
    await expect(page.getByTestId('submission-row').first()).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await page.getByTestId('submission-row').first().click()
  const detail = page.getByRole('dialog', { name: `${name} (draft)` })
  const answer = (q: string) => detail.getByTestId('submission-answer').filter({ hasText: q })
  await expect(answer('Skin type')).toContainText('Dry (D)')
  await expect(answer('Which allergies?')).toContainText('Lanolin')
  await expect(answer('How many hours do you sleep?')).toContainText('7')
  await expect(answer('Date of birth')).toContainText('02-03-1990')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await page.goto(`/${DEMO.slug}/admin/questionnaires/${id}`)

  // The CSV export downloads with the staff token: one row, the option by its title.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export answers (CSV)' }).click()
  const csvFile = await download
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/)
  const csv = readFileSync((await csvFile.path())!, 'utf8')
  expect(csv).toContain('Skin type')
  expect(csv).toContain('Lanolin')
  expect(csv).toMatch(/Dry \(D\)|Dry skin/)

  await page.getByRole('link', { name: 'All questionnaires' }).click()
  await expect(page.getByTestId('questionnaire-row').filter({ hasText: `${name} (draft)` })).toContainText('Custom')
})

test('offline the editor is read-only with a notice; export and new are disabled', async ({
  page,
  context,
  request,
}) => {
  const session = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  await signInAsEmployee(page, session)
  await page.goto(`/${DEMO.slug}/admin/questionnaires`)
  await expect(page.getByTestId('questionnaire-row').first()).toBeVisible()
  // The service worker serves the app's files (the editor's chunk too) once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  await context.setOffline(true)
  await expect(page.getByRole('button', { name: 'New questionnaire' })).toBeDisabled()
  await page.getByTestId('questionnaire-row').first().click()
  await expect(page.getByText('You are offline. You can look at this questionnaire')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export answers (CSV)' })).toBeDisabled()
  await expect(page.getByText('Exporting needs a connection.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add question' })).toHaveCount(0)
  await editorOpenFirst(page)
  await expect(page.getByLabel('Question', { exact: true })).toBeDisabled()
  // Read-only: no controls that could not work (no move handles, no adding options or conditions).
  await expect(page.getByRole('button', { name: /^Move “/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add condition' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await screenshotAllSizes(page, 'questionnaire-editor-offline')
  await context.setOffline(false)
})

async function editorOpenFirst(page: import('@playwright/test').Page) {
  await page.getByTestId('question-card').first().locator('button[aria-expanded]').click()
}
