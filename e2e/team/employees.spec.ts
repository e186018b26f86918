import { expect, test } from '@playwright/test'
import { StaffSignInPage } from '../pages/staff-sign-in'
import { DEMO, latestMail, screenshotAllSizes, signInAsEmployee, signInViaApi, unique } from '../fixtures/api'
import { demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { EmployeesPage } from '../pages/employees'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))
// Each walks several screens and screenshots them at three sizes: more than the default minute.
test.describe.configure({ timeout: 180_000 })

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
})

test('employees: the owner invites a receptionist, she sets her password and sees exactly what her role allows', async ({
  page,
  request,
  browser,
}) => {
  const staff = await demoStaff(request)
  await signInAsEmployee(page, staff.session)
  const team = new EmployeesPage(page)
  await team.open(DEMO.slug)

  const u = unique()
  const email = `sanne-${u}@example.test`
  const firstName = `Sanne${u.slice(-4)}`
  await team.addButton.click()
  await team.fillNew({ firstName, lastName: 'Bos', email, role: 'Receptie' })
  await team.drawer.getByRole('button', { name: 'Uitnodiging sturen' }).click()
  await expect(page.getByText(`Uitnodiging verstuurd naar ${email}`)).toBeVisible()
  await expect(team.drawer).toBeHidden()
  const row = team.row(email)
  await expect(row).toContainText('Amsterdam Centrum · Receptie')
  await expect(row).toContainText('Uitgenodigd')

  // Her drawer: invited, and what Receptie means in Amsterdam Centrum, in words.
  await team.openRow(`${firstName} Bos`)
  await expect(team.drawer.getByTestId('employee-status')).toContainText('Uitgenodigd')
  const effective = team.drawer.getByTestId('effective-permissions')
  await expect(effective).toContainText(`Wat mag ${firstName} in Amsterdam Centrum?`)
  await expect(effective).toContainText('Klanten beheren')
  await expect(effective).toContainText('Klanten toevoegen en wijzigen')
  await expect(effective).not.toContainText(/op dit apparaat berekend/i)
  await screenshotAllSizes(page, 'employee-drawer-invited')

  // The same address again is refused at the field.
  await page.keyboard.press('Escape')
  await expect(team.drawer).toBeHidden()
  await team.addButton.click()
  await team.fillNew({ firstName: 'Dubbel', lastName: 'Adres', email, role: 'Receptie' })
  await team.drawer.getByRole('button', { name: 'Uitnodiging sturen' }).click()
  await expect(team.drawer.getByText('Er bestaat al een medewerker met dit e-mailadres.')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Wijzigingen weggooien' }).click()

  // The invitation arrives in the dev mailbox; she sets her password through the link.
  const mail = await latestMail(request, email)
  const link = mail.text.match(/https?:\/\/\S+\/admin\/set-password\?token=[\w-]+/)?.[0]
  expect(link, mail.text).toBeTruthy()
  const url = new URL(link!)
  const her = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1024, height: 768 } })
  const tablet = await her.newPage()
  await useLanguage(tablet, 'nl')
  await tablet.goto(`${url.pathname}${url.search}`)
  await expect(tablet.getByRole('heading', { name: 'Stel je wachtwoord in' })).toBeVisible()
  await tablet.getByLabel('Nieuw wachtwoord').fill('Sanne-Salon1')
  await tablet.getByLabel('Bevestig wachtwoord').fill('Sanne-Salon1')
  await tablet.getByRole('button', { name: 'Wachtwoord opslaan' }).click()
  await expect(tablet.getByRole('heading', { name: 'Je account is klaar' })).toBeVisible()
  await screenshotAllSizes(tablet, 'employee-invitation-accepted')

  // She signs in and sees exactly what Receptie allows.
  const signIn = new StaffSignInPage(tablet, 'nl')
  await signIn.open()
  await signIn.submit(email, 'Sanne-Salon1')
  await expect(tablet).toHaveURL(new RegExp(`/${DEMO.slug}/admin/customers`))
  const nav = tablet.getByRole('navigation', { name: 'Hoofdmenu' })
  await expect(nav.getByRole('link', { name: 'Klanten' })).toBeVisible()
  for (const hidden of ['Dashboard', 'Vestigingen', 'Vragenlijsten', 'Medewerkers'])
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0)
  await screenshotAllSizes(tablet, 'receptionist-customers')
  // Typing an address she may not use shows the no-access page, not the screen.
  await tablet.goto(`/${DEMO.slug}/admin/branches`)
  await expect(tablet.getByRole('heading', { name: 'Geen toegang tot dit scherm' })).toBeVisible()
  await tablet.goto(`/${DEMO.slug}/admin/employees`)
  await expect(tablet.getByRole('heading', { name: 'Geen toegang tot dit scherm' })).toBeVisible()
  await screenshotAllSizes(tablet, 'receptionist-no-access')
  await her.close()

  // The owner's list follows: she is active now.
  await team.open(DEMO.slug)
  await expect(team.row(email)).toContainText('Actief')
})

