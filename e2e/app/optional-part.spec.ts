import { expect, test } from '@playwright/test'
import { createOrganisationViaApi, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

// Routing does not see a service worker's cache: this is about the network failing the chunk.
test.use({ serviceWorkers: 'block' })
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('a banner whose code never arrives is left out; the screen under it works (OptionalPart)', async ({ page }) => {
  // A new organisation's owner gets the e-mail confirmation banner, loaded lazily above every screen.
  const { organisation, session } = await createOrganisationViaApi(page.request)
  expect(session.employee.emailConfirmed).toBe(false)
  let refused = 0
  await page.route(
    (url) => url.pathname.includes('/assets/email-confirmation-banner'),
    (route) => {
      refused++
      return route.abort('internetdisconnected')
    },
  )
  await signInAsEmployee(page, session)
  await page.goto(`/${organisation.slug}/admin/customers`)
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await expect.poll(() => refused).toBeGreaterThan(0)
  // The chunk failed (the page may have reloaded once, as for a new version): still the list, no error page.
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await expect(page.getByTestId('email-confirmation-banner')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add customer' }).first()).toBeEnabled()
  await screenshotAllSizes(page, 'optional-part-left-out')
})
