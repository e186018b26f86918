import { expect, type Locator, type Page, test } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { API } from '../../contract/endpoints'
import { encodeMp3 } from '../../shared/audio/encode'
import { apiUrl } from '../../tests/helpers/url'
import { createOrganisationViaApi, DEMO, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { demoStaff } from '../fixtures/demo'
import { signInGlobalAdmin } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 24: the Blueprint editor (an owner writes a training with text, audio, a PDF and a video,
 * reorders modules with the keyboard, and finds it all saved) and the user manual editor (a
 * global admin writes a manual in Dutch and English, with a PDF uploaded to the platform's files).
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** Two seconds of a 440 Hz tone as MP3 (the same encoder the app's recorder uses). */
async function toneMp3() {
  const rate = 44100
  const pcm = new Float32Array(rate * 2)
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate)
  return Buffer.from(await encodeMp3([pcm], rate))
}

async function onePagePdf(title: string) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([595, 842]).drawText(title, { x: 40, y: 780, size: 22, font })
  return Buffer.from(await doc.save())
}

const drawerOf = (page: Page) => page.getByRole('dialog')
const segments = (drawer: Locator) => drawer.getByTestId('segment-row')
const moduleRows = (page: Page) => page.getByTestId('module-row')

test('blueprint editor: a plan without trainings shows the upgrade prompt and offers no writing', async ({
  page,
  request,
}) => {
  // A new organisation's trial plan has no trainings.
  const created = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInAsEmployee(page, created.session)
  await page.goto(`/${created.organisation.slug}/admin/blueprint/manage`)
  await expect(page.getByRole('heading', { name: 'Blueprint: manage' })).toBeVisible()
  await expect(page.getByTestId('upgrade-prompt-trainings')).toBeVisible()
  await expect(page.getByText('No courses yet')).toBeVisible()
  await expect(page.getByRole('button', { name: 'New course' })).toHaveCount(0)
  await screenshotAllSizes(page, 'blueprint-editor-not-in-plan')
})

test('blueprint editor: an owner writes a training with text, audio, a PDF and a video, reorders modules by keyboard, and it is saved', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  // The demo organisation's owner (its plan includes trainings) writes one.
  const staff = await demoStaff(request)
  await signInAsEmployee(page, staff.session)
  const course = `Welcome ${unique()}`
  await page.goto(`/${DEMO.slug}/admin/blueprint/manage`)
  await expect(page.getByRole('heading', { name: 'Blueprint: manage' })).toBeVisible()

  // A course: title, description, in order, every employee.
  await page.getByRole('button', { name: 'New course' }).first().click()
  const drawer = drawerOf(page)
  await drawer.getByLabel('Title', { exact: true }).fill(course)
  await drawer.getByLabel('Description', { exact: true }).fill('How we work, from the first appointment on.')
  await drawer.getByLabel('In order').check()
  await expect(drawer.getByTestId('course-audience')).toHaveText('No role chosen: every employee sees this course.')
  await drawer.getByLabel('Receptie').check()
  await expect(drawer.getByTestId('course-audience')).toHaveText('Shown to employees with 1 role.')
  await screenshotAllSizes(page, 'blueprint-editor-course-drawer')
  await drawer.getByRole('button', { name: 'Create course' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByTestId('course-row').filter({ hasText: course })).toContainText('Receptie')
  await screenshotAllSizes(page, 'blueprint-editor-courses')

  // Its page: a module with four segments.
  await page.getByRole('link', { name: course }).click()
  await expect(page.getByRole('heading', { name: course })).toBeVisible()
  await page.getByRole('button', { name: 'New module' }).first().click()
  await drawer.getByLabel('Module title', { exact: true }).fill('Hygiene')

  await drawer.getByRole('button', { name: 'Text', exact: true }).click()
  await segments(drawer).nth(0).getByLabel('Segment title').fill('Clean hands')
  await segments(drawer).nth(0).getByRole('textbox', { name: 'Text', exact: true }).fill('Wash before every treatment.')

  await drawer.getByRole('button', { name: 'Audio', exact: true }).click()
  await segments(drawer).nth(1).getByLabel('Segment title').fill('Listen: the routine')
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload/audio') && r.request().method() === 'POST')
  await segments(drawer)
    .nth(1)
    .getByTestId('audio-file-input')
    .setInputFiles({ name: 'routine.mp3', mimeType: 'audio/mpeg', buffer: await toneMp3() })
  expect((await uploaded).status()).toBe(201)
  await expect(segments(drawer).nth(1).getByTestId('audio-player')).toBeVisible()

  await drawer.getByRole('button', { name: 'PDF', exact: true }).click()
  await segments(drawer).nth(2).getByLabel('Segment title').fill('Checklist')
  await segments(drawer)
    .nth(2)
    .getByTestId('pdf-input')
    .setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('Checklist') })
  await expect(segments(drawer).nth(2).getByTestId('pdf-name')).toHaveText('checklist.pdf')

  // A video address that is not YouTube or Vimeo: the contract's message on the field.
  await drawer.getByRole('button', { name: 'Video', exact: true }).click()
  await segments(drawer).nth(3).getByLabel('Segment title').fill('Watch')
  const video = segments(drawer).nth(3).getByLabel('Video address')
  await video.fill('https://example.com/hygiene.mp4')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer.getByText('Video URLs accept only YouTube and Vimeo.')).toBeVisible()
  await expect(video).toHaveAttribute('aria-invalid', 'true')
  await screenshotAllSizes(page, 'blueprint-editor-module-video-error')
  await video.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()

  // A second module, then moved above the first with the keyboard.
  await page.getByRole('button', { name: 'New module' }).first().click()
  await drawer.getByLabel('Module title', { exact: true }).fill('Closing the salon')
  await drawer.getByRole('button', { name: 'Text', exact: true }).click()
  await segments(drawer).nth(0).getByLabel('Segment title').fill('Last round')
  await segments(drawer).nth(0).getByRole('textbox', { name: 'Text', exact: true }).fill('Lights, towels, till.')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()
  await expect(moduleRows(page)).toHaveText([/Hygiene/, /Closing the salon/])
  const ordered = page.waitForResponse((r) => r.url().endsWith('/modules/order') && r.request().method() === 'PUT')
  await page.getByRole('button', { name: 'Move Closing the salon', exact: true }).focus()
  await page.keyboard.press('ArrowUp')
  expect((await ordered).status()).toBe(200)
  await expect(moduleRows(page)).toHaveText([/Closing the salon/, /Hygiene/])
  await expect(page.getByRole('button', { name: 'Move Closing the salon', exact: true })).toBeFocused()
  await screenshotAllSizes(page, 'blueprint-editor-course')

  // Saved: after a reload the order holds and the module has its four segments.
  await page.reload()
  await expect(moduleRows(page)).toHaveText([/Closing the salon/, /Hygiene/])
  await moduleRows(page)
    .nth(1)
    .getByRole('button', { name: /^Hygiene/ })
    .click()
  await expect(segments(drawer)).toHaveCount(4)
  await expect(segments(drawer).nth(0).getByRole('textbox', { name: 'Text', exact: true })).toHaveText(
    'Wash before every treatment.',
  )
  await expect(segments(drawer).nth(1).getByTestId('audio-player')).toBeVisible()
  await expect(segments(drawer).nth(2).getByTestId('pdf-name')).toHaveText('checklist.pdf')
  await expect(segments(drawer).nth(3).getByLabel('Video address')).toHaveValue(
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  )
  await screenshotAllSizes(page, 'blueprint-editor-module')

  // Offline: the drawer says so and saving is off.
  await page.context().setOffline(true)
  await expect(drawer.getByTestId('module-offline')).toBeVisible()
  await expect(drawer.getByLabel('Module title', { exact: true })).toBeDisabled()
  // Behind the drawer the course stays shown, with the plain notice that editing needs a connection.
  await expect(page.getByTestId('editor-offline')).toBeVisible()
  await expect(moduleRows(page)).toHaveCount(2)
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled()
  await screenshotAllSizes(page, 'blueprint-editor-offline')
  await page.context().setOffline(false)
})

