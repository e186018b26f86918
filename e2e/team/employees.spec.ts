import { expect, test } from '@playwright/test'
import { DEMO, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { EmployeesPage } from './employees-page'

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('employees: the owner sees the team with branches and roles, filters it, and the form says what is missing', async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  await signInAsEmployee(page, staff.session)
  const team = new EmployeesPage(page)
  await team.open(DEMO.slug)

  // The seeded receptionist: her branch with her role, active.
  const balie = team.row('balie@demo.salon')
  await expect(balie).toContainText('Amsterdam Centrum · Receptie')
  await expect(balie).toContainText('Actief')
  await expect(team.row('eigenaar@demo.salon')).toContainText('Utrecht · Eigenaar')
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Medewerkers' }),
  ).toBeVisible()
  await screenshotAllSizes(page, 'employees-list')

  // Filters live in the URL; nothing matching says so and offers a way back.
  await page.getByLabel('Zoeken').fill('niemand-heet-zo')
  await expect(page.getByText('Geen medewerkers gevonden')).toBeVisible()
  await expect(page).toHaveURL(/search=niemand-heet-zo/)
  await screenshotAllSizes(page, 'employees-no-results')
  await page.getByRole('button', { name: 'Filters wissen' }).click()
  await page.getByRole('combobox', { name: 'Vestiging', exact: true }).selectOption({ label: 'Utrecht' })
  await expect(team.row('eigenaar@demo.salon')).toBeVisible()
  await expect(team.row('balie@demo.salon')).toHaveCount(0)
  await page.getByLabel('Status').selectOption({ label: 'Actief' })
  await expect(page).toHaveURL(/status=active/)
  await page.getByRole('combobox', { name: 'Vestiging', exact: true }).selectOption({ label: 'Alle vestigingen' })
  await page.getByLabel('Status').selectOption({ label: 'Alle statussen' })
  await expect(team.row('balie@demo.salon')).toBeVisible()

  // A new employee without anything filled in: every field says what it needs, the branch
  // access roles the spec's message.
  await team.addButton.click()
  const drawer = team.drawer
  await expect(drawer.getByRole('heading', { name: 'Nieuwe medewerker' })).toBeVisible()
  await drawer.getByRole('button', { name: /verwijderen$/ }).click()
  await drawer.getByRole('button', { name: 'Uitnodiging sturen' }).click()
  await expect(drawer.getByText('Selecteer voor een medewerker minstens één vestiging met een rol.')).toBeVisible()
  await expect(drawer.getByText('Dit veld is verplicht.').first()).toBeVisible()
  await expect(drawer.getByLabel('Voornaam')).toBeFocused()
  await drawer.getByRole('button', { name: 'Vestiging toevoegen' }).click()
  await drawer.getByRole('button', { name: 'Uitnodiging sturen' }).click()
  await expect(drawer.getByText('Kies een rol voor deze vestiging.')).toBeVisible()
  await screenshotAllSizes(page, 'employee-drawer-errors')

  // The seeded receptionist's drawer: status, and what her role adds up to.
  await drawer.getByLabel('Voornaam').fill('Iemand')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Wijzigingen weggooien' }).click()
  await expect(drawer).toBeHidden()
  const name = (await balie.getByRole('button').first().textContent()) ?? ''
  await team.openRow(name)
  await expect(drawer.getByTestId('employee-status')).toContainText('Actief')
  const effective = drawer.getByTestId('effective-permissions')
  await expect(effective).toContainText('in Amsterdam Centrum?')
  await expect(effective).toContainText('Klanten beheren')
  await expect(effective).not.toContainText('Medewerkers beheren')
  await screenshotAllSizes(page, 'employee-drawer-view')
  void unique
})
