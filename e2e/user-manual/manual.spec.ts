import { expect, test } from '@playwright/test'
import type { GlobalSession } from '../../contract/auth'
import { API } from '../../contract/endpoints'
import type { TrainingCourseFull, TrainingCourseListed } from '../../contract/trainings'
import { apiUrl } from '../../tests/helpers/url'
import { createOrganisationViaApi, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { serviceWorkerControls } from '../blueprint/set-up'
import { signInGlobalAdmin } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 24: the platform's user manual. A global admin writes a manual with the Customers
 * screen's page (key `customers`); an employee on that screen presses Help and lands on it, and
 * finds it again by searching, in Dutch and in English; offline too, from the device's copy.
 */

const KEY = 'customers'
const WORD = `kaartlezer${Date.now().toString(36)}`

test('user manual: Help on a screen opens its page; search finds it; English where written; offline too', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000)
  // The global admin's manual, through the API with the session the screens signed in.
  await signInGlobalAdmin(page, request)
  const admin = (await page.evaluate(() =>
    JSON.parse(localStorage.getItem('loggedInGlobalAdmin') ?? 'null'),
  )) as GlobalSession | null
  const headers = { authorization: `Bearer ${admin?.token}` }
  // Another run's manual with the same key goes first (keys are unique among live pages).
  const existing = (await (
    await request.get(apiUrl(API.userManuals.listCourses), { headers })
  ).json()) as TrainingCourseListed[]
  for (const c of existing) {
    const full = (await (
      await request.get(apiUrl(API.userManuals.getCourse, { id: c.id }), { headers })
    ).json()) as TrainingCourseFull
    if (full.modules.some((m) => m.segments.some((s) => s.slug === KEY)))
      await request.delete(apiUrl(API.userManuals.removeCourse, { id: c.id }), { headers })
  }
  const course = await request.post(apiUrl(API.userManuals.createCourse), {
    headers,
    data: { title: 'Klanten', titleEn: 'Customers', description: 'Werken met je klantenbestand.' },
  })
  expect(course.status()).toBe(201)
  const { id } = (await course.json()) as { id: string }
  const mod = await request.post(apiUrl(API.userManuals.createModule, { id }), {
    headers,
    data: {
      title: 'De klantenlijst',
      titleEn: 'The customer list',
      segments: [
        {
          kind: 'text',
          title: 'Een klant opzoeken',
          titleEn: 'Finding a customer',
          slug: KEY,
          text: `<p>Typ een deel van de naam, het e-mailadres of het telefoonnummer. Met een ${WORD} gaat het sneller.</p>`,
          textEn: `<p>Type part of the name, e-mail address or phone number. A ${WORD} makes it quicker.</p>`,
        },
        { kind: 'text', title: 'Een klant toevoegen', text: '<p>Kies Nieuwe klant.</p>' },
      ],
    },
  })
  expect(mod.status()).toBe(201)

  // An employee on the customer list presses Help.
  const { session } = await createOrganisationViaApi(request)
  const context = await browser.newContext()
  const staff = await context.newPage()
  await useLanguage(staff, 'nl')
  await signInAsEmployee(staff, session)
  await staff.goto(`/${session.employee.organisationSlug}/admin/customers`)
  await staff.getByTestId('help-link').click()
  await expect(staff).toHaveURL(/\/admin\/manual\?page=customers$/)
  await expect(staff.getByRole('heading', { level: 1, name: 'Handleiding' })).toBeVisible()
  const focused = staff.locator('[data-testid="manual-page"][data-focused]')
  await expect(focused.getByRole('heading', { name: 'Een klant opzoeken' })).toBeVisible()
  await expect(focused).toContainText(`Met een ${WORD} gaat het sneller.`)
  await screenshotAllSizes(staff, 'user-manual-help')

  // Searching finds the page, by a word of its text.
  await staff.getByLabel('Zoek in de handleiding').fill(WORD)
  await expect(staff.getByText('1 handleiding gevonden')).toBeVisible()
  await staff.getByRole('link', { name: 'Een klant opzoeken' }).click()
  await expect(focused.getByRole('heading', { name: 'Een klant opzoeken' })).toBeVisible()
  await screenshotAllSizes(staff, 'user-manual-search')
  await staff.getByLabel('Zoek in de handleiding').fill('geenenkelwoordhierzo')
  await expect(staff.getByText('Niets gevonden voor ‘geenenkelwoordhierzo’.')).toBeVisible()

  // In English: the English text, and Dutch where none was written.
  await staff.evaluate(() => localStorage.setItem('language', 'en'))
  await staff.goto(`/${session.employee.organisationSlug}/admin/manual?page=${KEY}`)
  await expect(focused.getByRole('heading', { name: 'Finding a customer' })).toBeVisible()
  await expect(staff.getByRole('heading', { name: 'Een klant toevoegen' })).toBeVisible()
  await screenshotAllSizes(staff, 'user-manual-english')

  // Offline: the app opens from the service worker, the manual from the device's copy; Help on a
  // screen still lands on its page, and the search runs on the copy.
  await serviceWorkerControls(staff)
  await staff.evaluate(() => localStorage.setItem('language', 'nl'))
  await context.setOffline(true)
  await staff.goto(`/${session.employee.organisationSlug}/admin/customers`)
  await staff.getByTestId('help-link').click()
  await expect(staff).toHaveURL(/\/admin\/manual\?page=customers$/)
  await expect(staff.getByTestId('manual-offline')).toHaveText(
    'Je bent offline: dit is de handleiding zoals ze op dit apparaat is bewaard.',
  )
  await expect(focused.getByRole('heading', { name: 'Een klant opzoeken' })).toBeVisible()
  await expect(focused).toContainText(`Met een ${WORD} gaat het sneller.`)
  await screenshotAllSizes(staff, 'user-manual-offline')
  // Every word, whatever its case or accents: "KLÄNT" and the rare word find the page.
  await staff.getByLabel('Zoek in de handleiding').fill(`KLÄNT ${WORD.toUpperCase()}`)
  await expect(staff.getByText('1 handleiding gevonden')).toBeVisible()
  await staff.getByRole('link', { name: 'Een klant opzoeken' }).click()
  await expect(focused.getByRole('heading', { name: 'Een klant opzoeken' })).toBeVisible()
  await screenshotAllSizes(staff, 'user-manual-offline-search')
  await staff.getByLabel('Zoek in de handleiding').fill('geenenkelwoordhierzo')
  await expect(staff.getByText('Niets gevonden voor ‘geenenkelwoordhierzo’.')).toBeVisible()
  await context.setOffline(false)
  await context.close()
})
