import { expect, test } from '@playwright/test'
import { v7 as uuidv7 } from 'uuid'
import type { Customer } from '../../contract/customers'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 11: the owner configures the customer card (wishes and skin elements) with a live
// preview; the card shows the customer's configured answers; a skin analysis made offline with
// the face map is marked pending, syncs on reconnect and shows in the history.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))
test.setTimeout(180_000)

test('customer card: configured answers on the card; a skin analysis made offline syncs and shows in the history', async ({
  page,
  context,
  request,
}) => {
  const o = await englishOrganisation(request)
  const org = o.organisation.id
  const salon = o.session.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${o.session.token}` }
  const u = unique()
  const qRes = await request.post(apiUrl(API.questionnaires.create, { org, salon }), {
    headers,
    data: {
      name: `Intake ${u}`,
      kind: 'customerQuestionnaire',
      hidden: false,
      messageTemplate: null,
      questions: [
        { id: 'goal', name: 'What would you like to achieve?', type: 'string', group: 'wishes' },
        { id: 'budget', name: 'Monthly budget', type: 'number', group: 'wishes' },
        { id: 'feel', name: 'How does your skin feel?', type: 'string', group: 'skin' },
        { id: 'sleep', name: 'Hours of sleep', type: 'number', group: 'vitality' },
      ],
    },
  })
  expect(qRes.status(), await qRes.text()).toBe(201)
  const questionnaire = (await qRes.json()) as { id: string }
  const cRes = await request.post(apiUrl(API.customers.create, { org }), {
    headers,
    data: { email: `klant-${u}@example.test`, firstName: `Iris${u.slice(-4)}`, lastName: 'Jansen', salonIds: [salon] },
  })
  expect(cRes.status()).toBe(201)
  const customer = (await cRes.json()) as Customer
  const sRes = await request.post(apiUrl(API.submissions.create, { org, salon }), {
    headers,
    data: {
      id: uuidv7(),
      customerId: customer.id,
      questionnaireId: questionnaire.id,
      takenBy: 'employee',
      answers: [
        { questionId: 'goal', value: 'Fewer breakouts before my wedding' },
        { questionId: 'budget', value: 80 },
        { questionId: 'feel', value: 'Tight after cleansing' },
      ],
    },
  })
  expect(sRes.status(), await sRes.text()).toBe(201)

  // The owner configures the card.
  await signInAsEmployee(page, o.session)
  await page.goto(`/${o.organisation.slug}/admin/customer-card`)
  await expect(page.getByRole('heading', { name: 'Customer card', level: 1 })).toBeVisible()
  const preview = page.getByTestId('card-preview')
  // The default card already shows the wishes answer of the customer picked for the preview.
  await expect(preview.getByText('Fewer breakouts before my wedding')).toBeVisible()
  const wishes = page.locator('[data-module-editor="Wishes"]')
  await wishes.getByRole('button', { name: /elements?$/ }).click()
  const budget = wishes
    .locator('[data-element-editor]')
    .filter({ has: page.getByRole('option', { name: /Monthly budget/, selected: true }) })
  await expect(budget).toHaveCount(1)
  await budget.getByLabel('Label', { exact: true }).fill('Budget')
  await budget.getByLabel('Label postfix').fill('euro per month')
  await budget.getByLabel('Label position').selectOption('left')
  await expect(preview.getByText('euro per month')).toBeVisible()
  // The skin question of this questionnaire, added to the Skin module (the default takes the
  // provider questionnaire's first skin questions).
  const skin = page.locator('[data-module-editor="Skin"]')
  await skin.getByRole('button', { name: /elements?$/ }).click()
  await skin.getByRole('button', { name: 'Add element' }).click()
  const added = skin.locator('[data-element-editor]').last()
  await added.getByLabel('Shows').selectOption({ label: `Intake ${u} — How does your skin feel?` })
  await added.getByLabel('Type').selectOption('Persistent')
  await expect(preview.locator('[data-module="Skin"]').getByText('Tight after cleansing')).toBeVisible()
  // Vitality off: its module leaves the preview.
  await page.locator('[data-module-editor="Vitality"]').getByRole('checkbox').uncheck()
  // Skin moves up above Wishes with the keyboard-free arrow button.
  await page.getByRole('button', { name: 'Move Skin up' }).click()
  await expect(preview.locator('[data-module="Skin"]')).toBeVisible()
  await screenshotAllSizes(page, 'customer-card-editor')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Customer card saved')).toBeVisible()
  const saved = await request.get(apiUrl(API.dashboardConfigurations.get, { org, salon }), { headers })
  const body = await saved.json()
  expect(body.isDefault).toBe(false)
  expect(body.config.modules.find((m: { kind: string }) => m.kind === 'Vitality').enabled).toBe(false)

  // The card in the customer drawer.
  await page.goto(`/${o.organisation.slug}/admin/customers`)
  await page.getByTestId('customer-row').filter({ hasText: customer.fullName }).click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('tab', { name: 'Card' }).click()
  const card = drawer.getByTestId('customer-card')
  await expect(card.locator('[data-module="Wishes"]').getByText('Fewer breakouts before my wedding')).toBeVisible()
  await expect(card.locator('[data-module="Wishes"]').getByText('Budget')).toBeVisible()
  await expect(card.locator('[data-module="Skin"]').getByText('Tight after cleansing')).toBeVisible()
  await expect(card.locator('[data-module="Vitality"]')).toHaveCount(0)
  await expect(card.getByText('No skin analysis yet')).toBeVisible()
  await screenshotAllSizes(page, 'customer-card-drawer')

  // A skin analysis offline, with the face map.
  await context.setOffline(true)
  await card.getByRole('button', { name: 'New analysis' }).click()
  const form = card.getByTestId('skin-analysis-form')
  await form.getByRole('radio', { name: 'Combination' }).click()
  await form.getByRole('radio', { name: 'III', exact: true }).click()
  await form.getByRole('radio', { name: /^Acne/ }).click()
  const forehead = form.locator('[data-zone="forehead"]')
  await forehead.click()
  await forehead.click()
  await expect(forehead).toHaveAttribute('data-severity', '2')
  await form.getByRole('radio', { name: /^Redness/ }).click()
  await form.locator('[data-zone="leftCheek"]').click()
  await form.getByLabel('Notes').fill('Breakout on the forehead, slight redness left.')
  await screenshotAllSizes(page, 'customer-card-skin-form')
  await form.getByRole('button', { name: 'Save analysis' }).click()
  const summary = card.getByTestId('skin-analysis-summary')
  await expect(summary.getByText('Waiting to be sent')).toBeVisible()
  await expect(summary.getByText('Combination')).toBeVisible()
  await expect(summary.getByText(/Forehead 2/)).toBeVisible()
  const onServer = async () =>
    (
      await (
        await request.get(apiUrl(API.skinAnalyses.get, { org, salon, id: customer.id }), {
          headers,
        })
      ).json()
    ).history as { id: string; findings: unknown[] }[]
  expect(await onServer()).toHaveLength(0)
  await screenshotAllSizes(page, 'customer-card-skin-pending')

  await context.setOffline(false)
  await expect(summary.getByText('Waiting to be sent')).toBeHidden({ timeout: 20_000 })
  const stored = await onServer()
  expect(stored).toHaveLength(1)
  expect(stored[0].findings).toHaveLength(2)

  // A second analysis (online), then the history compares the two dates.
  await card.getByRole('button', { name: 'New analysis' }).click()
  await form.getByLabel('Date of the analysis').fill('')
  await form.getByLabel('Date of the analysis').pressSequentially('01-01-2026')
  await form.getByRole('radio', { name: /^Acne/ }).click()
  await form.locator('[data-zone="chin"]').click()
  await form.getByRole('button', { name: 'Save analysis' }).click()
  await expect(card.getByTestId('skin-analysis-summary').getByText('Waiting to be sent')).toBeHidden({
    timeout: 20_000,
  })
  await card.getByRole('button', { name: /History \(2\)/ }).click()
  const history = card.getByTestId('skin-history')
  await expect(history.getByTestId('skin-history-row')).toHaveCount(2)
  await expect(history.getByTestId('skin-changes')).toContainText('Chin')
  await screenshotAllSizes(page, 'customer-card-skin-history')
  expect(await onServer()).toHaveLength(2)
})
