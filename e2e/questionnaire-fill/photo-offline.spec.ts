import { expect, test } from '@playwright/test'
import { screenshotAllSizes, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, demoStaff, newCustomer, newQuestionnaire, pngPhoto, serverSubmissions } from './helpers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const PNG = pngPhoto()

test('a photo taken offline is kept on the device, sent on reconnect, and staff get the stored image', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const q = await newQuestionnaire(request, staff, [
    { id: 'photo', name: 'Photo of your skin', type: 'image', required: true },
    { id: 'note', name: 'Anything else?', type: 'string' },
  ])
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()
  await expect(page.getByRole('heading', { name: q.name })).toBeVisible()

  // The service worker serves the app for the offline reload below.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  await context.setOffline(true)
  await page.locator('#q-photo').setInputFiles({ name: 'skin.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible()
  await expect(page.getByText('Saved on this device')).toBeVisible()
  const note = `photo ${unique()}`
  await page.locator('#q-note').fill(note)
  // The photo survives a reload while offline (it is in IndexedDB, not in memory).
  await page.reload()
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible()
  await screenshotAllSizes(page, 'questionnaire-photo-offline')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await expect(page.getByText('will be sent as soon as there is a connection')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText('Your answers have been saved.')).toBeVisible({ timeout: 20_000 })
  const [sent] = await serverSubmissions(request, staff, customer.id)
  expect(sent.answers.find((a) => a.questionId === 'note')?.value).toBe(note)
  const path = sent.answers.find((a) => a.questionId === 'photo')?.value as string
  expect(path).toMatch(/^[\w-]+\/images\/[\w-]+\.png$/)
  // The stored photo opens in the signed-in browser (its storage cookie), not from a bare link.
  expect((await request.get(`/storage/${path}`)).status()).toBe(404)
  const image = await page.request.get(`/storage/${path}`)
  expect(image.ok()).toBe(true)
  expect(Buffer.from(await image.body()).equals(PNG)).toBe(true)
})
