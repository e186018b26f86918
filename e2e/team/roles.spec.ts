import { expect, type Page, test } from '@playwright/test'
import type { Role } from '../../contract/roles'
import {
  confirmedOrganisationViaApi,
  DEMO,
  latestMail,
  screenshotAllSizes,
  signInAsEmployee,
  signInViaApi,
  unique,
} from '../fixtures/api'
import { demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

const roleRow = (page: Page, name: string) =>
  page.getByTestId('role-list').getByRole('listitem').filter({ hasText: name })

test.describe('roles', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

  test('the owner reads the presets, creates a role (name required), edits its permissions; offline it is read-only', async ({
    page,
    context,
    request,
  }) => {
    // Six screens at three sizes each, on a busy machine.
    test.setTimeout(180_000)
    const staff = await demoStaff(request)
    await signInAsEmployee(page, staff.session)
    await page.goto(`/${DEMO.slug}/admin/dashboard`)
    await page.getByRole('navigation').getByRole('link', { name: 'Roles' }).click()
    await expect(page).toHaveURL(/\/demo\/admin\/roles$/)
    await expect(page.getByRole('heading', { name: 'Roles', exact: true })).toBeVisible()
    // Not "no roles yet" while the first sync is still on its way.
    await expect(page.getByText('No roles yet')).toHaveCount(0)

    // The demo's roles, read from the replica, each with what it allows and who holds it.
    await expect(roleRow(page, 'Eigenaar')).toContainText('All permissions')
    // (Other specs may give the demo's roles to more people: the count is the server's.)
    await expect(roleRow(page, 'Eigenaar')).toContainText(/\d+ employees?/)
    await expect(roleRow(page, 'Receptie')).toContainText('2 permissions')
    await expect(roleRow(page, 'Manager')).toContainText('12 permissions')
    await expect(roleRow(page, 'Specialist')).toContainText('5 permissions')
    await expect(roleRow(page, 'Receptie')).toContainText('Manage customers')
    await screenshotAllSizes(page, 'roles')

    // Create: the name is required (the spec's message, at the field, with the cursor there).
    await page.getByRole('button', { name: 'Add role' }).click()
    const create = page.getByRole('dialog', { name: 'New role' })
    await expect(create.getByText('Organisation', { exact: true })).toBeVisible()
    await expect(create.getByText('Per branch', { exact: true })).toBeVisible()
    await create.getByRole('button', { name: 'Create role' }).click()
    await expect(create.getByText('Role name is required.')).toBeVisible()
    await expect(create.getByLabel('Role name')).toBeFocused()
    await screenshotAllSizes(page, 'role-drawer-required')

    const name = `Stagiair ${unique().slice(-5)}`
    await create.getByLabel('Role name').fill(name)
    await expect(create.getByText('Role name is required.')).toBeHidden()
    // Ticking a manage permission ticks the view permission it includes.
    await create.getByRole('checkbox', { name: 'Manage customers' }).check()
    await expect(create.getByRole('checkbox', { name: 'View customers' })).toBeChecked()
    await create.getByRole('checkbox', { name: 'View questionnaires' }).check()
    await screenshotAllSizes(page, 'role-drawer-create')
    await create.getByRole('button', { name: 'Create role' }).click()
    await expect(create).toBeHidden()
    await expect(roleRow(page, name)).toContainText('3 permissions')
    await expect(roleRow(page, name)).toContainText('Not given to anyone yet')

    // Edit: unticking a view permission unticks its manage permission.
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit role' })
    await expect(edit.getByLabel('Role name')).toHaveValue(name)
    await expect(edit.getByRole('checkbox', { name: 'Manage customers' })).toBeChecked()
    await edit.getByRole('checkbox', { name: 'View customers' }).uncheck()
    await expect(edit.getByRole('checkbox', { name: 'Manage customers' })).not.toBeChecked()
    await edit.getByRole('checkbox', { name: 'Manage advice' }).check()
    // Nobody holds the new role yet: no warning about employees.
    await expect(edit.getByTestId('role-applies-at-once')).toHaveCount(0)
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toBeHidden()
    await expect(roleRow(page, name)).toContainText('3 permissions')
    await expect(roleRow(page, name)).toContainText('Manage advice')

    const res = await request.get(apiUrl(API.roles.list, { org: staff.org }), { headers: staff.headers })
    const saved = ((await res.json()) as Role[]).find((r) => r.name === name)
    expect(saved?.permissions.sort()).toEqual(['manageAdvice', 'readAdvice', 'readQuestionnaires'])

    // A role that people hold: the drawer warns that a change applies to them at once, and the
    // server refuses to take "manage roles and permissions" from its last holders (said plainly).
    await page.getByRole('button', { name: 'Edit Eigenaar' }).click()
    const owner = page.getByRole('dialog', { name: 'Edit role' })
    await owner.getByRole('checkbox', { name: 'Manage roles' }).uncheck()
    await expect(owner.getByTestId('role-applies-at-once')).toHaveText(
      /^This change applies at once to the \d+ employees? who holds? this role\.$/,
    )
    await expect(owner.getByText('Employees with this role will no longer be able to change roles')).toBeVisible()
    await owner.getByRole('button', { name: 'Save' }).click()
    await expect(owner.getByText('Nobody would be left who can manage roles and permissions.')).toBeVisible()
    await screenshotAllSizes(page, 'role-drawer-last-manager')
    // Nor may the last one holding every organisation permission lose one of them.
    await owner.getByRole('checkbox', { name: 'Manage roles' }).check()
    await owner.getByRole('checkbox', { name: 'Manage documents' }).uncheck()
    await owner.getByRole('button', { name: 'Save' }).click()
    await expect(owner.getByText('Nobody active would be left who holds every organisation permission.')).toBeVisible()
    await owner.getByRole('button', { name: 'Cancel' }).click()
    await page
      .getByRole('alertdialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click()
    await expect(owner).toBeHidden()
    await expect(roleRow(page, 'Eigenaar')).toContainText('All permissions')

    // Offline: the list and the drawer stay readable; changing roles plainly needs a connection.
    await context.setOffline(true)
    await expect(
      page.getByText(
        'Creating and changing roles needs an internet connection: the server decides security changes at once.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add role' })).toBeDisabled()
    await screenshotAllSizes(page, 'roles-offline')
    await page.getByRole('button', { name: `View ${name}` }).click()
    const view = page.getByRole('dialog', { name: 'Role' })
    await expect(view.getByTestId('role-read-only')).toBeVisible()
    await expect(view.getByLabel('Role name')).toBeDisabled()
    await expect(view.getByRole('checkbox', { name: 'Manage advice' })).toBeChecked()
    await expect(view.getByRole('checkbox', { name: 'Manage advice' })).toBeDisabled()
    await expect(view.getByRole('button', { name: 'Save' })).toBeDisabled()
    await screenshotAllSizes(page, 'role-drawer-offline')
    await context.setOffline(false)
  })
})

