import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { expectAccessible } from '../fixtures/a11y'
import { DEMO, screenshot, signInAsEmployee, signInViaApi, VIEWPORTS } from '../fixtures/api'
import { globalAdminHeaders, signInGlobalAdmin } from '../fixtures/global-admin'
import { paidCourseViaApi } from '../academy/set-up'
import { createCustomer, demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { resizeTo } from '../fixtures/settled'
import { CustomerSignInPage } from '../pages/customer-sign-in'

/*
 * Issue 21 #24 and #17: every screen and every drawer, at tablet landscape, tablet portrait and
 * phone, in Dutch (the longer texts): axe finds no serious or critical violation and nothing is
 * cut off or overlaps (expectAccessible). One signed-in page per role keeps it quick; the routes
 * it must visit are listed in routes.ts (a unit test fails when a route is missing there).
 */

// Generous: axe takes seconds per check on a busy machine; in CI the sweep takes about 3 minutes.
test.setTimeout(600_000)

/** Waits until the screen has drawn its content: a heading and no skeleton left. */
async function ready(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** The check at each of the three sizes, with a screenshot of each to look at. */
async function everySize(page: Page, name: string) {
  for (const v of VIEWPORTS) {
    await resizeTo(page, v)
    await expectAccessible(page, `${name} (${v.name})`)
    await screenshot(page, `a11y-${name}-${v.name}`)
  }
  await resizeTo(page, VIEWPORTS[0])
}

/**
 * Every open drawer, dialog and confirmation (a confirmation is an alertdialog), by attribute: a
 * drawer under a dialog opened from it stays counted even while Headless UI keeps it inert.
 */
const overlays = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true })

/** Opens a drawer or dialog, checks it at every size, and closes it with Escape. */
async function drawer(page: Page, name: string, open: () => Promise<unknown>) {
  await open()
  const dialog = overlays(page).last()
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0)
  await everySize(page, name)
  await page.keyboard.press('Escape')
  await expect(overlays(page)).toHaveCount(0)
}

/**
 * A dialog opened from a drawer (or from a bar on the screen): checked at every size and closed
 * with Escape; focus is back on its opener before anything else is pressed, since Headless UI
 * hands the top layer back to the drawer only once focus is restored.
 */
async function nested(page: Page, name: string, opener: Locator) {
  const before = await overlays(page).count()
  await opener.click()
  await expect(overlays(page)).toHaveCount(before + 1)
  await expect(overlays(page).last().locator('[aria-busy="true"]')).toHaveCount(0)
  await everySize(page, name)
  await page.keyboard.press('Escape')
  await expect(overlays(page)).toHaveCount(before)
  await expect(opener).toBeFocused()
}

/** A drawer's tab, once its content has drawn. */
async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click()
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(overlays(page).last().locator('[aria-busy="true"]')).toHaveCount(0)
}

async function visit(page: Page, url: string, name: string) {
  await page.goto(url)
  await ready(page)
  await everySize(page, name)
}

const button = (page: Page, name: RegExp | string) => page.getByRole('button', { name }).first()

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('a11y: public pages, sign-in and sign-up', async ({ page, request }) => {
  await visit(page, '/', 'overview')
  await visit(page, '/terms-and-conditions', 'terms')
  await visit(page, '/start', 'create-organisation')
  await visit(page, '/admin', 'staff-sign-in')
  await visit(page, '/admin/reset-password?token=x', 'reset-password')
  await visit(page, '/admin/set-password?token=x', 'set-password')
  await visit(page, '/shortcut', 'shortcut')
  // Issue 24: checking a certificate, the form and an unknown code's answer.
  await visit(page, '/certificates', 'certificates')
  await visit(page, '/certificates/ABCDEFGHJK', 'certificate-not-found')
  await expect(page.getByTestId('certificate-not-found')).toBeVisible()
  await visit(page, '/global-admin', 'global-admin-sign-in')
  await signInGlobalAdmin(page, request)
  await visit(page, '/global-admin/organisations', 'global-organisations')
  await page.getByTestId('organisation-row').first().click()
  await ready(page)
  await everySize(page, 'global-organisation')
  await drawer(page, 'global-organisation-edit', () => button(page, 'Gegevens wijzigen').click())
  await drawer(page, 'global-organisation-suspend', () => button(page, 'Schorsen').click())
  await drawer(page, 'global-organisation-delete', () => button(page, 'Verwijderen').click())
  await visit(page, '/global-admin/subscriptions', 'global-subscriptions')
  await drawer(page, 'global-subscriptions-cancel', () => page.getByTestId('subscription-cancel').first().click())
  await visit(page, '/global-admin/audit', 'global-audit')
  await visit(page, '/global-admin/plans', 'global-plans')
  await drawer(page, 'global-plan-edit', () => button(page, 'Bewerken').click())
  await drawer(page, 'global-plan-create', () => button(page, 'Nieuwe abonnementsvorm').click())
  await visit(page, '/global-admin/discount-codes', 'global-discount-codes')
  await drawer(page, 'global-discount-code-create', () => button(page, 'Nieuwe kortingscode').click())
  await userManuals(page)
  await paidCourses(page)
})

