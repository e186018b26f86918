import { expect, test } from '@playwright/test'
import { expectAccessible } from '../fixtures/a11y'
import { DEMO, screenshot, signInAsEmployee, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { resizeTo } from '../fixtures/settled'

// Issue 21 #17: Grow on a 390 px phone, in Dutch (the longest texts): module and group names are
// read in full, the move buttons sit beside nothing, and all three tabs are on screen.
test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('grow at 390 px: names in full, no control overlaps another, every tab in view', async ({ page, request }) => {
  test.setTimeout(120_000)
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))
  await resizeTo(page, { width: 390, height: 844 })
  await page.goto(`/${DEMO.slug}/admin/grow`)
  const rows = page.getByTestId('grow-module-row')
  await expect(rows.first()).toBeVisible({ timeout: 30_000 })
  for (const tab of ['Modules', 'Groepen', 'Voorwaarden'])
    await expect(page.getByRole('tab', { name: new RegExp(tab) })).toBeInViewport({ ratio: 1 })
  const name = rows.first().getAttribute('data-module-name')
  await expect(rows.first().getByText((await name) ?? '', { exact: true })).toBeInViewport({ ratio: 1 })
  await expectAccessible(page, 'grow modules')
  await screenshot(page, 'grow-phone-modules')

  await page.getByRole('tab', { name: /Groepen/ }).click()
  await expect(page.getByTestId('grow-group-row').first()).toBeVisible()
  await expectAccessible(page, 'grow groups')
  await screenshot(page, 'grow-phone-groups')
  await page.getByRole('tab', { name: /Voorwaarden/ }).click()
  await expect(page.getByTestId('grow-condition-row').first()).toBeVisible()
  await expectAccessible(page, 'grow conditions')
  await screenshot(page, 'grow-phone-conditions')
})