test('roles: an employee without access to roles is not offered the screen, nor shown it by address (nl)', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'nl')
  const session = await signInViaApi(request, 'balie@demo.salon', DEMO.owner.password)
  await signInAsEmployee(page, session)
  await page.goto(`/${DEMO.slug}/admin/roles`)
  await expect(page.getByText('Geen toegang tot dit scherm')).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Rollen' })).toHaveCount(0)
})

test('roles: an employee who gives roles but may not edit them reads every role, read-only', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en')
  const {
    organisation,
    session: owner,
    admin,
  } = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const headers = { authorization: `Bearer ${owner.token}` }
  const org = organisation.id
  const role = await request.post(apiUrl(API.roles.create, { org }), {
    headers,
    data: { name: 'Teamleider', permissions: ['readCustomers', 'readEmployees', 'manageEmployees'] },
  })
  expect(role.status(), await role.text()).toBe(201)
  const email = `teamleider-${unique()}@example.test`
  const invited = await request.post(apiUrl(API.employees.create, { org }), {
    headers,
    data: {
      firstName: 'Sanne',
      lastName: 'Visser',
      email,
      language: 'en',
      access: [{ salonId: owner.employee.salons[0].salonId, roleId: (await role.json()).id }],
    },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const token = /set-password\?token=([A-Za-z0-9_-]+)/.exec((await latestMail(request, email)).text)?.[1]
  const set = await request.post(apiUrl(API.auth.passwordReset), { data: { token, password: admin.password } })
  expect(set.ok(), await set.text()).toBe(true)
  await signInAsEmployee(page, await signInViaApi(request, email, admin.password))

  await page.goto(`/${organisation.slug}/admin/roles`)
  await expect(
    page.getByText('You can view roles. Only employees who may manage roles and permissions can change them.'),
  ).toBeVisible()
  // The presets of a new organisation, in its admin's language.
  await expect(roleRow(page, 'Owner')).toContainText('All permissions')
  for (const preset of ['Manager', 'Receptionist', 'Specialist']) await expect(roleRow(page, preset)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add role' })).toHaveCount(0)
  await page.getByRole('button', { name: 'View Teamleider' }).click()
  const view = page.getByRole('dialog', { name: 'Role' })
  await expect(view.getByRole('checkbox', { name: 'Manage employees' })).toBeChecked()
  await expect(view.getByRole('checkbox', { name: 'Manage employees' })).toBeDisabled()
  await expect(view.getByRole('checkbox', { name: 'Manage roles' })).not.toBeChecked()
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await screenshotAllSizes(page, 'role-drawer-reader')
  await view.locator('footer').getByRole('button', { name: 'Close' }).click()
  await expect(view).toBeHidden()
})
