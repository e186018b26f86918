import { expect, test } from '@playwright/test'
import { createOrganisationViaApi, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

// Issue 20: the groups tab's create and rename forms run on the form engine: a new group is
// created and the field empties, an empty or taken name is refused on the field, a rename saves.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('grow groups: create, refuse an empty and a taken name on the field, rename in place', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const created = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInAsEmployee(page, created.session)
  await page.goto(`/${created.organisation.slug}/admin/grow`)
  await expect(page.getByTestId('sync-pill')).toHaveText('Synced', { timeout: 30_000 })
  await page.getByRole('tab', { name: /Groups/ }).click()

  const form = page.getByTestId('new-group-form')
  const name = form.getByLabel('New group', { exact: true })
  await form.getByRole('button', { name: 'Add group' }).click()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()

  await name.fill('Skin')
  await form.getByRole('button', { name: 'Add group' }).click()
  await expect(page.getByText('Group Skin was created.')).toBeVisible()
  await expect(name).toHaveValue('')
  await expect(page.getByTestId('grow-group-row')).toHaveCount(1)

  await name.fill('Skin')
  await form.getByRole('button', { name: 'Add group' }).click()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await name.fill('Skins')
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await name.fill('')

  await page.getByRole('button', { name: 'Rename Skin' }).click()
  const row = page.getByTestId('grow-group-row')
  await row.getByLabel('Group name').fill('Skin care')
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Group Skin care was saved.')).toBeVisible()
  await expect(row).toContainText('Skin care')
})
