import { type APIRequestContext, expect, test } from '@playwright/test'
import { v7 as uuidv7 } from 'uuid'
import { screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { openCustomer } from '../submissions/helpers'
import { customerSignIn, demoStaff, newCustomer, type Staff, serverSubmissions } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/**
 * The questions: an option question (customer and employee titles differ) and display logic:
 * "Which allergy?" (required) shows only after "yes".
 */
const QUESTIONS = [
  { id: 'nickname', name: 'What may we call you?', type: 'string', required: true },
  {
    id: 'skin',
    name: 'Skin type',
    type: 'option',
    required: true,
    options: [
      { id: 'dry', customerTitle: 'Dry and tight', employeeTitle: 'Xerosis' },
      { id: 'oily', customerTitle: 'Shiny', employeeTitle: 'Seborrhoea' },
    ],
  },
  { id: 'allergic', name: 'Do you have allergies?', type: 'boolean', required: true },
  {
    id: 'allergy',
    name: 'Which allergy?',
    type: 'string',
    required: true,
    displayLogic: [{ questionId: 'allergic', operator: 'equals', value: true }],
  },
  { id: 'age', name: 'Your age', type: 'number' },
]

/** A questionnaire of QUESTIONS and the customer's submission of it. */
async function submitted(request: APIRequestContext, staff: Staff, customerId: string) {
  const res = await request.post(apiUrl(API.questionnaires.create, { org: staff.org, salon: staff.salon }), {
    headers: staff.headers,
    data: {
      name: `Huidcheck ${unique()}`,
      kind: 'customerQuestionnaire',
      questions: QUESTIONS,
    },
  })
  expect(res.status()).toBe(201)
  const questionnaire = (await res.json()) as { id: string; name: string }
  const id = uuidv7()
  const sub = await request.post(apiUrl(API.submissions.create, { org: staff.org, salon: staff.salon }), {
    headers: staff.headers,
    data: {
      id,
      customerId,
      questionnaireId: questionnaire.id,
      takenBy: 'customer',
      answers: [
        { questionId: 'nickname', value: 'Fen' },
        { questionId: 'skin', value: 'dry' },
        { questionId: 'allergic', value: false },
        { questionId: 'age', value: 34 },
      ],
    },
  })
  expect(sub.status()).toBe(201)
  return { questionnaire, id }
}

/** Staff take a question out of the questionnaire (an edit of its answer is refused from then on). */
async function removeQuestion(request: APIRequestContext, staff: Staff, questionnaireId: string, questionId: string) {
  const res = await request.put(
    apiUrl(API.questionnaires.update, { org: staff.org, salon: staff.salon, id: questionnaireId }),
    { headers: staff.headers, data: { questions: QUESTIONS.filter((q) => q.id !== questionId) } },
  )
  expect(res.status(), await res.text()).toBe(200)
}

test('a customer changes an answer online; staff see the new value and answerUpdated in the activity', async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const { questionnaire, id } = await submitted(request, staff, customer.id)

  await customerSignIn(page, request, customer.email)
  const list = page.getByTestId('submitted-questionnaires')
  await expect(list.getByRole('link', { name: new RegExp(questionnaire.name) })).toBeVisible()
  await screenshotAllSizes(page, 'customer-submitted-list')
  await list.getByRole('link', { name: new RegExp(questionnaire.name) }).click()
  await expect(page.getByRole('heading', { name: questionnaire.name })).toBeVisible()
  const row = (name: string) => page.getByTestId('submission-answer').filter({ hasText: name })
  // The customer reads their own option titles.
  await expect(row('Skin type')).toContainText('Dry and tight')
  await expect(row('Skin type')).not.toContainText('Xerosis')
  await expect(row('Which allergy?')).toHaveCount(0)
  await screenshotAllSizes(page, 'customer-submission')

  // "Yes" reveals the required "Which allergy?": saving without it is refused with the spec's message.
  await row('Do you have allergies?')
    .getByRole('button', { name: 'Change the answer to “Do you have allergies?”' })
    .click()
  const editor = page.getByTestId('answer-editor')
  await editor.getByRole('button', { name: 'Yes' }).click()
  await expect(editor.locator('#q-allergy')).toBeVisible()
  await editor.getByRole('button', { name: 'Save answer' }).click()
  await expect(editor.getByText('Some required questions have not been answered.')).toBeVisible()
  await screenshotAllSizes(page, 'customer-answer-editor')
  await editor.locator('#q-allergy').fill('Lanolin')
  await editor.getByRole('button', { name: 'Save answer' }).click()
  await expect(editor).toHaveCount(0)
  await expect(row('Do you have allergies?')).toContainText('Yes')
  await expect(row('Which allergy?')).toContainText('Lanolin')

  // The option question with the customer's titles, through the same inputs as filling.
  await row('Skin type')
    .getByRole('button', { name: /Change the answer/ })
    .click()
  await editor.getByRole('button', { name: 'Shiny' }).click()
  await editor.getByRole('button', { name: 'Save answer' }).click()
  await expect(row('Skin type')).toContainText('Shiny')
  await expect(page.locator('.pending-badge')).toHaveCount(0, { timeout: 15_000 })

  await expect
    .poll(async () => (await serverSubmissions(request, staff, customer.id)).find((s) => s.id === id)?.answers)
    .toEqual(
      expect.arrayContaining([
        { questionId: 'skin', value: 'oily' },
        { questionId: 'allergic', value: true },
        { questionId: 'allergy', value: 'Lanolin' },
      ]),
    )

  // Staff: the new value with the employee title and the "changed on" note; answerUpdated logged.
  await page.context().clearCookies()
  await signInAsEmployee(page, staff.session)
  await expect(async () => {
    await page.goto(`/demo/admin/submissions?submissionId=${id}`)
    const detail = page.getByRole('dialog', { name: questionnaire.name })
    await expect(detail.getByTestId('submission-answer').filter({ hasText: 'Skin type' })).toContainText('Seborrhoea', {
      timeout: 3_000,
    })
  }).toPass({ timeout: 30_000 })
  const detail = page.getByRole('dialog', { name: questionnaire.name })
  await expect(detail.getByTestId('submission-answer').filter({ hasText: 'Skin type' })).toContainText('(was: Xerosis)')
  await openCustomer(page, customer.email, customer.fullName, 'Activity')
  const updates = page.getByTestId('activity-row').filter({ hasText: 'Answer changed' })
  await expect(updates.filter({ hasText: 'Skin type' })).toHaveCount(1)
  await expect(updates.filter({ hasText: 'Which allergy?' })).toHaveCount(1)
})

