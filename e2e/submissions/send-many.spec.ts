import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { createCustomer, createQuestionnaire, demoStaff, everyTypeQuestionnaire } from './helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('send to many by WhatsApp: the customers that cannot receive it are reported, the others are sent', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const family = `Visser${unique()}`
  const anna = await createCustomer(request, staff, {
    firstName: 'Anna',
    lastName: family,
    phoneNumber: '+31611111111',
    allowedMessagingTypes: ['email', 'whatsapp'],
    defaultMessagingType: 'whatsapp',
  })
  const bram = await createCustomer(request, staff, {
    firstName: 'Bram',
    lastName: family,
    allowedMessagingTypes: ['email', 'whatsapp'],
  })
  const cas = await createCustomer(request, staff, { firstName: 'Cas', lastName: family })
  const questionnaire = await createQuestionnaire(request, staff, everyTypeQuestionnaire(`Skin ${unique()}`))
  await signInAsEmployee(page, staff.session)

  await page.goto(`/demo/admin/customers?search=${family}`)
  await expect(page.getByTestId('customer-row')).toHaveCount(3)
  await page.getByRole('checkbox', { name: `Select ${anna.fullName}` }).check()
  await expect(page.getByTestId('selection-bar')).toContainText('1 customer selected')
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await expect(page.getByTestId('selection-bar')).toContainText('3 customers selected')
  await screenshotAllSizes(page, 'customers-selected')

  // Offline the dialog says plainly that sending needs the connection.
  await context.setOffline(true)
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Send questionnaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send questionnaire to customers' })
  await expect(dialog.getByTestId('send-offline')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled()
  await context.setOffline(false)
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled()

  await expect(dialog.getByTestId('send-recipients')).toContainText('To 3 customers')
  await dialog.getByLabel('Questionnaire').selectOption({ label: questionnaire.name })
  await dialog.getByLabel('WhatsApp').check()
  await expect(dialog.getByTestId('channel-warning')).toContainText('2 of 3 customers')
  await expect(dialog.getByLabel('Message')).toHaveValue(/\{\{link\}\}/)
  await screenshotAllSizes(page, 'send-questionnaire-many')
  await dialog.getByRole('button', { name: 'Send' }).click()

  const result = dialog.getByTestId('send-result')
  await expect(result).toContainText('Questionnaire sent to 1 customer.')
  const names = [bram.fullName, cas.fullName]
  await expect(dialog.getByTestId('send-failed-summary')).toHaveText(
    new RegExp(`Failed to send questionnaire to: (${names.join(', ')}|${[...names].reverse().join(', ')})\\.`),
  )
  await expect(dialog.getByTestId('send-failure').filter({ hasText: bram.fullName })).toContainText(
    'Customer does not have a phone number.',
  )
  await expect(dialog.getByTestId('send-failure').filter({ hasText: cas.fullName })).toContainText(
    'Customer does not accept this notification type.',
  )
  await screenshotAllSizes(page, 'send-questionnaire-result')
  await dialog.getByRole('button', { name: 'Close' }).last().click()
  await expect(page.getByTestId('selection-bar')).toHaveCount(0)

  // Anna was sent: her shortcut link exists on the server (one code per questionnaire and customer).
  const link = await request.post(
    apiUrl(API.questionnaires.createShortcut, { org: staff.org, salon: staff.salon, id: questionnaire.id }),
    { headers: staff.headers, data: { customerId: anna.id } },
  )
  expect(link.ok()).toBe(true)
})
