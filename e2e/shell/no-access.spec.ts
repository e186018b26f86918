import { expect, test } from '@playwright/test'
import { resizeTo } from '../fixtures/settled'
import { DEMO, screenshot, signInAsEmployee, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

/** The demo receptionist (server/seed/demo.ts): reads and manages customers in Amsterdam only. */
const RECEPTION = { email: 'balie@demo.salon', password: DEMO.owner.password }

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('a screen the employee may not use is not reachable by typing its address: the no-access page, in the shell', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(request, RECEPTION.email, RECEPTION.password)
  await signInAsEmployee(page, session)
  const nav = page.getByTestId('side-nav')
  const noAccess = page.getByTestId('no-access')

  for (const screen of ['dashboard', 'questionnaires', 'branches', 'questionnaires/new'] as const) {
    await page.goto(`/${DEMO.slug}/admin/${screen}`)
    await expect(noAccess.getByRole('heading', { name: 'Geen toegang tot dit scherm' })).toBeVisible()
    // Inside the staff shell: her navigation (customers and kiosk only) and her branch.
    await expect(nav.getByRole('link', { name: 'Klanten' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Vragenlijsten' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Vestigingen' })).toHaveCount(0)
    // Never the screen: no questionnaire answers to change, no other branch with its counts.
    await expect(page.getByRole('button', { name: 'Wijzigen' })).toHaveCount(0)
    await expect(page.getByTestId('count-today')).toHaveCount(0)
    await expect(page.getByTestId('branch-list')).toHaveCount(0)
    await expect(page.getByText('Utrecht')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/${DEMO.slug}/admin/${screen}$`))
  }
  await page.goto(`/${DEMO.slug}/admin/dashboard`)
  await expect(noAccess).toBeVisible()
  await screenshot(page, 'no-access-tablet-landscape')
  await resizeTo(page, { width: 390, height: 844 })
  await expect(noAccess.getByRole('link', { name: 'Naar Klanten' })).toBeInViewport()
  await screenshot(page, 'no-access-phone')
  await page.setViewportSize({ width: 1024, height: 768 })

  // The way on: a screen she may use.
  await noAccess.getByRole('link', { name: 'Naar Klanten' }).click()
  await expect(page).toHaveURL(new RegExp(`/${DEMO.slug}/admin/customers`))
  await expect(page.getByRole('heading', { name: 'Klanten', level: 1 })).toBeVisible()
  await expect(noAccess).toHaveCount(0)

  // The staff area's landing is the first screen she may use; the kiosk stays hers.
  await page.goto(`/${DEMO.slug}/admin`)
  await expect(page).toHaveURL(new RegExp(`/${DEMO.slug}/admin/customers`))
  await page.goto(`/${DEMO.slug}/admin/kiosk`)
  await expect(noAccess).toHaveCount(0)
})

test('the owner reaches every screen by its address (the guard lets allowed screens through)', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  await signInAsEmployee(page, session)
  for (const screen of ['dashboard', 'questionnaires', 'customers', 'branches'] as const) {
    await page.goto(`/${DEMO.slug}/admin/${screen}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('no-access')).toHaveCount(0)
  }
  await expect(page.getByTestId('branch-list').getByText('Utrecht')).toBeVisible()
})
