import { expect, type Page, test } from '@playwright/test'
import { createOrganisationViaApi, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

// Issue 7 #16: after a deploy the chunks of the old version are gone. Routing does not see a
// service worker's cache, and this is about the network answering 404 anyway.
test.use({ serviceWorkers: 'block' })
test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

/** Every script chunk not loaded so far answers 404 (`times`: how often), as after a deploy. */
async function dropNewChunks(page: Page, times?: number) {
  const loaded = new Set(
    await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)),
  )
  let dropped = 0
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !loaded.has(url.pathname),
    (route) => {
      dropped++
      return route.fulfill({ status: 404, body: 'Not found' })
    },
    { times },
  )
  return () => dropped
}

async function openCustomers(page: Page) {
  const { organisation, session } = await createOrganisationViaApi(page.request)
  await signInAsEmployee(page, session)
  await page.goto(`/${organisation.slug}/admin/customers`)
  await expect(page.getByRole('heading', { name: 'Klanten', level: 1 })).toBeVisible()
  return organisation
}

test('stale version: a missing chunk reloads into the new version once, and the screen opens', async ({ page }) => {
  await openCustomers(page)
  const dropped = await dropNewChunks(page, 1)
  const reloads: string[] = []
  page.on('load', () => reloads.push(page.url()))
  await page.getByRole('link', { name: 'Vragenlijsten' }).first().click()
  await expect(page.getByRole('heading', { name: 'Vragenlijsten', level: 1 })).toBeVisible()
  expect(dropped()).toBe(1)
  expect(reloads).toHaveLength(1)
  await expect(page.getByText(/dynamically imported module|Failed to fetch/)).toHaveCount(0)
})

test('stale version: when the reload does not help, a translated screen offers Reload (no loop, no raw text)', async ({
  page,
}) => {
  await openCustomers(page)
  await dropNewChunks(page)
  let loads = 0
  page.on('load', () => loads++)
  await page.getByRole('link', { name: 'Vragenlijsten' }).first().click()
  await expect(page.getByRole('heading', { name: 'Er is een nieuwe versie' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'herladen' })).toBeVisible()
  await expect(page.getByText(/dynamically imported module|Failed to fetch|\.js/)).toHaveCount(0)
  // One reload, and its guard is set, so a failing new version cannot reload again.
  await expect.poll(() => loads).toBe(1)
  expect(await page.evaluate(() => sessionStorage.getItem('salon:stale-version-reload'))).not.toBeNull()
  await expect(page.getByRole('button', { name: 'herladen' })).toBeVisible()
  expect(loads).toBe(1)
  await screenshotAllSizes(page, 'stale-version')
})

test('stale version: unsaved input is never reloaded away; the user is asked instead', async ({ page }) => {
  const organisation = await openCustomers(page)
  await page.goto(`/${organisation.slug}/admin/questionnaires/new`)
  const name = page.getByLabel('Naam', { exact: true }).first()
  await name.fill('Intake zomer')
  let loads = 0
  page.on('load', () => loads++)
  // Vite's signal for a chunk of the old version that could not be loaded.
  // The app answers the event at once: it neither takes it (a reload under way) nor sets the
  // reload guard.
  const reloading = await page.evaluate(() => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Failed to fetch dynamically imported module: /assets/gone.js'),
    })
    return !window.dispatchEvent(event) || sessionStorage.getItem('salon:stale-version-reload') !== null
  })
  expect(reloading).toBe(false)
  expect(loads).toBe(0)
  await expect(name).toHaveValue('Intake zomer')
})

test('offline, a screen whose code this device has not stored yet says so, and opens by itself once back online', async ({
  page,
  context,
}) => {
  await openCustomers(page)
  // No service worker here: the questionnaires screen's code was never fetched.
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Vragenlijsten' }).first().click()
  await expect(page.getByRole('heading', { name: 'Nog niet op dit apparaat' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Er is een nieuwe versie' })).toHaveCount(0)
  await screenshotAllSizes(page, 'not-stored-yet-offline')
  await context.setOffline(false)
  await expect(page.getByRole('heading', { name: 'Vragenlijsten', level: 1 })).toBeVisible()
})
