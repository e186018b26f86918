import { expect, test } from '@playwright/test'
import { DEMO, screenshotAllSizes, signInAsEmployee, signInViaApi, signedInNewOrganisation } from '../fixtures/api'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test('my profile: language saved to the account, condensed mode, season override', async ({ page, request }) => {
  const { organisation, session } = await signedInNewOrganisation(page, request, 'nl')
  await page.goto(`/${organisation.slug}/admin/customers`)
  const nav = page.getByTestId('side-nav')
  await expect(nav.getByText('Klanten')).toBeVisible()
  await screenshotAllSizes(page, 'shell')

  await page.getByTestId('profile-button').click()
  await expect(page.getByRole('dialog', { name: 'Mijn profiel' })).toBeVisible()
  await screenshotAllSizes(page, 'profile-drawer')

  // Language: applied at once, stored under `language` and on the server.
  await page.getByLabel('English').check()
  await expect(page.getByRole('dialog', { name: 'My profile' })).toBeVisible()
  await expect(nav.getByText('Customers')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en')
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.employees.me, { org: organisation.id }), {
        headers: { authorization: `Bearer ${session.token}` },
      })
      return (await res.json()).language
    })
    .toBe('en')
  await page.getByLabel('Nederlands').check()
  await expect(nav.getByText('Klanten')).toBeVisible()

  // Condensed mode narrows the navigation from 120 to 45 px.
  expect((await nav.boundingBox())?.width).toBe(120)
  await page.getByRole('switch', { name: 'Compacte modus' }).click()
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(45)
  expect(await page.evaluate(() => localStorage.getItem('condensedMode'))).toBe('true')

  // Season override changes the primary colour.
  await page.getByLabel('Kleurthema').selectOption('summer')
  const primary = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
  await expect.poll(primary).toBe('#c38a4e')
  expect(await page.evaluate(() => localStorage.getItem('appSeason'))).toBe('summer')
  await page.getByLabel('Kleurthema').selectOption('spring')
  await expect.poll(primary).toBe('#96b69a')
  await screenshotAllSizes(page, 'profile-drawer-spring')

  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await screenshotAllSizes(page, 'shell-condensed-spring')

  // Settings survive a reload.
  await page.reload()
  await expect.poll(primary).toBe('#96b69a')
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(45)
})

test('narrow screens get the 45 px navigation', async ({ page, request }) => {
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/demo/admin/customers')
  await expect.poll(async () => (await page.getByTestId('side-nav').boundingBox())?.width).toBe(45)
})
