import { expect, type Page, test } from '@playwright/test'
import { settled } from '../fixtures/settled'
import { DEMO, screenshot, signInAsEmployee, signInViaApi, unique } from '../fixtures/api'
import { createQuestionnaire, demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, newCustomer, newQuestionnaire, pngPhoto } from '../questionnaire-fill/helpers'

/*
 * Issue 7 #10: the built app runs under its Content-Security-Policy without a single violation on
 * the main screens (Chromium reports each refused script, style, image, frame or call on the
 * console), and the headers are there.
 */
function watchCsp(page: Page) {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`)
  })
  return violations
}

test('staff screens: no CSP violation; the app cannot be framed', async ({ page, request }) => {
  test.setTimeout(120_000)
  await useLanguage(page, 'nl')
  const violations = watchCsp(page)
  const staff = await demoStaff(request)
  // A question with a YouTube video and a catalogue icon: the editor shows the player frame.
  const q = await createQuestionnaire(request, staff, {
    name: `Video ${unique()}`,
    kind: 'customerQuestionnaire',
    questions: [
      {
        id: 'v',
        name: 'Bekijk de uitleg',
        type: 'information',
        icon: 'general/star',
        image: 'icons/skin/leaf.svg',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ],
  })
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))

  const doc = await page.goto(`/${DEMO.slug}/admin`)
  const headers = doc?.headers() ?? {}
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  await expect(page.getByTestId('sync-pill')).toHaveText('Gesynchroniseerd', { timeout: 20_000 })

  for (const path of ['customers', 'questionnaires', 'submissions', 'branches', 'dashboard']) {
    await page.goto(`/${DEMO.slug}/admin/${path}`)
    await expect(page.locator('h1').first()).toBeVisible()
    await settled(page)
  }
  // A customer's drawer.
  await page.goto(`/${DEMO.slug}/admin/customers`)
  await page.getByTestId('customer-row').first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await settled(page)
  // The editor with the video player and the icon image.
  await page.goto(`/${DEMO.slug}/admin/questionnaires/${q.id}`)
  await expect(page.locator('iframe[src*="youtube-nocookie.com/embed/"]').first()).toBeAttached()
  await expect(page.locator('img[src*="/storage/icons/"]').first()).toBeVisible()
  await settled(page)
  await screenshot(page, 'csp-editor-video')

  // No other site may frame the staff area: Chromium refuses to show it.
  expect(violations).toEqual([])
  const target = new URL(`/${DEMO.slug}/admin`, page.url()).href
  await page.goto('about:blank')
  // setContent waits for the load event, which waits for the frame's answer.
  await page.setContent(`<iframe src="${target}"></iframe>`, { waitUntil: 'load' })
  await expect.poll(() => page.frames().length).toBe(2)
  const frame = page.frames().find((f) => f !== page.mainFrame())
  await frame?.waitForLoadState('load')
  // Blocked: the frame shows Chromium's error page, never the app.
  expect(await frame?.locator('#root').count()).toBe(0)
})

test('public pages and the customer area (sign in, fill with a photo): no CSP violation', async ({ page, request }) => {
  await useLanguage(page, 'en')
  const violations = watchCsp(page)
  // The public pages first: overview, sign-up, staff and global-admin sign-in.
  for (const path of ['/', '/start', `/${DEMO.slug}/admin`, '/global-admin']) {
    await page.goto(path)
    await expect(page.locator('h1, h2').first()).toBeVisible()
    await settled(page)
  }
  // A questionnaire whose first part asks for a photo: Next now checks each part's required
  // questions, so the test does not walk through the demo intake to reach one.
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const q = await newQuestionnaire(request, staff, [{ id: 'photo', name: 'Photo of your skin', type: 'image' }])
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()
  await expect(page.getByRole('heading', { name: q.name })).toBeVisible()
  // A photo answer shows from a blob: URL before it is uploaded.
  await page.locator('#q-photo').setInputFiles({ name: 'skin.png', mimeType: 'image/png', buffer: pngPhoto() })
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible()
  await settled(page)
  expect(violations).toEqual([])
})
