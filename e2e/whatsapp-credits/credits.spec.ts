import { expect, test } from '@playwright/test'
import { confirmedOrganisationViaApi, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { createCustomer, createQuestionnaire } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 23: the owner buys WhatsApp credits through the local checkout (the sandbox provider),
 * sees the balance and the invoice, sends a questionnaire by WhatsApp (the local outbox: no
 * WhatsApp configuration) and sees the send in the history. A new organisation: its trial plan
 * includes WhatsApp and it starts without credits.
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('whatsapp credits: the owner buys a bundle, sees balance and invoice, and a WhatsApp send in the history', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const slug = created.organisation.slug
  const staff = {
    session: created.session,
    org: created.organisation.id,
    salon: created.session.employee.salons[0].salonId,
    headers: { authorization: `Bearer ${created.session.token}` },
  }
  const customer = await createCustomer(request, staff, {
    phoneNumber: '+31612345678',
    defaultMessagingType: 'whatsapp',
    allowedMessagingTypes: ['whatsapp', 'email'],
  })
  const questionnaire = await createQuestionnaire(request, staff, {
    name: `Intake ${unique()}`,
    kind: 'customerQuestionnaire',
    questions: [{ id: 'q1', name: 'How is your skin today?', type: 'string' }],
  })
  await signInAsEmployee(page, created.session)

  // No credits yet: the balance 0, the bundles, an empty history.
  await page.goto(`/${slug}/admin/whatsapp-credits`)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'WhatsApp credits' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp credits' })).toBeVisible()
  await expect(page.getByTestId('credit-balance')).toHaveText('0')
  await expect(page.getByTestId('credit-bundle')).toHaveCount(3)
  await expect(page.getByText('No credits used yet')).toBeVisible()
  await screenshotAllSizes(page, 'whatsapp-credits-empty')

  // Without credits the send dialog says why WhatsApp cannot be chosen.
  await page.goto(`/${slug}/admin/customers?search=${encodeURIComponent(customer.email)}`)
  await page.getByTestId('customer-row').filter({ hasText: customer.fullName }).click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('tab', { name: 'Questionnaires' }).click()
  await drawer.getByRole('button', { name: 'Send questionnaire' }).click()
  const noCredits = page.getByRole('dialog', { name: 'Send questionnaire' })
  await expect(noCredits.getByTestId('whatsapp-unavailable')).toHaveText(
    'WhatsApp is not possible here: Not enough Whatsapp credits.',
  )
  await expect(noCredits.getByLabel('WhatsApp')).toHaveCount(0)
  await screenshotAllSizes(page, 'whatsapp-credits-send-none')
  await noCredits.getByRole('button', { name: 'Cancel' }).click()

  // Buy 100 credits: the local checkout, then the return page until the payment is known.
  await page.goto(`/${slug}/admin/whatsapp-credits`)
  const bundle = page.getByTestId('credit-bundle').first()
  await expect(bundle).toContainText('100 credits')
  await expect(bundle).toContainText('excl. VAT')
  await bundle.getByTestId('buy-credits').click()
  await page.waitForURL(/\/dev\/checkout\//)
  await page.locator('button[name="status"][value="paid"]').click()
  await page.waitForURL(/\/admin\/whatsapp-credits\/payments\//)
  const outcome = page.getByTestId('payment-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'confirmed')
  // The invoice language is the organisation's (Dutch by default).
  await expect(outcome).toContainText('(100 credits)')
  await expect(outcome).toContainText('The credits have been added')
  await expect(outcome.getByTestId('invoice-download')).toContainText(/SAL-\d{4}-\d{5}/)
  await screenshotAllSizes(page, 'whatsapp-credits-confirmed')
  await outcome.getByRole('link', { name: 'To WhatsApp credits' }).click()

  await expect(page.getByTestId('credit-balance')).toHaveText('100')
  const purchase = page.getByTestId('credit-row').first()
  await expect(purchase).toHaveAttribute('data-reason', 'purchase')
  await expect(purchase.getByTestId('credit-delta')).toHaveText('+100')
  await expect(purchase.getByTestId('invoice-download')).toContainText(/SAL-\d{4}-\d{5}/)
  await screenshotAllSizes(page, 'whatsapp-credits-bought')

  // Send the questionnaire by WhatsApp from the customer's drawer.
  await page.goto(`/${slug}/admin/customers?search=${encodeURIComponent(customer.email)}`)
  await page.getByTestId('customer-row').filter({ hasText: customer.fullName }).click()
  await page.getByRole('dialog').getByRole('tab', { name: 'Questionnaires' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send questionnaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send questionnaire' })
  await dialog.getByLabel('Questionnaire').selectOption({ label: questionnaire.name })
  await dialog.getByLabel('WhatsApp').check()
  await expect(dialog.getByTestId('whatsapp-unavailable')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Questionnaire sent to 1 customer.')).toBeVisible()

  // The history: the send with the customer, what was sent and the category; one credit less.
  await page.goto(`/${slug}/admin/whatsapp-credits`)
  await expect(page.getByTestId('credit-balance')).toHaveText('99')
  const send = page.getByTestId('credit-row').first()
  await expect(send).toHaveAttribute('data-reason', 'send')
  await expect(send).toContainText(customer.fullName)
  await expect(send).toContainText('questionnaire')
  await expect(send).toContainText('utility')
  await expect(send.getByTestId('credit-delta')).toHaveText('−1')
  await page.getByTestId('credit-history').scrollIntoViewIfNeeded()
  await screenshotAllSizes(page, 'whatsapp-credits-history')
})