/** The paid course editor (issue 24): its list, the course drawer (price), a course's page and the module drawer. */
async function paidCourses(page: Page) {
  await visit(page, '/global-admin/paid-courses', 'paid-courses')
  await drawer(page, 'paid-course-new', () => button(page, 'Nieuwe cursus').click())
  await button(page, 'Nieuwe cursus').click()
  const name = `Toegankelijk betaald ${Date.now().toString(36)}`
  await overlays(page).last().getByLabel('Titel (Nederlands)').fill(name)
  await overlays(page).last().getByLabel('Prijs (€, exclusief btw)').fill('19,99')
  await overlays(page).last().getByRole('button', { name: 'Cursus maken' }).click()
  await expect(overlays(page)).toHaveCount(0)
  await page.getByRole('link', { name }).click()
  await ready(page)
  await everySize(page, 'paid-course')
  await drawer(page, 'paid-course-module-new', () => button(page, 'Nieuwe module').click())
}

/** The user manual editor (issue 24): its list, the course drawer, a manual's page and the module drawer. */
async function userManuals(page: Page) {
  await visit(page, '/global-admin/user-manuals', 'user-manuals')
  await drawer(page, 'user-manual-course-new', () => button(page, 'Nieuwe cursus').click())
  // A manual of its own to open (manuals are the platform's, shared with other specs).
  await button(page, 'Nieuwe cursus').click()
  const name = `Toegankelijkheid ${Date.now().toString(36)}`
  await overlays(page).last().getByLabel('Titel (Nederlands)').fill(name)
  await overlays(page).last().getByRole('button', { name: 'Cursus maken' }).click()
  await expect(overlays(page)).toHaveCount(0)
  await page.getByRole('link', { name }).click()
  await ready(page)
  await everySize(page, 'user-manual')
  await drawer(page, 'user-manual-module-new', () => button(page, 'Nieuwe module').click())
}

