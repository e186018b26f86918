import { type Browser, expect, type Page, test } from '@playwright/test'
import {
  createOrganisationViaApi,
  DEMO,
  latestMail,
  screenshotAllSizes,
  signedInNewOrganisation,
  signInAsEmployee,
} from '../fixtures/api'
import { demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** The staff area's content scrolls inside <main>: back to the top for a screenshot of the whole screen. */
const toTop = (page: Page) => page.locator('main').evaluate((el) => el.scrollTo(0, 0))

/** A real logo picture: a styled word rendered by the browser itself, as PNG bytes. */
async function logoPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 400, height: 200 } })
  await page.setContent(
    `<div id="logo" style="display:inline-flex;align-items:center;gap:10px;padding:10px 16px;background:#fff;font:600 30px Georgia,serif;color:#7a4e2d">
       <span style="display:inline-block;width:34px;height:34px;border-radius:50%;background:#c38a4e"></span>Lumière
     </div>`,
  )
  const png = await page.locator('#logo').screenshot()
  await page.close()
  return png
}

test('organisation settings: the demo owner fixes a field error, changes the logo; it shows in the navigation, on the customer sign-in page and offline the screen is read-only', async ({
  page,
  context,
  request,
  browser,
}) => {
  // Three screen sizes for four screens, a second browser and a logo to render: more than the default minute.
  test.setTimeout(150_000)
  const staff = await demoStaff(request)
  const original = await (
    await request.get(apiUrl(API.organisations.get, { org: staff.org }), { headers: staff.headers })
  ).json()
  try {
    await signInAsEmployee(page, staff.session)
    await page.goto(`/${DEMO.slug}/admin/dashboard`)
    const nav = page.getByTestId('side-nav')
    await nav.getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(`/${DEMO.slug}/admin/settings`)
    await expect(page.getByRole('heading', { name: 'Organisation settings' })).toBeVisible()
    const form = page.getByTestId('organisation-settings-form')
    await expect(form.getByLabel('Legal company name')).toHaveValue(original.legalName)

    // An emptied field is refused at the field with the spec's message, the cursor put there.
    await form.getByLabel('Contact person').fill('')
    await form.getByLabel('Postal code').fill(' ')
    await form.getByRole('button', { name: 'Save settings' }).click()
    await expect(form.getByText('Contact person is required.')).toBeVisible()
    await expect(form.getByText('Postal code required.')).toBeVisible()
    await expect(form.getByLabel('Contact person')).toBeFocused()
    await screenshotAllSizes(page, 'organisation-settings-errors')
    await form.getByLabel('Contact person').fill('Sophie Jansen')
    await form.getByLabel('Postal code').fill(original.postalCode)
    await form.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved.')).toBeVisible()
    const saved = await (
      await request.get(apiUrl(API.organisations.get, { org: staff.org }), { headers: staff.headers })
    ).json()
    expect(saved.contactPerson).toBe('Sophie Jansen')

    // A file that is not an image is refused by the server, whatever its name.
    const logo = page.getByTestId('logo-settings')
    await logo
      .getByTestId('logo-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload=alert(1)>') })
    await expect(logo.getByText('Only PNG, JPEG, WebP and GIF images can be uploaded.')).toBeVisible()

    // A real logo: it replaces the word in the navigation at once.
    await expect(nav.getByTestId('salon-logo')).toHaveCount(0)
    await logo
      .getByTestId('logo-file')
      .setInputFiles({ name: 'lumiere.png', mimeType: 'image/png', buffer: await logoPng(browser) })
    await expect(page.getByText('Logo saved.')).toBeVisible()
    await expect(logo.getByTestId('salon-logo')).toBeVisible()
    const navLogo = nav.getByTestId('salon-logo')
    await expect(navLogo).toBeVisible()
    expect(await navLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await toTop(page)
    await screenshotAllSizes(page, 'organisation-settings')

    // Offline: the last loaded values, read-only, and the reason.
    await context.setOffline(true)
    await expect(page.getByTestId('settings-offline')).toContainText(
      'Settings can be changed when the connection is back',
    )
    await expect(form.getByLabel('Contact person')).toBeDisabled()
    await expect(form.getByLabel('Contact person')).toHaveValue('Sophie Jansen')
    await expect(logo.getByRole('button', { name: 'Replace logo' })).toBeDisabled()
    await toTop(page)
    await screenshotAllSizes(page, 'organisation-settings-offline')
    await context.setOffline(false)
    await expect(form.getByLabel('Contact person')).toBeEnabled()

    // The customer's sign-in page shows the logo before anyone signs in (a fresh browser).
    const visitor = await browser.newContext({ locale: 'en-GB' })
    // In Dutch, the default language: the sign-in page in the salon's own language.
    const customerPage = await visitor.newPage()
    await customerPage.goto(`/${DEMO.slug}`)
    const signInLogo = customerPage.getByRole('img', { name: original.companyName })
    await expect(signInLogo).toBeVisible()
    expect(await signInLogo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true)
    await screenshotAllSizes(customerPage, 'customer-sign-in-logo')
    await visitor.close()

    // Removing it brings the word back.
    await logo.getByRole('button', { name: 'Remove logo' }).click()
    await page
      .getByRole('alertdialog', { name: 'Remove the logo?' })
      .getByRole('button', { name: 'Remove logo' })
      .click()
    await expect(page.getByText('Logo removed.')).toBeVisible()
    await expect(nav.getByTestId('salon-logo')).toHaveCount(0)
  } finally {
    // The demo organisation is shared by the other specs: its details and logo as they were.
    await request.put(apiUrl(API.organisations.update, { org: staff.org }), {
      headers: staff.headers,
      data: { contactPerson: original.contactPerson, postalCode: original.postalCode },
    })
    await request.delete(apiUrl(API.organisations.removeLogo, { org: staff.org }), { headers: staff.headers })
  }
})

