import { expect, type Page, test } from '@playwright/test'
import { confirmedOrganisationViaApi, screenshot, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 11 gap: a Grow module moves to another group by dragging its handle and with the
// keyboard (past the group's edge), and the move is kept (seen again after a reload).
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const group = (page: Page, name: string) =>
  page.getByTestId('grow-group-section').and(page.locator(`[data-group-name="${name}"]`))
const namesIn = (page: Page, name: string) =>
  group(page, name)
    .getByTestId('grow-module-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-module-name')))

test('grow: a module moves to another group by drag and by keyboard, and stays there after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const slug = created.organisation.slug
  const org = created.organisation.id
  const headers = { authorization: `Bearer ${created.session.token}` }
  const salon = created.session.employee.salons[0].salonId
  const base = apiUrl(API.advice.list, { org, salon })
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data })
    expect(res.ok(), await res.text()).toBe(true)
    return (await res.json()) as { id: string }
  }
  const skin = await post(`${base}/advice-groups`, { name: 'Skin' })
  const home = await post(`${base}/advice-groups`, { name: 'Home care' })
  await post(base, { name: 'Cleanse twice', kind: 'customerAdvice', groupId: skin.id })
  await post(base, { name: 'Sun cream', kind: 'customerAdvice', groupId: skin.id })
  await post(base, { name: 'Night mask', kind: 'customerAdvice', groupId: home.id })

  await signInAsEmployee(page, created.session)
  await page.goto(`/${slug}/admin/grow`)
  // The modules made through the API reach this device with its first sync.
  await expect(page.getByTestId('sync-pill')).toHaveText('Synced', { timeout: 30_000 })
  await expect(group(page, 'Skin').getByTestId('grow-module-row')).toHaveCount(2, { timeout: 30_000 })
  expect(await namesIn(page, 'Home care')).toEqual(['Night mask'])

  // Drag "Sun cream" by its handle below "Night mask" in Home care.
  const handle = page.getByRole('button', { name: 'Move Sun cream (drag, or use the arrow keys)' })
  const target = group(page, 'Home care').getByTestId('grow-module-row').filter({ hasText: 'Night mask' })
  // Both ends on screen, as a person dragging would have them (the notices above push the list down).
  await target.scrollIntoViewIfNeeded()
  await handle.scrollIntoViewIfNeeded()
  const from = (await handle.boundingBox())!
  const to = (await target.boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.8, { steps: 12 })
  await page.mouse.up()
  await expect.poll(() => namesIn(page, 'Home care')).toEqual(['Night mask', 'Sun cream'])
  expect(await namesIn(page, 'Skin')).toEqual(['Cleanse twice'])
  await expect(page.getByText('Sun cream moved to Home care, position 2 of 2.')).toBeAttached()

  // The keyboard: ArrowUp on the first module of Home care moves it to the end of Skin.
  await page.getByRole('button', { name: 'Move Night mask (drag, or use the arrow keys)' }).focus()
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => namesIn(page, 'Skin')).toEqual(['Cleanse twice', 'Night mask'])
  // The keyboard stays on the moved module: another ArrowUp moves it within Skin.
  await expect(page.getByRole('button', { name: 'Move Night mask (drag, or use the arrow keys)' })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => namesIn(page, 'Skin')).toEqual(['Night mask', 'Cleanse twice'])
  await screenshot(page, 'grow-group-move-tablet-landscape')

  // Kept by the server: after a reload the groups show the same.
  await page.reload()
  await expect.poll(() => namesIn(page, 'Skin')).toEqual(['Night mask', 'Cleanse twice'])
  expect(await namesIn(page, 'Home care')).toEqual(['Sun cream'])
  const saved = (await (await request.get(base, { headers })).json()) as { name: string; groupId: string | null }[]
  expect(Object.fromEntries(saved.map((m) => [m.name, m.groupId]))).toEqual({
    'Night mask': skin.id,
    'Cleanse twice': skin.id,
    'Sun cream': home.id,
  })
})
