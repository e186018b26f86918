import { expect, test } from '@playwright/test'
import { StaffSignInPage } from '../pages/staff-sign-in'
import { DEMO, screenshotAllSizes, signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { KioskPage } from '../pages/kiosk'
import { createCustomer as newCustomer, demoStaff } from '../fixtures/demo'
import { questionSection as section } from '../questionnaire-fill/helpers'

/**
 * Issue 7 #24 and #23: what the kiosk and My profile say about taking the tablet back agrees
 * with what the code does (the password works where it was typed: sign-in or sign-up on this
 * tablet); the hand-back message says what happened to the answers; an empty /start puts the
 * cursor on the first field to fill.
 */
test('a new owner from /start: the first invalid field gets the cursor, and the password takes the tablet back at once', async ({
  page,
}) => {
  await useLanguage(page, 'en')
  await page.goto('/start')
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByLabel('Legal company name')).toBeFocused()
  await expect(page.getByLabel('Legal company name')).toBeInViewport()

  const u = unique()
  await page.getByLabel('Legal company name').fill(`Kiosk ${u} B.V.`)
  await page.getByLabel('Company name to use').fill(`Kiosk ${u}`)
  await expect(page.getByText('is available')).toBeVisible()
  await page.getByLabel('VAT number').fill('NL001234567B01')
  await page.getByLabel('Contact person').fill('Noor Jansen')
  await page.getByLabel('Address line 1').fill('Prinsengracht 100')
  await page.getByLabel('Postal code').fill('1015 EA')
  await page.getByLabel('City').fill('Amsterdam')
  await page.getByLabel('Branch name').fill('Jordaan')
  await page.getByLabel('First name').fill('Noor')
  await page.getByLabel('Last name').fill('Jansen')
  await page.getByLabel('E-mail address').fill(`noor-${u}@example.test`)
  await page.getByLabel('Password', { exact: true }).fill('Noor-Salon-1')
  // One field left empty, far down the form: the cursor goes there.
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByLabel('Confirm password')).toBeFocused()
  await page.getByLabel('Confirm password').fill('Noor-Salon-1')
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByTestId('side-nav')).toBeVisible()

  const slug = new URL(page.url()).pathname.split('/')[1]
  await page.goto(`/${slug}/admin/kiosk`)
  await expect(page.getByRole('heading', { name: 'Kiosk', level: 1 })).toBeVisible()
  await expect(page.getByText(/Set a kiosk PIN in My profile/)).toHaveCount(0)
  await page.getByRole('link', { name: 'Staff screens' }).click()
  await page.getByTestId('profile-button').click()
  const profile = page.getByRole('dialog', { name: 'My profile' })
  await expect(profile.getByTestId('kiosk-pin-section')).toContainText('On this tablet your password works too.')
})

test('signed in without typing the password here: My profile says the password cannot take the tablet back yet', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en')
  const { organisation } = await signedInNewOrganisation(page, request, 'en')
  await page.goto(`/${organisation.slug}/admin/kiosk`)
  await expect(page.getByText(/Set a kiosk PIN in My profile/)).toBeVisible()
  await page.getByRole('link', { name: 'Staff screens' }).click()
  await page.getByTestId('profile-button').click()
  const profile = page.getByRole('dialog', { name: 'My profile' })
  await expect(profile.getByTestId('kiosk-pin-section')).toContainText(
    'Your password cannot do that on this tablet yet',
  )
  await screenshotAllSizes(page, 'kiosk-profile-no-password')
})

test('online hand-back: the message says the questionnaire was sent, not that it waits for a connection', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  // The demo owner's language is Dutch: the staff screens follow it after sign-in.
  await useLanguage(page, 'en')
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  await new StaffSignInPage(page, 'en').signIn(DEMO.slug, DEMO.owner.email, DEMO.owner.password, 'Gesynchroniseerd')
  await page.goto(`/${DEMO.slug}/admin/kiosk`)
  await page.getByLabel('Zoek een klant').fill(customer.email)
  await page.getByRole('button', { name: new RegExp(customer.fullName) }).click()
  await page.getByRole('button', { name: /Intake/ }).click()
  // The same count as the questionnaire list: the welcome text is not a question (issue 7 #21).
  await expect(page.getByRole('button', { name: /Intake/ })).toContainText('9 vragen')
  await new KioskPage(page).handOver()

  await page.locator('#q-date-of-birth').fill('01-02-1985')
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'reason').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'allergies').getByRole('button').nth(1).click()
  await section(page, 'medication').getByRole('button').nth(1).click()
  await section(page, 'pregnant').getByRole('button').nth(1).click()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'consent').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Versturen' }).click()
  const usePassword = page.getByRole('button', { name: 'Wachtwoord gebruiken' })
  await expect(page.getByLabel(/Wachtwoord van|Pincode van/)).toBeVisible()
  if (await usePassword.isVisible()) await usePassword.click()
  await new KioskPage(page).handBackWithPassword(DEMO.owner.password)
  await expect(page.getByText(`De vragenlijst van ${customer.fullName} is verstuurd.`)).toBeVisible()
  await expect(page.getByText(/zodra er verbinding is/)).toHaveCount(0)
})