test('a11y: every staff screen and drawer (owner)', async ({ page, request }) => {
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff, { phoneNumber: '+31612345678' })
  const questionnaires = (await (
    await request.get(apiUrl(API.questionnaires.list, { org: staff.org, salon: staff.salon }), {
      headers: staff.headers,
    })
  ).json()) as { id: string }[]
  const q = questionnaires[0].id
  await signInAsEmployee(page, staff.session)
  const admin = `/${DEMO.slug}/admin`

  await visit(page, `${admin}/dashboard`, 'dashboard')
  await drawer(page, 'profile-drawer', () => page.getByTestId('profile-button').click())

  await visit(page, `${admin}/customers`, 'customers')
  await drawer(page, 'customer-new', () => button(page, 'Klant toevoegen').click())
  await drawer(page, 'customer-import', () => button(page, 'Importeren').click())
  await importMapping(page)
  await page.goto(`${admin}/customers?search=${encodeURIComponent(customer.email)}`)
  await drawer(page, 'customer-drawer', () => page.getByTestId('customer-row').first().click())
  await customerFile(page)
  await selection(page, customer.fullName)

  await visit(page, `${admin}/branches`, 'branches')
  await drawer(page, 'branch-drawer', () => button(page, 'Vestiging toevoegen').click())
  await visit(page, `${admin}/questionnaires`, 'questionnaires')
  await visit(page, `${admin}/questionnaires/new`, 'questionnaire-new')
  await visit(page, `${admin}/questionnaires/${q}`, 'questionnaire-editor')
  await visit(page, `${admin}/fill/${q}`, 'staff-fill')
  await visit(page, `${admin}/submissions`, 'submissions')
  await visit(page, `${admin}/activity-log`, 'activity-log')
  await visit(page, `${admin}/settings`, 'settings')
  await visit(page, `${admin}/employees`, 'employees')
  await drawer(page, 'employee-new', () => button(page, 'Medewerker toevoegen').click())
  await drawer(page, 'employee-drawer', () =>
    page.getByTestId('employee-row').first().getByRole('button').first().click(),
  )
  await visit(page, `${admin}/roles`, 'roles')
  await drawer(page, 'role-new', () => button(page, 'Rol toevoegen').click())
  await visit(page, `${admin}/custom-fields`, 'custom-fields')
  await drawer(page, 'custom-field-new', () => button(page, 'Veld toevoegen').click())
  await visit(page, `${admin}/grow`, 'grow-modules')
  await drawer(page, 'grow-module-new', () => button(page, 'Nieuwe module').click())
  await drawer(page, 'grow-module-edit', () =>
    page
      .getByTestId('grow-module-row')
      .first()
      .getByRole('button', { name: / bewerken$/ })
      .click(),
  )
  await page.getByRole('tab', { name: 'Groepen' }).click()
  await everySize(page, 'grow-groups')
  // A new group is a form above the list (checked with the tab); a group is renamed in its row.
  const group = page.getByTestId('grow-group-row').first()
  await group.getByRole('button', { name: / hernoemen$/ }).click()
  await everySize(page, 'grow-group-rename')
  await group.getByRole('button', { name: 'Annuleren' }).click()
  // Cancelled with Escape: the demo's groups are shared with other specs.
  await drawer(page, 'confirm-delete-group', () => group.getByRole('button', { name: / verwijderen$/ }).click())
  await page.getByRole('tab', { name: 'Voorwaarden' }).click()
  await everySize(page, 'grow-conditions')
  await drawer(page, 'grow-condition-new', () => button(page, 'Nieuwe voorwaarde').click())
  await visit(page, `${admin}/customer-card`, 'customer-card')
  await visit(page, `${admin}/documents`, 'documents')
  await drawer(page, 'document-new', () => button(page, 'Nieuw document').click())
  // A 404 inside the staff area keeps the navigation (issue 21 #21).
  await page.goto(`${admin}/no-such-screen`)
  await expect(page.getByTestId('side-nav')).toBeVisible()
  await everySize(page, 'staff-not-found')
  await visit(page, `${admin}/kiosk?customer=${customer.id}`, 'kiosk')
})

// Split from the test above so each keeps its own time budget on a busy machine.
test('a11y: trainings and billing screens (owner)', async ({ page, request }) => {
  const staff = await demoStaff(request)
  await signInAsEmployee(page, staff.session)
  const admin = `/${DEMO.slug}/admin`
  // Blueprint (issue 24): the list and a course with a text part (made here: the demo has none).
  const course = await demoTraining(request, staff.org, staff.headers)
  await visit(page, `${admin}/blueprint`, 'blueprint')
  await visit(page, `${admin}/blueprint/${course}`, 'blueprint-course')
  // Academy (issue 24): the catalogue, a course on sale (its preview, Buy) and its buy dialog,
  // and a payment's return page (the demo's course payment: none, so the page's answer to that).
  const paid = await paidCourseViaApi(request, await globalAdminHeaders(request), `Peelings ${Date.now().toString(36)}`)
  await visit(page, `${admin}/academy`, 'academy')
  await visit(page, `${admin}/academy/${paid}`, 'academy-course')
  await drawer(page, 'academy-buy', () => page.getByTestId('buy-course').click())
  await visit(page, `${admin}/academy/payments/00000000-0000-4000-8000-000000000000`, 'academy-payment')
  // The user manual (issue 24): its start, searched (the demo has no manual: the empty state).
  await visit(page, `${admin}/manual?q=klant`, 'manual')
  await blueprint(page, request, staff.org, staff.headers, admin)
  await billing(page, request, staff.org, staff.headers, admin)
})