test('staff change an answer offline; after reconnecting the server has the new value once', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const { questionnaire, id } = await submitted(request, staff, customer.id)
  await signInAsEmployee(page, staff.session)
  const detail = page.getByRole('dialog', { name: questionnaire.name })
  const row = (name: string) => detail.getByTestId('submission-answer').filter({ hasText: name })
  await expect(async () => {
    await page.goto(`/demo/admin/submissions?submissionId=${id}`)
    await expect(row('Your age')).toContainText('34', { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })

  await context.setOffline(true)
  await row('Your age')
    .getByRole('button', { name: /Change the answer/ })
    .click()
  await detail.getByTestId('answer-editor').locator('#q-age').fill('35')
  // A stray Escape does not throw the answer being changed away (issue 7 #5): the drawer asks.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog').getByText('Discard your changes?')).toBeVisible()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Keep editing' }).click()
  await expect(detail.getByTestId('answer-editor').locator('#q-age')).toHaveValue('35')
  await detail.getByRole('button', { name: 'Save answer' }).click()
  await expect(row('Your age')).toContainText('35')
  await expect(row('Your age').locator('.pending-badge')).toBeVisible()
  await screenshotAllSizes(page, 'staff-answer-edited-offline')

  await context.setOffline(false)
  await expect(row('Your age').locator('.pending-badge')).toHaveCount(0, { timeout: 20_000 })
  // Online again: the "changed on" note comes from the server's activity log.
  await expect(row('Your age').getByTestId('answer-edited')).toContainText('(was: 34)')
  const server = (await serverSubmissions(request, staff, customer.id)).find((s) => s.id === id)
  expect(server?.answers).toContainEqual({ questionId: 'age', value: 35 })
  const activity = await request.get(apiUrl(API.customers.activities, { org: staff.org }), {
    headers: staff.headers,
    params: { customerId: customer.id, period: 'all' },
  })
  const edits = ((await activity.json()) as { type: string; data: { questionId?: string } }[]).filter(
    (a) => a.type === 'answerUpdated' && a.data.questionId === 'age',
  )
  expect(edits).toHaveLength(1)
})

test('a customer changes an answer offline: kept on the device (waiting to sync), sent once on reconnect', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const { questionnaire, id } = await submitted(request, staff, customer.id)
  await customerSignIn(page, request, customer.email)
  const list = page.getByTestId('submitted-questionnaires')
  await list.getByRole('link', { name: new RegExp(questionnaire.name) }).click()
  const row = (name: string) => page.getByTestId('submission-answer').filter({ hasText: name })
  await expect(row('Your age')).toContainText('34')

  await context.setOffline(true)
  await row('Your age')
    .getByRole('button', { name: /Change the answer/ })
    .click()
  await page.getByTestId('answer-editor').locator('#q-age').fill('36')
  await page.getByRole('button', { name: 'Save answer' }).click()
  await expect(page.getByText('Your answer is saved on this device')).toBeVisible()
  await expect(row('Your age')).toContainText('36')
  await expect(row('Your age').locator('.pending-badge')).toBeVisible()
  await screenshotAllSizes(page, 'customer-answer-pending')
  // The landing page lists it from the device, marked as waiting.
  await page.getByRole('link', { name: 'Back to dashboard' }).click()
  await expect(list.getByRole('link', { name: new RegExp(questionnaire.name) }).locator('.pending-badge')).toBeVisible()

  await context.setOffline(false)
  await expect(list.locator('.pending-badge')).toHaveCount(0, { timeout: 20_000 })
  const server = (await serverSubmissions(request, staff, customer.id)).find((s) => s.id === id)
  expect(server?.answers).toContainEqual({ questionId: 'age', value: 36 })
  const activity = await request.get(apiUrl(API.customers.activities, { org: staff.org }), {
    headers: staff.headers,
    params: { customerId: customer.id, period: 'all' },
  })
  const edits = ((await activity.json()) as { type: string; data: { questionId?: string; by?: string } }[]).filter(
    (a) => a.type === 'answerUpdated',
  )
  expect(edits).toEqual([
    expect.objectContaining({ data: expect.objectContaining({ questionId: 'age', by: 'customer' }) }),
  ])
})