test('organisation settings: a new web address is explained before saving; the staff area moves along and old links redirect', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const { organisation } = await signedInNewOrganisation(page, request, 'en')
  const old = organisation.slug
  const next = `${old}-nieuw`
  await page.goto(`/${old}/admin/settings`)
  const form = page.getByTestId('organisation-settings-form')
  await form.getByLabel('Web address').fill(next)
  await expect(page.getByTestId('slug-move-notice')).toContainText('Old links keep working')
  await screenshotAllSizes(page, 'organisation-settings-slug')

  // Another organisation's address is refused at the field.
  await form.getByLabel('Web address').fill(DEMO.slug)
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByText('Web address is already in use.')).toBeVisible()

  await form.getByLabel('Web address').fill(next)
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText(`Your salon is now at`)).toBeVisible()
  // The staff area follows without signing in again, and the stored session has the new address.
  await expect(page).toHaveURL(`/${next}/admin/settings`)
  await expect(page.getByRole('heading', { name: 'Organisation settings' })).toBeVisible()
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('loggedInEmployeeUser') ?? '{}'))
  expect(stored.employee.organisationSlug).toBe(next)

  // An old staff link lands on the same screen at the new address (replacing the old entry).
  await page.goto(`/${old}/admin/customers`)
  await expect(page).toHaveURL(`/${next}/admin/customers`)

  // An old customer link too, for a visitor without any session.
  const visitor = await browser.newContext({ locale: 'en-GB' })
  const customerPage = await visitor.newPage()
  await customerPage.goto(`/${old}`)
  await expect(customerPage).toHaveURL(`/${next}`)
  await expect(customerPage.getByText(organisation.companyName)).toBeVisible()
  await visitor.close()
})

test('organisation settings: a signed-in customer sees the salon’s logo on the landing page, also after an offline reload', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const { organisation, session } = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  const headers = { authorization: `Bearer ${session.token}` }
  const logo = await request.put(apiUrl(API.organisations.uploadLogo, { org: organisation.id }), {
    headers,
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: await logoPng(browser) } },
  })
  expect(logo.status(), await logo.text()).toBe(200)
  const email = `klant-${organisation.slug}@example.test`
  const created = await request.post(apiUrl(API.customers.create, { org: organisation.id }), {
    headers,
    data: { email, firstName: 'Noor', lastName: 'Visser', salonIds: [session.employee.salons[0].salonId] },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.goto(`/${organisation.slug}`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  const mail = await latestMail(request, email)
  // The mail carries the logo in its header, from the public address.
  expect(mail.html).toContain(`/storage/${organisation.id}/logo/`)
  await page.getByLabel('Login code').fill(mail.text.match(/\b[A-Z0-9]{6}\b/)?.[0] ?? '')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Hello Noor' })).toBeVisible()
  const brand = page.getByRole('img', { name: organisation.companyName })
  await expect(brand).toBeVisible()
  await screenshotAllSizes(page, 'customer-landing-logo')

  // Once the service worker runs the page, the logo and the kept settings carry an offline reload.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  await page.reload()
  await expect(brand).toBeVisible()
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Hello Noor' })).toBeVisible()
  await expect(brand).toBeVisible()
  expect(await brand.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await context.setOffline(false)
})
