import { expect, type Page, test } from '@playwright/test'
import { resizeTo, settled } from '../fixtures/settled'
import config from '../../playwright.config'
import { screenshot, signedInNewOrganisation, unique, VIEWPORTS } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

// Issue 11: audio of a Grow module — recorded in the module drawer (Chromium's fake microphone, a
// beep), encoded to MP3 in the worker, uploaded, saved with the module, played; then offline the
// service worker's cached copy plays and seeks (206 cut from the cached file).
const base = config.use?.launchOptions ?? {}
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['microphone'],
})
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const player = (page: Page) => page.getByRole('dialog').getByTestId('audio-player').locator('audio')

/** The audio field in view at each size (it sits low in the module drawer), then back to 1024x768. */
async function screenshotAllSizes(page: Page, name: string) {
  for (const v of VIEWPORTS) {
    await resizeTo(page, v)
    await page.getByRole('dialog').getByTestId('audio-field').scrollIntoViewIfNeeded()
    await settled(page)
    await screenshot(page, `${name}-${v.name}`)
  }
  await page.setViewportSize({ width: 1024, height: 768 })
}

/** Plays from `at` seconds and answers where playback got to a moment later. */
async function playFrom(page: Page, at: number) {
  return player(page).evaluate(async (el: HTMLAudioElement, from) => {
    if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }))
    el.muted = true
    el.currentTime = from
    await el.play()
    await new Promise((r) => setTimeout(r, 800))
    el.pause()
    return { currentTime: el.currentTime, duration: el.duration, seekable: el.seekable.length ? el.seekable.end(0) : 0 }
  }, at)
}

test('grow audio: record in the module drawer, save, play, and play and seek offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000)
  const { organisation } = await signedInNewOrganisation(page, request)
  await page.goto(`/${organisation.slug}/admin/grow`)
  await expect(page.getByRole('heading', { name: 'Grow', level: 1 })).toBeVisible()

  const name = `Haarverzorging ${unique().slice(-5)}`
  await page.getByRole('button', { name: 'New module' }).first().click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Name').fill(name)
  const field = drawer.getByTestId('audio-field')
  await expect(field.getByText('No audio yet.')).toBeVisible()

  // Record about five seconds: the level meter moves, the clock runs; pause and resume.
  await field.getByRole('button', { name: 'Record audio' }).click()
  await expect(field.getByTestId('audio-recorder')).toBeVisible()
  await expect(field.getByTestId('audio-elapsed')).toHaveText('0:02', { timeout: 10_000 })
  await field.getByRole('button', { name: 'Pause' }).click()
  await expect(field.getByText('Paused')).toBeVisible()
  await field.getByRole('button', { name: 'Resume' }).click()
  await expect(field.getByTestId('audio-elapsed')).toHaveText('0:05', { timeout: 10_000 })
  await field.getByRole('button', { name: 'Pause' }).click()
  await screenshotAllSizes(page, 'grow-audio-recording')
  await field.getByRole('button', { name: 'Stop' }).click()
  await expect(field.getByTestId('audio-review')).toBeVisible()
  await expect(field.getByText(/Recorded 0:0[4-9]/)).toBeVisible()
  await screenshotAllSizes(page, 'grow-audio-review')

  // Save: MP3 in the worker, upload, then the module's player.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload/audio') && r.request().method() === 'POST')
  await field.getByRole('button', { name: 'Save recording' }).click()
  const upload = await uploaded
  expect(upload.status()).toBe(201)
  const audio = (await upload.json()) as { url: string; durationSeconds: number }
  expect(audio.url).toMatch(/^\/storage\/[0-9a-f-]+\/audio\/[0-9a-f-]+\.mp3$/)
  expect(audio.durationSeconds).toBeGreaterThan(4.5)
  expect(audio.durationSeconds).toBeLessThan(10)
  await expect(field.getByTestId('audio-player')).toBeVisible()
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()

  // Open the module again and play it.
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(player(page)).toBeVisible()
  const online = await playFrom(page, 0)
  expect(online.currentTime).toBeGreaterThan(0.3)
  expect(online.duration).toBeGreaterThan(4.5)
  // Kept for offline: the button, then the indication.
  const save = drawer.getByRole('button', { name: 'Save for offline' })
  if (await save.isVisible()) await save.click()
  await expect(drawer.getByTestId('audio-offline')).toHaveText('Available offline')
  await screenshotAllSizes(page, 'grow-audio-module')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // The service worker controls the page before the network goes away.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Grow', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: new RegExp(`(Edit|View) ${name}`) }).click()
  await expect(player(page)).toBeVisible()
  await expect(drawer.getByTestId('audio-offline')).toBeVisible()
  // A byte range of the cached file: 206 with exactly those bytes, from the service worker.
  const range = await page.evaluate(async (url) => {
    const r = await fetch(url, { headers: { range: 'bytes=100-199' } })
    return {
      status: r.status,
      length: (await r.arrayBuffer()).byteLength,
      contentRange: r.headers.get('content-range'),
    }
  }, audio.url)
  expect(range).toMatchObject({ status: 206, length: 100 })
  expect(range.contentRange).toMatch(/^bytes 100-199\/\d+$/)
  // Seek to the middle: it plays on from there.
  const middle = audio.durationSeconds / 2
  const offline = await playFrom(page, middle)
  expect(offline.seekable).toBeGreaterThan(4.5)
  expect(offline.currentTime).toBeGreaterThan(middle + 0.2)
  expect(offline.currentTime).toBeLessThan(middle + 2)
  await screenshotAllSizes(page, 'grow-audio-offline')
  await context.setOffline(false)
})

test('grow audio: a recording interrupted (page hidden, then reloaded) is offered back; a lost connection keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { organisation } = await signedInNewOrganisation(page, request)
  await page.goto(`/${organisation.slug}/admin/grow`)
  await page.getByRole('button', { name: 'New module' }).first().click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Name').fill(`Draft ${unique().slice(-5)}`)
  const field = drawer.getByTestId('audio-field')
  await field.getByRole('button', { name: 'Record audio' }).click()
  await expect(field.getByTestId('audio-elapsed')).toHaveText('0:02', { timeout: 10_000 })
  // The page is hidden (an iPad backgrounding the app): recording pauses, nothing is lost.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(field.getByText('Paused')).toBeVisible()
  await page.reload()
  await page.getByRole('button', { name: 'New module' }).first().click()
  await expect(field.getByTestId('audio-draft')).toBeVisible()
  await expect(field.getByText(/An unsaved recording of 0:0[2-3] was kept/)).toBeVisible()
  await screenshotAllSizes(page, 'grow-audio-draft')

  // The connection drops during the upload: the MP3 is kept, saving waits and says why.
  await page.route('**/upload/audio', (route) => route.abort('internetdisconnected'))
  await field.getByRole('button', { name: 'Save recording' }).click()
  await expect(field.getByTestId('audio-waiting')).toContainText('Saving needs a connection')
  await screenshotAllSizes(page, 'grow-audio-waiting')
  // Back: "Save now" uploads the kept file.
  await page.unroute('**/upload/audio')
  await field.getByRole('button', { name: 'Save now' }).click()
  await expect(field.getByTestId('audio-player')).toBeVisible({ timeout: 20_000 })
})
