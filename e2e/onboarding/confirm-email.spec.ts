import { expect, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { questionnaireBody } from '../../tests/api/questionnaires-fixtures'
import { apiUrl } from '../../tests/helpers/url'
import { englishOrganisation, latestMail, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

/**
 * Issue 21 #16: a new organisation works at once but e-mails, WhatsApps and invites nobody until
 * its owner entered the code mailed at sign-up. The owner sees why in a banner, the send actions
 * say why they are disabled, and after confirming with the code from the mailbox they send.
 */
test('sign-up: the owner confirms their address with the mailed code, then the organisation sends', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await useLanguage(page, 'en')
  const created = await englishOrganisation(request)
  expect(created.session.employee.emailConfirmed).toBe(false)
  const customer = await created.postCustomer()
  const questionnaire = await request.post(
    apiUrl(API.questionnaires.create, { org: created.org, salon: created.salon }),
    {
      headers: created.headers,
      data: questionnaireBody({ name: 'Intake' }),
    },
  )
  expect(questionnaire.status(), await questionnaire.text()).toBe(201)
  await signInAsEmployee(page, created.session)
  const slug = created.organisation.slug

  // Everything else works at once: the customers list, with the banner above it.
  await page.goto(`/${slug}/admin/customers?search=${encodeURIComponent(customer.email)}`)
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(created.admin.email)
  await expect(page.getByTestId('customer-row')).toHaveCount(1)
  await screenshotAllSizes(page, 'email-confirmation-banner')

  // The send action says why it cannot send yet.
  await page.getByTestId('customer-row').click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('tab', { name: 'Questionnaires' }).click()
  await drawer.getByRole('button', { name: 'Send questionnaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send questionnaire' })
  await expect(dialog.getByTestId('sending-blocked')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()
  await screenshotAllSizes(page, 'email-confirmation-send-blocked')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  // Focus goes back to what opened the dialog; from there Escape closes the drawer.
  await expect(drawer.getByRole('button', { name: 'Send questionnaire' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A wrong code is refused where it was typed; a new code can be asked for.
  await banner.getByLabel('Confirmation code').fill('ZZZZZZ')
  await banner.getByRole('button', { name: 'Confirm' }).click()
  await expect(banner.getByRole('alert')).toContainText('Invalid confirmation code')
  await banner.getByRole('button', { name: 'Send a new code' }).click()
  await expect(banner.getByText(`A new code is on its way to ${created.admin.email}.`)).toBeVisible()

  // The code from the dev mailbox confirms: the banner goes, sending works.
  const mail = await latestMail(request, created.admin.email)
  expect(mail.subject).toMatch(/^Confirm your e-mail address/)
  const code = mail.text.match(/\b[A-Z0-9]{6}\b/)?.[0] ?? ''
  await banner.getByLabel('Confirmation code').fill(code.toLowerCase())
  await banner.getByRole('button', { name: 'Confirm' }).click()
  await expect(banner).toHaveCount(0)

  await page.getByTestId('customer-row').click()
  await drawer.getByRole('tab', { name: 'Questionnaires' }).click()
  await drawer.getByRole('button', { name: 'Send questionnaire' }).click()
  await expect(dialog.getByTestId('sending-blocked')).toHaveCount(0)
  await dialog.getByLabel('Questionnaire').selectOption({ label: 'Intake' })
  await dialog.getByLabel('E-mail').check()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  // By role: the drawer is still open, and its toast must not be hidden from assistive technology.
  await expect(page.getByRole('status').filter({ hasText: 'Questionnaire sent to 1 customer.' })).toBeVisible()
  await expect.poll(async () => (await latestMail(request, customer.email)).text).toContain('/shortcut?code=')
})