test('user manual editor: a global admin writes a manual in Dutch and English', async ({ page, request }) => {
  test.setTimeout(180_000)
  await signInGlobalAdmin(page, request)
  const title = `Klantkaart ${unique()}`
  await page.goto('/global-admin/user-manuals')
  await expect(page.getByRole('heading', { name: 'User manuals' })).toBeVisible()
  await page.getByRole('button', { name: 'New course' }).first().click()
  const drawer = drawerOf(page)
  await drawer.getByLabel('Title (Dutch)').fill(title)
  await drawer.getByLabel('Title (English)').fill(`Customer card ${title.slice(11)}`)
  await drawer.getByLabel('Description (Dutch)').fill('Alles over de klantkaart.')
  await drawer.getByLabel('Description (English)').fill('All about the customer card.')
  await screenshotAllSizes(page, 'user-manuals-course-drawer')
  await drawer.getByRole('button', { name: 'Create course' }).click()
  await expect(drawer).toBeHidden()
  await screenshotAllSizes(page, 'user-manuals-courses')

  await page.getByRole('link', { name: new RegExp(title) }).click()
  await page.getByRole('button', { name: 'New module' }).first().click()
  await drawer.getByLabel('Module title (Dutch)').fill('Openen')
  await drawer.getByLabel('Module title (English)').fill('Opening')
  await drawer.getByRole('button', { name: 'Text', exact: true }).click()
  const segment = segments(drawer).nth(0)
  await segment.getByLabel('Segment title (Dutch)').fill('Een klantkaart openen')
  await segment.getByLabel('Segment title (English)').fill('Opening a customer card')
  const key = `klantkaart-${unique()}`
  await segment.getByLabel('Link key').fill('Klant Kaart')
  await segment.getByRole('textbox', { name: 'Text (Dutch)' }).fill('Tik op de naam van de klant.')
  await segment.getByRole('textbox', { name: 'Text (English)' }).fill("Tap the customer's name.")
  // A PDF segment: uploaded to the platform's files (POST /upload/pdf), which the admin's browser may read.
  await drawer.getByRole('button', { name: 'PDF', exact: true }).click()
  const pdf = segments(drawer).nth(1)
  await pdf.getByLabel('Segment title (Dutch)').fill('Handleiding om te printen')
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith(apiUrl(API.globalUploads.pdf)) && r.request().method() === 'POST',
  )
  await pdf
    .getByTestId('pdf-input')
    .setInputFiles({ name: 'klantkaart.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('Klantkaart') })
  const upload = await uploaded
  expect(upload.status()).toBe(201)
  const stored = (await upload.json()) as { path: string; url: string }
  expect(stored.path).toMatch(/^global\/pdf\/[0-9a-f-]{36}\.pdf$/)
  await expect(pdf.getByTestId('pdf-name')).toHaveText('klantkaart.pdf')
  expect((await page.request.get(stored.url)).status()).toBe(200)
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer.getByText('Use lowercase letters, digits and dashes only.')).toBeVisible()
  await segment.getByLabel('Link key').fill(key)
  await screenshotAllSizes(page, 'user-manuals-module-drawer')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()
  await screenshotAllSizes(page, 'user-manuals-course')

  await page.reload()
  await moduleRows(page)
    .getByRole('button', { name: /^Openen/ })
    .click()
  await expect(segment.getByLabel('Segment title (English)')).toHaveValue('Opening a customer card')
  await expect(segment.getByLabel('Link key')).toHaveValue(key)
  await expect(segment.getByRole('textbox', { name: 'Text (English)' })).toHaveText("Tap the customer's name.")
  await expect(drawer.getByLabel('Module title (English)')).toHaveValue('Opening')
  await expect(segments(drawer).nth(1).getByTestId('pdf-name')).toHaveText('klantkaart.pdf')
})