/** A training in the demo with one module and a text part (issue 24); answers its id. */
async function demoTraining(request: APIRequestContext, org: string, headers: Record<string, string>) {
  const res = await request.post(apiUrl(API.trainings.createCourse, { org }), {
    headers,
    data: { title: 'Welkom in de salon', description: 'De eerste week.' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id } = (await res.json()) as { id: string }
  const module = await request.post(apiUrl(API.trainings.createModule, { org, id }), {
    headers,
    data: { title: 'Start', segments: [{ kind: 'text', title: 'Rondleiding', text: '<p>Zo werken wij.</p>' }] },
  })
  expect(module.status(), await module.text()).toBe(201)
  return id
}

/** The Blueprint editor (issue 24): the course list and drawer, a course's page and the module drawer. */
async function blueprint(
  page: Page,
  request: APIRequestContext,
  org: string,
  headers: Record<string, string>,
  admin: string,
) {
  const res = await request.post(apiUrl(API.trainings.createCourse, { org }), {
    headers,
    data: { title: `Toegankelijkheid ${Date.now().toString(36)}` },
  })
  expect(res.status()).toBe(201)
  const course = (await res.json()) as { id: string }
  await visit(page, `${admin}/blueprint/manage`, 'blueprint-manage')
  await drawer(page, 'blueprint-course-new', () => button(page, 'Nieuwe cursus').click())
  await visit(page, `${admin}/blueprint/manage/${course.id}`, 'blueprint-manage-course')
  await drawer(page, 'blueprint-module-new', () => button(page, 'Nieuwe module').click())
  // Its progress screen: nobody started this course yet (the empty state).
  await visit(page, `${admin}/blueprint/manage/${course.id}/progress`, 'blueprint-course-progress')
}

/** The billing screens (issue 22) of the demo's paid plan; nothing is bought or cancelled (Escape). */
async function billing(
  page: Page,
  request: APIRequestContext,
  org: string,
  headers: Record<string, string>,
  admin: string,
) {
  await visit(page, `${admin}/subscription`, 'subscription')
  await drawer(page, 'subscription-cancel', () => button(page, 'Abonnement opzeggen').click())
  await visit(page, `${admin}/subscription/plans`, 'subscription-plans')
  await drawer(page, 'subscription-checkout', () => page.locator('[data-testid="choose-plan"]:enabled').first().click())
  await visit(page, `${admin}/subscription/payments`, 'subscription-payments')
  const payments = (await (await request.get(apiUrl(API.subscriptions.payments, { org }), { headers })).json()) as {
    id: string
  }[]
  // The demo's own payment when it has one; else the page's "not found" answer.
  const id = payments[0]?.id ?? '00000000-0000-4000-8000-000000000000'
  await visit(page, `${admin}/subscription/payments/${id}`, 'subscription-payment')
  // WhatsApp credits (issue 23): the balance, bundles and history; the return page of a payment.
  await visit(page, `${admin}/whatsapp-credits`, 'whatsapp-credits')
  await visit(page, `${admin}/whatsapp-credits/payments/${id}`, 'whatsapp-credits-payment')
}

/** The import's second step (a file read, its columns to map), and the confirmation its Escape asks. */
async function importMapping(page: Page) {
  await button(page, 'Importeren').click()
  const importer = page.getByRole('dialog')
  const csv =
    'E-mailadres;Voornaam;Achternaam;Telefoon;Woonplaats\r\nnieuw@example.test;Renée;Noël;0612345678;Utrecht\r\n'
  await importer
    .getByTestId('import-file')
    .setInputFiles({ name: 'klanten-uit-het-oude-kassasysteem.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(importer.getByRole('heading', { name: 'Kolommen koppelen' })).toBeVisible()
  await everySize(page, 'customer-import-mapping')
  // A chosen file is work in progress: Escape asks first (nothing has been imported).
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await everySize(page, 'confirm-discard')
  await page.getByRole('button', { name: 'Wijzigingen weggooien' }).click()
  await expect(overlays(page)).toHaveCount(0)
}

/** The customer drawer's other tabs and the dialogs they open (none of them is confirmed). */
async function customerFile(page: Page) {
  await page.getByTestId('customer-row').first().click()
  const file = page.getByRole('dialog', { name: 'Klant bewerken' })
  await expect(file).toBeVisible()
  await nested(page, 'confirm-hard-delete', file.getByRole('button', { name: 'Definitief verwijderen' }))
  await tab(page, 'Kaart')
  await everySize(page, 'customer-card-tab')
  await tab(page, 'Vragenlijsten')
  await everySize(page, 'customer-questionnaires')
  // Fill in as staff: a menu of the branch's questionnaires, closed with Escape (the drawer stays).
  const fill = file.getByRole('button', { name: 'Invullen' })
  await fill.click()
  await expect(page.getByRole('menu')).toBeVisible()
  await everySize(page, 'fill-as-staff-menu')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(fill).toBeFocused()
  await nested(page, 'send-questionnaire', file.getByRole('button', { name: 'Vragenlijst sturen' }))
  await tab(page, 'Activiteit')
  await everySize(page, 'customer-activity')
  await tab(page, 'Advies')
  await everySize(page, 'customer-advice-tab')
  await tab(page, 'Documenten')
  await everySize(page, 'customer-documents-tab')
  await nested(page, 'send-document', file.getByRole('button', { name: 'Document versturen' }))
  await page.keyboard.press('Escape')
  await expect(overlays(page)).toHaveCount(0)
}

/** The list's selection bar and what it opens; each dialog is closed without acting. */
async function selection(page: Page, name: string) {
  await page.getByRole('checkbox', { name: `${name} selecteren` }).check()
  const bar = page.getByTestId('selection-bar')
  await expect(bar).toBeVisible()
  await everySize(page, 'customers-selection')
  await nested(page, 'send-questionnaire-selection', bar.getByRole('button', { name: 'Vragenlijst sturen' }))
  await nested(page, 'send-document-selection', bar.getByRole('button', { name: 'Document versturen' }))
  await nested(page, 'add-to-branch', bar.getByRole('button', { name: 'Aan vestiging toevoegen' }))
  await nested(page, 'confirm-bulk-delete', bar.getByRole('button', { name: 'Verwijderen', exact: true }))
}

test('a11y: the customer area', async ({ page, request }) => {
  const staff = await demoStaff(request)
  const questionnaires = (await (
    await request.get(apiUrl(API.questionnaires.list, { org: staff.org, salon: staff.salon }), {
      headers: staff.headers,
    })
  ).json()) as { id: string; name: string }[]
  await visit(page, `/${DEMO.slug}`, 'customer-sign-in')
  await new CustomerSignInPage(page, request).signIn(DEMO.slug, 'klant@demo.salon')
  await ready(page)
  await everySize(page, 'customer-area')
  await visit(page, `/${DEMO.slug}/advice`, 'customer-advice')
  await visit(page, `/${DEMO.slug}/documents`, 'customer-documents')
  await visit(page, `/${DEMO.slug}/questionnaire/${questionnaires[0].id}`, 'questionnaire-fill')
  // A submission the customer reads back (the customer area links its latest one, when any).
  await page.goto(`/${DEMO.slug}/submission/unknown`)
  await ready(page)
  await everySize(page, 'customer-submission')
})

test('a11y: a receptionist sees her screens (no manage rights)', async ({ page, request }) => {
  const session = await signInViaApi(request, 'balie@demo.salon', DEMO.owner.password)
  await signInAsEmployee(page, session)
  await visit(page, `/${DEMO.slug}/admin/customers`, 'receptionist-customers')
  await visit(page, `/${DEMO.slug}/admin/custom-fields`, 'receptionist-custom-fields')
})
