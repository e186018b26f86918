import { expect, type Locator, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { encodeMp3 } from '../../shared/audio/encode'
import { apiUrl } from '../../tests/helpers/url'
import { screenshotAllSizes, unique } from '../fixtures/api'
import { signInGlobalAdmin } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 24: the global admin's paid course editor. A paid course is made with its price typed in
 * euro (kept as exact cents), a module with a preview text segment and an uploaded audio segment
 * (the platform's upload, readable by the admin's browser), a second course is moved above the
 * first with the keyboard, all of it is found saved after a reload, the discount code drawer
 * offers the course, and the second course is deleted.
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** One second of a 330 Hz tone as MP3 (the app's own encoder). */
async function toneMp3() {
  const rate = 44100
  const pcm = new Float32Array(rate)
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate)
  return Buffer.from(await encodeMp3([pcm], rate))
}

const drawerOf = (page: Page) => page.getByRole('dialog')
const segments = (drawer: Locator) => drawer.getByTestId('segment-row')
const courseRows = (page: Page, tag: string) => page.getByTestId('course-row').filter({ hasText: tag })

async function newCourse(page: Page, title: string, price: string) {
  await page.getByRole('button', { name: 'New course' }).first().click()
  const drawer = drawerOf(page)
  await drawer.getByLabel('Title (Dutch)').fill(title)
  await drawer.getByLabel('Title (English)').fill(`${title} (EN)`)
  await drawer.getByLabel('Description (Dutch)').fill('Alles over chemische peelings.')
  await drawer.getByLabel('Price (€, excluding VAT)').fill(price)
  return drawer
}

test('paid course editor: price, a module with a preview text and uploaded audio, keyboard reorder, delete', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signInGlobalAdmin(page, request)
  const tag = unique()
  const first = `Peelings ${tag}`
  const second = `Huidanalyse ${tag}`
  await page.goto('/global-admin/paid-courses')
  await expect(page.getByRole('heading', { level: 1, name: 'Paid courses' })).toBeVisible()

  // A price that is not an amount is refused on its field, then 49.99 is read as exact cents.
  const drawer = await newCourse(page, first, '49.999')
  await drawer.getByRole('button', { name: 'Create course' }).click()
  const price = drawer.getByLabel('Price (€, excluding VAT)')
  await expect(price).toHaveAttribute('aria-invalid', 'true')
  await expect(drawer.getByText('Enter an amount in euro with at most two decimals')).toBeVisible()
  await price.fill('49.99')
  await screenshotAllSizes(page, 'paid-courses-course-drawer')
  await drawer.getByRole('button', { name: 'Create course' }).click()
  await expect(drawer).toBeHidden()
  await expect(courseRows(page, first).getByTestId('course-price')).toHaveText('€49.99 excl. VAT')

  // Its module: a preview text segment and an audio segment uploaded to the platform's files.
  await page.getByRole('link', { name: first }).click()
  await expect(page.getByRole('heading', { name: first })).toBeVisible()
  await page.getByRole('button', { name: 'New module' }).first().click()
  await drawer.getByLabel('Module title (Dutch)').fill('Basis')
  await drawer.getByLabel('Module title (English)').fill('Basics')
  await drawer.getByRole('button', { name: 'Text', exact: true }).click()
  const text = segments(drawer).nth(0)
  await text.getByLabel('Segment title (Dutch)').fill('Proefles')
  await text.getByRole('textbox', { name: 'Text (Dutch)' }).fill('Wat een peeling doet met de huid.')
  await text.getByRole('checkbox', { name: /^Preview/ }).check()
  await drawer.getByRole('button', { name: 'Audio', exact: true }).click()
  const audio = segments(drawer).nth(1)
  await audio.getByLabel('Segment title (Dutch)').fill('Luisteren: de behandeling')
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith(apiUrl(API.globalUploads.audio)) && r.request().method() === 'POST',
  )
  await audio
    .getByTestId('audio-file-input')
    .setInputFiles({ name: 'behandeling.mp3', mimeType: 'audio/mpeg', buffer: await toneMp3() })
  const upload = await uploaded
  expect(upload.status()).toBe(201)
  const stored = (await upload.json()) as { path: string; url: string }
  expect(stored.path).toMatch(/^global\/audio\/[0-9a-f-]{36}\.mp3$/)
  await expect(audio.getByTestId('audio-player')).toBeVisible()
  // The admin's browser holds the platform's storage cookie: the file plays from /storage/global/….
  expect((await page.request.get(stored.url)).status()).toBe(200)
  await expect(audio.getByRole('checkbox', { name: /^Preview/ })).not.toBeChecked()
  await audio.getByTestId('audio-player').scrollIntoViewIfNeeded()
  await screenshotAllSizes(page, 'paid-courses-module-drawer')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByTestId('module-row')).toContainText('Preview')
  await screenshotAllSizes(page, 'paid-courses-course')

  // A second course, moved above the first with the keyboard (the full order is saved at once).
  await page.getByRole('link', { name: 'All courses' }).click()
  const other = await newCourse(page, second, '120')
  await other.getByRole('button', { name: 'Create course' }).click()
  await expect(other).toBeHidden()
  await expect(courseRows(page, tag)).toHaveText([new RegExp(first), new RegExp(second)])
  const ordered = page.waitForResponse((r) => r.url().endsWith('/paid-courses/order') && r.request().method() === 'PUT')
  await page.getByRole('button', { name: `Move ${second}`, exact: true }).focus()
  await page.keyboard.press('ArrowUp')
  expect((await ordered).status()).toBe(200)
  await expect(courseRows(page, tag)).toHaveText([new RegExp(second), new RegExp(first)])
  await expect(page.getByRole('button', { name: `Move ${second}`, exact: true })).toBeFocused()
  await screenshotAllSizes(page, 'paid-courses')

  // Saved: the order, the prices, and the module's segments with their preview flags.
  await page.reload()
  await expect(courseRows(page, tag)).toHaveText([new RegExp(second), new RegExp(first)])
  await expect(courseRows(page, second).getByTestId('course-price')).toHaveText('€120.00 excl. VAT')
  await page.getByRole('button', { name: `Edit ${first}` }).click()
  await expect(drawer.getByLabel('Price (€, excluding VAT)')).toHaveValue('49.99')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await page.getByRole('link', { name: first }).click()
  await page
    .getByTestId('module-row')
    .getByRole('button', { name: /^Basis/ })
    .click()
  await expect(segments(drawer)).toHaveCount(2)
  await expect(
    segments(drawer)
      .nth(0)
      .getByRole('checkbox', { name: /^Preview/ }),
  ).toBeChecked()
  await expect(segments(drawer).nth(1).getByTestId('audio-player')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // A discount code can be made for the course.
  await page.goto('/global-admin/discount-codes')
  await page.getByRole('button', { name: 'New discount code' }).first().click()
  await expect(drawerOf(page).getByLabel(`Paid course: ${first} (EN)`)).toBeVisible()
  await page.keyboard.press('Escape')

  // The second course is deleted after a confirm.
  await page.goto('/global-admin/paid-courses')
  await page.getByRole('button', { name: `Delete ${second}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(courseRows(page, tag)).toHaveText([new RegExp(first)])
})
