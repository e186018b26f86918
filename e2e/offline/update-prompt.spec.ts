import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// A new service worker appears (a deploy): it is offered and only taken on the user's click; a
// change made offline just before is still there after the reload.
test("pwa: an update is offered, not forced, and taken only on the user's click", async ({
  page,
  context,
  request,
}) => {
  const { organisation } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })

  // The server under test serves E2E_STATIC_DIR when set (playwright.config.ts), else dist.
  const sw = path.join(path.resolve(process.env.E2E_STATIC_DIR ?? 'dist'), 'sw.js')
  const original = readFileSync(sw, 'utf8')
  try {
    appendFileSync(sw, `\n// e2e deploy ${Date.now()}\n`)
    // A change made offline just before the update.
    await context.setOffline(true)
    const u = unique()
    await customers.startCreate()
    await customers.fill({ firstName: 'Update', lastName: `Klant ${u}`, email: `update-${u}@example.test` })
    await customers.save()
    await expect(customers.drawer).toBeHidden()
    await context.setOffline(false)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    const prompt = page.getByTestId('update-prompt')
    await expect(prompt).toBeVisible({ timeout: 15_000 })
    await expect(customers.pill()).toHaveText('Synced', { timeout: 15_000 })
    await expect(prompt.getByRole('button', { name: 'Update now' })).toBeEnabled()
    // Nothing reloads by itself: the new version waits for the user.
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
      .toBe(true)
    await expect(customers.row(`Update Klant ${u}`)).toBeVisible()
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update now' }).click()])
    await expect(page.getByTestId('update-prompt')).toBeHidden()
    await expect(customers.row(`Update Klant ${u}`)).toBeVisible()
  } finally {
    writeFileSync(sw, original)
  }
})
