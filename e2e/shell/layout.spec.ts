import { expect, type Locator, type Page, test } from '@playwright/test'
import { resizeTo } from '../fixtures/settled'
import {
  ADMIN_PASSWORD,
  screenshot,
  signInAsEmployee,
  signedInNewOrganisation,
  unique,
  VIEWPORTS,
} from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { createCustomer, createQuestionnaire, demoStaff, everyTypeQuestionnaire } from '../submissions/helpers'

/** Issue 7 #23: what must stay in view at every size (tablet landscape, portrait, phone). */
async function atEverySize(page: Page, name: string, check: () => Promise<void>) {
  for (const v of VIEWPORTS) {
    await resizeTo(page, v)
    await check()
    await screenshot(page, `${name}-${v.name}`)
  }
  await page.setViewportSize({ width: 1024, height: 768 })
}

const box = async (l: Locator) => {
  const b = await l.boundingBox()
  if (!b) throw new Error('not on screen')
  return b
}

test('the send dialog keeps its Send button in view; only its body scrolls', async ({ page, request }) => {
  await useLanguage(page, 'en')
  const staff = await demoStaff(request)
  const family = `Layout${unique()}`
  await createCustomer(request, staff, { firstName: 'Anna', lastName: family })
  await createCustomer(request, staff, { firstName: 'Bram', lastName: family })
  const questionnaire = await createQuestionnaire(request, staff, everyTypeQuestionnaire(`Skin ${unique()}`))
  await signInAsEmployee(page, staff.session)
  await page.goto(`/demo/admin/customers?search=${family}`)
  await expect(page.getByTestId('customer-row')).toHaveCount(2)
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Send questionnaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send questionnaire to customers' })
  await dialog.getByLabel('Questionnaire').selectOption({ label: questionnaire.name })
  await expect(dialog.getByTestId('send-preview')).toBeVisible()
  await atEverySize(page, 'send-dialog-actions', async () => {
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 })
    await expect(dialog.getByRole('heading', { name: 'Send questionnaire to customers' })).toBeInViewport()
  })
})

test('dashboard tiles hold their labels at 390 px (Dutch, the longest)', async ({ page, request }) => {
  await useLanguage(page, 'nl')
  const staff = await demoStaff(request)
  await signInAsEmployee(page, staff.session)
  await page.goto('/demo/admin/dashboard')
  await expect(page.getByTestId('count-pending')).toBeVisible()
  await atEverySize(page, 'dashboard-tiles', async () => {
    for (const key of ['today', 'week', 'pending']) {
      const tile = page.getByTestId(`count-${key}`)
      const label = tile.locator('dt')
      const [t, l] = [await box(tile), await box(label)]
      expect(l.x + l.width, key).toBeLessThanOrEqual(t.x + t.width)
      expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth), key).toBe(true)
    }
  })
})

test('a notification stays clear of the sync pill and the profile drawer title', async ({ page, request }) => {
  await useLanguage(page, 'en')
  const { organisation } = await signedInNewOrganisation(page, request, 'en')
  await page.goto(`/${organisation.slug}/admin/customers`)
  await page.getByTestId('profile-button').click()
  const profile = page.getByRole('dialog', { name: 'My profile' })
  await profile.getByRole('button', { name: 'Set PIN' }).click()
  const pin = page.getByRole('dialog', { name: 'Kiosk PIN' })
  await pin.getByLabel('New PIN').fill('2468')
  await pin.getByLabel('Current password').fill(ADMIN_PASSWORD)
  await pin.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your kiosk PIN has been saved.')).toBeVisible()
  await screenshot(page, 'notification-over-drawer')
  // The toasts' column (it stays when they go): below the header and the drawer's title bar.
  // (Outside the open drawer the page is inert, so it is found by its live region, not its role.)
  const column = page.locator('section[aria-live="polite"][aria-label="Notifications"]')
  await atEverySize(page, 'profile-drawer-notification-column', async () => {
    const top = (await box(column)).y
    const title = await box(profile.getByRole('heading', { name: 'My profile' }))
    expect(top).toBeGreaterThanOrEqual(title.y + title.height)
    const pill = page.getByTestId('sync-pill')
    if (await pill.isVisible()) {
      const p = await box(pill)
      expect(top).toBeGreaterThanOrEqual(p.y + p.height)
    }
  })
})
