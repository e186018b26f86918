import { expect, test } from '@playwright/test'
import {
  createOrganisationViaApi,
  DEMO,
  screenshotAllSizes,
  signInAsEmployee,
  signInViaApi,
  unique,
} from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

// Issue 21 #21: the staff see whose area they work in, keep the navigation on a wrong address,
// and keyboard users can skip the navigation.
test('shell: the organisation name in the navigation, a skip link, and a 404 that keeps the navigation', async ({
  page,
  request,
}) => {
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))
  await page.goto(`/${DEMO.slug}/admin/customers`)
  const nav = page.getByTestId('side-nav')
  await expect(nav).toContainText('Salon Lumière')
  await expect(nav.getByTitle('Salon Lumière')).toBeVisible()

  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Naar de inhoud' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main#content')).toBeFocused()

  await page.goto(`/${DEMO.slug}/admin/geen-scherm`)
  await expect(page.getByRole('heading', { name: 'Fout 404 - Helaas is deze pagina niet gevonden' })).toBeVisible()
  await expect(nav).toBeVisible()
  await expect(nav.getByRole('link', { name: /Klanten/ })).toBeVisible()
  await screenshotAllSizes(page, 'staff-not-found')
})

// Issue 21 #22: a receptionist (customers only) is never invited to do what she may not.
test('empty states: a receptionist sees no invitation to add a custom field', async ({ page, request }) => {
  await signInAsEmployee(page, await signInViaApi(request, 'balie@demo.salon', DEMO.owner.password))
  await page.goto(`/${DEMO.slug}/admin/custom-fields`)
  await expect(page.getByRole('heading', { name: 'Nog geen eigen velden' })).toBeVisible()
  await expect(
    page.getByText('Eigen velden verschijnen hier zodra iemand die ze mag beheren er een toevoegt.'),
  ).toBeVisible()
  await expect(page.getByText(/Voeg een veld toe/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Veld toevoegen' })).toHaveCount(0)
  await screenshotAllSizes(page, 'receptionist-custom-fields-empty')
})

// Issue 21 #21: long names are readable in full — wrapped in the navigation and the profile
// drawer, and with a title wherever a list cuts them short.
test('shell: a long organisation and employee name read in full in the navigation and the profile drawer', async ({
  page,
  request,
}) => {
  const companyName = `Huid- en Schoonheidsinstituut De Lange Adem ${unique()}`
  const created = await createOrganisationViaApi(request, {
    companyName,
    admin: { firstName: 'Maximiliaan-Alexander', lastName: 'van der Berg-Hoogendijk' },
  })
  await signInAsEmployee(page, created.session)
  await page.goto(`/${created.organisation.slug}/admin/customers`)
  const nav = page.getByTestId('side-nav')
  await expect(nav.getByTitle(companyName)).toBeVisible()
  await page.getByTestId('profile-button').click()
  const drawer = page.getByRole('dialog', { name: 'Mijn profiel' })
  const name = drawer.getByText('Maximiliaan-Alexander van der Berg-Hoogendijk', { exact: true })
  await expect(name).toBeVisible()
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
  await expect(drawer.getByText(companyName, { exact: true })).toBeVisible()
  await screenshotAllSizes(page, 'profile-long-names')
})