test('employees: offline the team stays readable and changing it plainly needs the internet', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  await signInAsEmployee(page, staff.session)
  const team = new EmployeesPage(page)
  await team.open(DEMO.slug)
  await expect(team.row('balie@demo.salon')).toBeVisible()

  await context.setOffline(true)
  const notice = 'Medewerkers wijzigen kan alleen met internet: de server beslist direct over toegang.'
  await expect(page.getByText(notice)).toBeVisible()
  await expect(team.addButton).toBeDisabled()
  await expect(team.row('balie@demo.salon')).toContainText('Amsterdam Centrum · Receptie')
  await screenshotAllSizes(page, 'employees-offline')

  // The drawer reads from the replica; saving and the status actions wait for the internet.
  await team.openRow('Bas Jansen')
  await expect(team.drawer.getByText(notice)).toBeVisible()
  await expect(team.drawer.getByRole('button', { name: 'Opslaan' })).toBeDisabled()
  await expect(team.drawer.getByRole('button', { name: 'Deactiveren' })).toHaveCount(0)
  await expect(team.drawer.getByTestId('effective-permissions')).toContainText('Klanten beheren')
  await expect(team.drawer.getByTestId('effective-permissions')).toContainText('offline')
  await screenshotAllSizes(page, 'employee-drawer-offline')
  await context.setOffline(false)
})

test('employees: without manageEmployees the team is read-only (no add button, nothing to save)', async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  const org = apiUrl(API.organisations.get, { org: staff.org })
  const u = unique()
  const roleRes = await request.post(`${org}/permissions/roles`, {
    headers: staff.headers,
    data: { name: `Teamlezer ${u}`, permissions: ['readEmployees', 'readCustomers'] },
  })
  expect(roleRes.status(), await roleRes.text()).toBe(201)
  const role = (await roleRes.json()) as { id: string }
  const email = `lezer-${u}@example.test`
  const created = await request.post(`${org}/employees`, {
    headers: staff.headers,
    data: {
      firstName: 'Lotte',
      lastName: `Lezer${u.slice(-4)}`,
      email,
      language: 'nl',
      access: [{ salonId: staff.salon, roleId: role.id }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  // She accepts the invitation (the reset endpoint takes its token) and signs in.
  const mail = await latestMail(request, email)
  const token = /set-password\?token=([\w-]+)/.exec(mail.text)?.[1]
  expect(token, mail.text).toBeTruthy()
  const reset = await request.post(apiUrl(API.auth.passwordReset), { data: { token, password: 'Lotte-Salon1' } })
  expect(reset.ok(), await reset.text()).toBe(true)
  await signInAsEmployee(page, await signInViaApi(request, email, 'Lotte-Salon1'))

  const team = new EmployeesPage(page)
  await team.open(DEMO.slug)
  await expect(team.row('balie@demo.salon')).toContainText('Amsterdam Centrum · Receptie')
  await expect(page.getByRole('button', { name: 'Medewerker toevoegen' })).toHaveCount(0)
  await team.openRow('Bas Jansen')
  await expect(team.drawer.getByRole('heading', { name: 'Medewerker', exact: true })).toBeVisible()
  await expect(team.drawer.getByRole('button', { name: 'Opslaan' })).toHaveCount(0)
  await expect(team.drawer.getByLabel('Voornaam')).toBeDisabled()
  await expect(team.drawer.getByRole('button', { name: 'Deactiveren' })).toHaveCount(0)
  await screenshotAllSizes(page, 'employees-read-only')
})

test("employees: send the invitation again, deactivate after a plain confirm, reactivate; never one's own account", async ({
  page,
  request,
}) => {
  const staff = await demoStaff(request)
  const u = unique()
  const email = `joost-${u}@example.test`
  const lastName = `Smit${u.slice(-4)}`
  const roles = (await (
    await request.get(apiUrl(API.roles.list, { org: staff.org }), { headers: staff.headers })
  ).json()) as { id: string; name: string }[]
  const reception = roles.find((r) => r.name === 'Receptie')!
  const created = await request.post(apiUrl(API.employees.create, { org: staff.org }), {
    headers: staff.headers,
    data: {
      firstName: 'Joost',
      lastName,
      email,
      language: 'en',
      access: [{ salonId: staff.salon, roleId: reception.id }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  await signInAsEmployee(page, staff.session)
  const team = new EmployeesPage(page)
  await team.open(DEMO.slug)
  await team.openRow(`Joost ${lastName}`)
  const status = team.drawer.getByTestId('employee-status')

  await status.getByRole('button', { name: 'Uitnodiging opnieuw sturen' }).click()
  await expect(page.getByText(`Er is een nieuwe uitnodiging gestuurd naar ${email}.`)).toBeVisible()

  await status.getByRole('button', { name: 'Deactiveren' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Joost ${lastName} deactiveren?` })
  await expect(confirm).toContainText('wordt direct op elk apparaat uitgelogd')
  await screenshotAllSizes(page, 'employee-deactivate-confirm')
  await confirm.getByRole('button', { name: 'Deactiveren' }).click()
  await expect(status).toContainText('Gedeactiveerd')
  await expect(team.row(email)).toContainText('Gedeactiveerd')
  await screenshotAllSizes(page, 'employee-deactivated')
  await status.getByRole('button', { name: 'Opnieuw activeren' }).click()
  await expect(status).toContainText('Uitgenodigd')

  // Her own account: the owner cannot deactivate herself from here.
  await page.keyboard.press('Escape')
  await expect(team.drawer).toBeHidden()
  await team.openRow('Eva de Vries')
  await expect(team.drawer.getByText('Je eigen account kun je niet deactiveren.')).toBeVisible()
  await expect(team.drawer.getByRole('button', { name: 'Deactiveren' })).toHaveCount(0)

  // Taking the owner's own roles away is refused by the server, in plain words, and nothing changes.
  for (const select of await team.drawer.getByLabel(/^Rol in /).all()) await select.selectOption({ label: 'Receptie' })
  await team.drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(
    team.drawer.getByRole('alert').filter({ hasText: /moet (alle organisatierechten|het recht)/ }),
  ).toBeVisible()
  await screenshotAllSizes(page, 'employee-last-owner')
  await expect(team.row('eigenaar@demo.salon')).toContainText('Utrecht · Eigenaar')
})