test('a changed answer the server refuses is shown with the reason; undoing it drops the change', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const { questionnaire, id } = await submitted(request, staff, customer.id)
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('submitted-questionnaires')
    .getByRole('link', { name: new RegExp(questionnaire.name) })
    .click()
  const row = (name: string) => page.getByTestId('submission-answer').filter({ hasText: name })
  // The page drawn first: going offline while its code still loads is another test's subject
  // (e2e/app/stale-version.spec.ts; without a service worker yet it cannot open).
  await expect(row('Your age')).toContainText('34')
  await context.setOffline(true)
  await row('Your age')
    .getByRole('button', { name: /Change the answer/ })
    .click()
  await page.getByTestId('answer-editor').locator('#q-age').fill('40')
  await page.getByRole('button', { name: 'Save answer' }).click()
  await expect(row('Your age').locator('.pending-badge')).toBeVisible()
  // Meanwhile staff take the question out of the questionnaire.
  await removeQuestion(request, staff, questionnaire.id, 'age')
  await context.setOffline(false)
  await expect(row('Your age').getByTestId('answer-refused')).toBeVisible({ timeout: 20_000 })
  await expect(row('Your age').getByTestId('answer-refused')).toContainText('This change was not accepted')

  await page.getByRole('link', { name: 'Back to dashboard' }).click()
  const refused = page.getByTestId('refused-edits')
  await expect(refused).toContainText(questionnaire.name)
  await expect(refused).toContainText('This question is not part of the questionnaire.')
  await screenshotAllSizes(page, 'customer-refused-edit')
  await refused.getByRole('button', { name: 'Undo change' }).click()
  await expect(refused).toHaveCount(0)
  const server = (await serverSubmissions(request, staff, customer.id)).find((s) => s.id === id)
  expect(server?.answers).toContainEqual({ questionId: 'age', value: 34 })
})
