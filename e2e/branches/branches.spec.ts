import { expect, test } from '@playwright/test'
import { screenshotAllSizes, signedInNewOrganisation } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('branches: list with counts, create and rename a branch; offline says it needs a connection', async ({
  page,
  context,
  request,
}) => {
  const { organisation, session } = await signedInNewOrganisation(page, request)
  await page.goto(`/${organisation.slug}/admin/branches`)
  const list = page.getByTestId('branch-list')
  await expect(list.getByText('Hoofdvestiging')).toBeVisible()
  await expect(list.getByText('1 employee')).toBeVisible()
  await expect(list.getByText('0 customers')).toBeVisible()
  await screenshotAllSizes(page, 'branches')

  await page.getByRole('button', { name: 'Add branch' }).click()
  const drawer = page.getByRole('dialog', { name: 'New branch' })
  await drawer.getByRole('button', { name: 'Create branch' }).click()
  await expect(drawer.getByText('Branch name is required.')).toBeVisible()
  // The cursor goes to the field to fill, not left on the button (issue 7 #23).
  await expect(drawer.getByLabel('Branch name')).toBeFocused()
  await screenshotAllSizes(page, 'branch-drawer')
  await drawer.getByLabel('Branch name').fill('Utrecht Oost')
  await drawer.getByRole('button', { name: 'Create branch' }).click()
  await expect(drawer).toBeHidden()
  await expect(list.getByText('Utrecht Oost')).toBeVisible()

  // The creator works in the new branch too: the branch switcher offers it.
  await expect(page.getByRole('button', { name: /^Branch: / })).toBeVisible()

  await page.getByRole('button', { name: 'Edit Utrecht Oost' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit branch' })
  await expect(edit.getByLabel('Branch name')).toHaveValue('Utrecht Oost')
  await edit.getByLabel('Branch name').fill('Utrecht Centrum')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(list.getByText('Utrecht Centrum')).toBeVisible()
  await expect(list.getByText('Utrecht Oost')).toHaveCount(0)

  const res = await request.get(apiUrl(API.salons.list, { org: organisation.id }), {
    headers: { authorization: `Bearer ${session.token}` },
  })
  expect((await res.json()).map((s: { name: string }) => s.name).sort()).toEqual(['Hoofdvestiging', 'Utrecht Centrum'])

  // Offline the list stays (replica); changing branches plainly needs a connection.
  await context.setOffline(true)
  await expect(page.getByText('Adding and editing branches needs an internet connection.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add branch' })).toBeDisabled()
  await expect(list.getByText('Utrecht Centrum')).toBeVisible()
  await screenshotAllSizes(page, 'branches-offline')
  await context.setOffline(false)
})
