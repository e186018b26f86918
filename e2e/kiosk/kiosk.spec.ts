import { expect, type Page, test } from '@playwright/test'
import { StaffSignInPage } from '../pages/staff-sign-in'
import { DEMO, screenshotAllSizes, signInViaApi, signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { KioskPage } from '../pages/kiosk'
import { questionSection as section } from '../questionnaire-fill/helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

/** The demo receptionist: customers in the first branch, no questionnaire management. */
const STAFF = { email: 'balie@demo.salon', password: DEMO.owner.password }
const PIN = '2468'

async function fillIntake(page: Page, note: string) {
  await page.locator('#q-date-of-birth').fill('01-02-1985')
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'reason').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'allergies').getByRole('button').first().click()
  await page.locator('#q-allergies-which').fill(note)
  await section(page, 'medication').getByRole('button').nth(1).click()
  await section(page, 'pregnant').getByRole('button').nth(1).click()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'consent').getByRole('button').first().click()
}

test('kiosk: offline from start to end, hand over, stay inside, submit, hand back with the PIN; synced once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  // The receptionist's language is Dutch (the default): the kiosk runs in Dutch after sign-in.
  await useLanguage(page, 'nl')
  // Online: the staff member signs in and sets a kiosk PIN in My profile.
  await new StaffSignInPage(page, 'nl').signIn(DEMO.slug, STAFF.email, STAFF.password)
  const pill = page.getByTestId('sync-pill')

  await page.getByTestId('profile-button').click()
  const profile = page.getByRole('dialog', { name: 'Mijn profiel' })
  await profile.getByRole('button', { name: 'Pincode instellen' }).click()
  const pinDialog = page.getByRole('dialog', { name: 'Kiosk-pincode' })
  await pinDialog.getByLabel('Nieuwe pincode').fill('12')
  await pinDialog.getByLabel('Huidig wachtwoord').fill(STAFF.password)
  await pinDialog.getByRole('button', { name: 'Opslaan' }).click()
  await expect(pinDialog.getByText('De pincode moet uit 4 tot 8 cijfers bestaan.')).toBeVisible()
  await pinDialog.getByLabel('Nieuwe pincode').fill(PIN)
  await pinDialog.getByLabel('Huidig wachtwoord').fill('Wrong-Password-1')
  await pinDialog.getByRole('button', { name: 'Opslaan' }).click()
  await expect(pinDialog.getByText('Het huidige wachtwoord klopt niet.')).toBeVisible()
  await screenshotAllSizes(page, 'kiosk-pin-dialog')
  await pinDialog.getByLabel('Huidig wachtwoord').fill(STAFF.password)
  await pinDialog.getByRole('button', { name: 'Opslaan' }).click()
  await expect(page.getByText('Je kiosk-pincode is opgeslagen.')).toBeVisible()
  await expect(profile.getByRole('button', { name: 'Pincode wijzigen' })).toBeVisible()
  await screenshotAllSizes(page, 'kiosk-profile-pin')
  await page.keyboard.press('Escape')

  // The service worker must control the page before the network goes away.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  await context.setOffline(true)
  await expect(pill).toHaveText('Offline')

  // Offline from here: open the kiosk, create the customer, pick the questionnaire, hand over.
  await page.getByTestId('side-nav').getByRole('link', { name: 'Kiosk' }).click()
  await expect(page.getByRole('heading', { name: 'Kiosk', level: 1 })).toBeVisible()
  await expect(page.getByTestId('side-nav')).toHaveCount(0)
  await screenshotAllSizes(page, 'kiosk-start')

  const u = unique()
  await page.getByRole('button', { name: 'Nieuwe klant' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nieuwe klant' })
  await drawer.getByLabel('Voornaam').fill('Kiosk')
  await drawer.getByLabel('Achternaam').fill(`Klant ${u}`)
  await drawer.getByLabel('E-mailadres').fill(`kiosk-${u}@example.test`)
  await drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('button', { name: new RegExp(`Kiosk Klant ${u}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const kiosk = new KioskPage(page)
  await kiosk.choose(/Intakeformulier/)
  await screenshotAllSizes(page, 'kiosk-start-chosen')
  await kiosk.handOver()
  await expect(page.getByText('Deel 1 van 4')).toBeVisible()
  await screenshotAllSizes(page, 'kiosk-fill')

  // The customer cannot leave: back, a typed staff address and a reload all stay in the questionnaire.
  await page.locator('#q-date-of-birth').fill('01-02-1985')
  await page.goBack()
  await expect(page.getByText('Deel 1 van 4')).toBeVisible()
  await expect(page).toHaveURL(/\/demo\/admin\/kiosk/)
  await page.goto(`/${DEMO.slug}/admin/customers`)
  await expect(page.getByText('Deel 1 van 4')).toBeVisible()
  await expect(page).toHaveURL(/\/demo\/admin\/kiosk/)
  await page.reload()
  await expect(page.getByText('Deel 1 van 4')).toBeVisible()
  await expect(page.locator('#q-date-of-birth')).toHaveValue('01-02-1985')
  await expect(page.getByTestId('side-nav')).toHaveCount(0)

  const note = `kiosk ${u}`
  await fillIntake(page, note)
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page.getByRole('heading', { name: 'Dank je wel!' })).toBeVisible()
  await screenshotAllSizes(page, 'kiosk-hand-back')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dank je wel!' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Dank je wel!' })).toBeVisible()

  // A wrong PIN is refused; the right one takes the tablet back to the kiosk start.
  await kiosk.handBackWithPin('1111')
  await expect(page.getByText('Onjuiste pincode of wachtwoord. Nog 4 pogingen voor een pauze.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Dank je wel!' })).toBeVisible()
  await screenshotAllSizes(page, 'kiosk-hand-back-wrong')
  await kiosk.handBackWithPin(PIN)
  await expect(kiosk.heading()).toBeVisible()
  await expect(pill).toHaveText('Offline, 2 wachtend')

  // Reconnect: the customer and then the submission reach the server, the submission once.
  const device = await page.evaluate(() => localStorage.getItem('deviceId'))
  expect(device).toMatch(/^d-/)
  await context.setOffline(false)
  await expect(pill).toHaveText('Gesynchroniseerd', { timeout: 30_000 })
  const staff = await signInViaApi(request, STAFF.email, STAFF.password)
  const headers = { authorization: `Bearer ${staff.token}` }
  const org = staff.employee.organisationId
  const salon = staff.employee.salons[0].salonId
  const found = await request.get(apiUrl(API.customers.list, { org }), { headers, params: { search: u } })
  const customers = (await found.json()) as { items: { id: string }[] }
  expect(customers.items).toHaveLength(1)
  const res = await request.get(apiUrl(API.submissions.list, { org, salon }), {
    headers,
    params: { customerId: customers.items[0].id, pageSize: '50' },
  })
  const items = ((await res.json()) as { items: Record<string, unknown>[] }).items
  expect(items).toHaveLength(1)
  expect(items[0]).toMatchObject({
    takenBy: 'employee',
    employeeId: staff.employee.id,
    employeeName: `${staff.employee.firstName} ${staff.employee.lastName}`,
    deviceId: device,
  })
  expect(JSON.stringify(items[0].answers)).toContain(note)
})

test('kiosk: staff stop a hand-over with the password; wrong ones lock it, and a reload keeps the lock', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await useLanguage(page, 'nl')
  // Signed in with the password (no PIN): the password then opens the kiosk offline too.
  await new StaffSignInPage(page, 'nl').signIn(DEMO.slug, DEMO.owner.email, DEMO.owner.password)

  // Start kiosk from a customer's drawer: the kiosk opens with that customer chosen.
  await page.goto(`/${DEMO.slug}/admin/customers`)
  await page.getByTestId('customer-row').filter({ hasText: 'Daan Bakker' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Kiosk starten' }).click()
  await expect(page.getByRole('button', { name: /Daan Bakker/ })).toHaveAttribute('aria-pressed', 'true')
  const kiosk = new KioskPage(page)
  await kiosk.choose(/Huidanalyse/)
  await kiosk.handOver()
  await expect(page.getByText(/Deel 1 van/)).toBeVisible()

  const stop = await kiosk.stopHandOver()
  const password = stop.getByLabel('Wachtwoord van Eva')
  for (let left = 4; left >= 1; left--) {
    await password.fill('Wrong-Password-1')
    await stop.getByRole('button', { name: 'Tablet terugnemen' }).click()
    await expect(stop.getByText(`Nog ${left} ${left === 1 ? 'poging' : 'pogingen'} voor een pauze.`)).toBeVisible()
  }
  await password.fill('Wrong-Password-1')
  await stop.getByRole('button', { name: 'Tablet terugnemen' }).click()
  const locked = stop.getByText(/Te veel onjuiste pogingen/)
  await expect(locked).toBeVisible()
  await screenshotAllSizes(page, 'kiosk-stop-locked')

  // A reload does not reset the lock: the tablet is still the customer's, and still locked.
  await page.reload()
  await expect(page.getByText(/Deel 1 van/)).toBeVisible()
  await kiosk.stopHandOver()
  await expect(locked).toBeVisible()
  await expect(password).toBeDisabled()

  // After the pause the right password takes the tablet back; the staff screens are free again.
  await expect(locked).toBeHidden({ timeout: 40_000 })
  await password.fill(DEMO.owner.password)
  await stop.getByRole('button', { name: 'Tablet terugnemen' }).click()
  await expect(kiosk.heading()).toBeVisible()
  await page.getByRole('link', { name: 'Medewerkerschermen' }).click()
  await expect(page).toHaveURL(/\/demo\/admin\/customers/)
})

test('kiosk: without a PIN or a remembered password the tablet is not handed over (English)', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en')
  const { organisation } = await signedInNewOrganisation(page, request, 'en')
  await page.goto(`/${organisation.slug}/admin/kiosk`)
  await expect(page.getByRole('heading', { name: 'Kiosk', level: 1 })).toBeVisible()
  await expect(page.getByText('This branch has no customers yet')).toBeVisible()
  await expect(page.getByText(/Set a kiosk PIN in My profile/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Hand over' })).toBeDisabled()
  await screenshotAllSizes(page, 'kiosk-start-no-pin')
})
