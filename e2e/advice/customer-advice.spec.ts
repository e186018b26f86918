import { expect, test } from '@playwright/test'
import { StaffSignInPage } from '../pages/staff-sign-in'
import { DEMO, screenshot, screenshotAllSizes, unique } from '../fixtures/api'
import { createCustomer, demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { KioskPage } from '../pages/kiosk'
import { CustomerSignInPage } from '../pages/customer-sign-in'
import { questionSection as section } from '../questionnaire-fill/helpers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

/*
 * Issue 11: two Grow modules with conditions on the demo intake questionnaire; a customer fills it
 * on the kiosk offline and sees the advice the tablet chooses; back online, the customer's own
 * advice page (signed in by code) shows the right module with why and not the other; staff see
 * both on the customer drawer, the one that does not apply with the subcondition that failed.
 */
test('customer advice: chosen by the kiosk answers offline, on the customer page and the customer drawer', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  await useLanguage(page, 'nl')
  const staff = await demoStaff(request)
  const base = apiUrl(API.salons.get, { org: staff.org, salon: staff.salon })
  const list = await request.get(`${base}/questionnaires`, { headers: staff.headers })
  const intake = ((await list.json()) as { id: string; name: string }[]).find((q) => q.name === 'Intakeformulier')
  expect(intake, 'demo intake').toBeTruthy()

  const u = unique()
  const condition = async (name: string, value: boolean) => {
    const res = await request.post(`${base}/advices/advice-conditions`, {
      headers: staff.headers,
      data: {
        name,
        subconditions: [{ questionnaireId: intake!.id, questionId: 'allergies', operator: 'equals', value }],
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }
  const module = async (name: string, conditionId: string, text: string) => {
    const res = await request.post(`${base}/advices`, {
      headers: staff.headers,
      data: { name, kind: 'customerAdvice', text, conditionIds: [conditionId] },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  const allergic = `Met allergie ${u}`
  const notAllergic = `Zonder allergie ${u}`
  await module(
    `Gevoelige huid ${u}`,
    await condition(allergic, true),
    '<p>Gebruik <strong>parfumvrije</strong> verzorging.</p>',
  )
  await module(`Vrije keuze ${u}`, await condition(notAllergic, false), '<p>Alles mag.</p>')
  const customer = await createCustomer(request, staff)

  // The tablet: staff signed in, synced (modules, conditions, the customer), the kiosk opened.
  // Signed in with the password: the kiosk's hand-back works with it (no PIN needed).
  await new StaffSignInPage(page, 'nl').signIn(DEMO.slug, DEMO.owner.email, DEMO.owner.password)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  const kiosk = new KioskPage(page)
  await kiosk.openFor(DEMO.slug, customer.id)

  // Offline from here: the customer fills the intake (yes to allergies) and submits.
  await context.setOffline(true)
  await kiosk.choose(/Intakeformulier/)
  await kiosk.handOver()
  await expect(page.getByText('Deel 1 van 4')).toBeVisible()
  await page.locator('#q-date-of-birth').fill('01-02-1985')
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'reason').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'allergies').getByRole('button').first().click()
  await page.locator('#q-allergies-which').fill('noten')
  await section(page, 'medication').getByRole('button').nth(1).click()
  await section(page, 'pregnant').getByRole('button').nth(1).click()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await section(page, 'consent').getByRole('button').first().click()
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page.getByRole('heading', { name: 'Dank je wel!' })).toBeVisible()

  // The tablet chose the advice from its replica, offline: the customer's module only.
  await page.getByRole('button', { name: 'Bekijk je advies' }).click()
  const kioskAdvice = page.getByTestId('kiosk-advice')
  await expect(kioskAdvice.getByText(`Gevoelige huid ${u}`)).toBeVisible()
  await expect(kioskAdvice.getByText(`Vrije keuze ${u}`)).toHaveCount(0)
  await expect(kioskAdvice.getByText('parfumvrije')).toBeVisible()
  await screenshotAllSizes(page, 'advice-kiosk')
  await page.getByRole('button', { name: 'Sluiten' }).last().click()

  // Reconnect: the submission reaches the server.
  await context.setOffline(false)
  await expect
    .poll(
      async () => {
        const res = await request.get(`${base}/questionnaireSubmissions?customerId=${customer.id}`, {
          headers: staff.headers,
        })
        return res.ok() ? ((await res.json()) as { total: number }).total : 0
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)

  // The customer, on their own phone: signed in by code, their advice page.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const mine = await phone.newPage()
  await useLanguage(mine, 'nl')
  await new CustomerSignInPage(mine, request).signIn(DEMO.slug, customer.email)
  await mine.getByRole('link', { name: 'Bekijk je advies' }).click()
  await expect(mine.getByRole('heading', { name: 'Jouw advies' })).toBeVisible()
  const card = mine.getByTestId('advice-module').filter({ hasText: `Gevoelige huid ${u}` })
  await expect(card).toBeVisible()
  await expect(mine.getByText(`Vrije keuze ${u}`)).toHaveCount(0)
  await card.getByText('Waarom dit advies?').click()
  await expect(card.getByText(`${allergic}: Heb je allergieën? is ja.`)).toBeVisible()
  await screenshot(mine, 'advice-customer-page-phone')
  await mine.setViewportSize({ width: 1024, height: 768 })
  await screenshot(mine, 'advice-customer-page-tablet-landscape')
  await phone.close()

  // Staff: the customer drawer's Advies tab shows both, the other one with why it does not apply.
  await kiosk.handBackWithPassword(DEMO.owner.password)
  await expect(kiosk.heading()).toBeVisible()
  await page.goto(`/${DEMO.slug}/admin/customers`)
  await page.getByRole('searchbox').first().fill(customer.email)
  await page.getByTestId('customer-row').filter({ hasText: customer.firstName }).first().click()
  await page.getByRole('tab', { name: 'Advies' }).click()
  const panel = page.getByTestId('customer-advice-panel')
  await expect(panel.getByText(`Gevoelige huid ${u}`)).toBeVisible()
  await panel.getByText(/Toon \d+ modules? die niet van toepassing/).click()
  const other = panel.getByTestId('advice-module').filter({ hasText: `Vrije keuze ${u}` })
  await expect(other).toBeVisible()
  await expect(
    other.getByText(`${notAllergic}: niet voldaan, want nodig is “Heb je allergieën? is nee”.`),
  ).toBeVisible()
  await screenshotAllSizes(page, 'advice-customer-drawer')
})
