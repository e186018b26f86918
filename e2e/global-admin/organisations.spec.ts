import { expect, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { createOrganisationViaApi, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { signInGlobalAdmin } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 23: the global admin finds an organisation, opens it, corrects it, suspends and
 * reactivates it (its staff see the notice meanwhile), deletes a fresh one after downloading its
 * data and typing its name, and reads it all back in the platform audit.
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

async function open(page: Page, slug: string) {
  await page.goto('/global-admin/organisations')
  await page.getByTestId('organisation-search').fill(slug)
  await expect(page.getByTestId('organisation-row')).toHaveCount(1)
  await page.getByTestId('organisation-row').click()
  await expect(page.getByTestId('organisation-overview')).toBeVisible()
}

test('global admin: search, open, edit, suspend and reactivate an organisation', async ({ page, request, context }) => {
  const created = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  const { organisation } = created
  await signInGlobalAdmin(page, request)
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible()
  await expect(page.getByTestId('organisation-row').first()).toBeVisible()
  await screenshotAllSizes(page, 'global-organisations')

  await page.getByTestId('organisation-search').fill('no-such-organisation-anywhere')
  await expect(page.getByText('No organisations found')).toBeVisible()
  await screenshotAllSizes(page, 'global-organisations-no-match')

  await open(page, organisation.slug)
  await expect(page.getByRole('heading', { level: 1, name: organisation.companyName })).toBeVisible()
  await expect(page.getByTestId('organisation-employee')).toHaveCount(1)
  await screenshotAllSizes(page, 'global-organisation')

  // Edit: the organisation's own form and rules.
  await page.getByRole('button', { name: 'Edit details' }).click()
  const form = page.getByTestId('global-organisation-form')
  await form.getByLabel('City').fill('Utrecht')
  await screenshotAllSizes(page, 'global-organisation-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('organisation-overview')).toContainText('Utrecht')

  // Suspend with a reason: the staff see why and can no longer change anything.
  await page.getByRole('button', { name: 'Suspend' }).click()
  await page.getByLabel('Reason').fill('Unpaid invoices since May')
  await screenshotAllSizes(page, 'global-organisation-suspend')
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click()
  await expect(page.getByTestId('suspension-notice')).toContainText('Unpaid invoices since May')
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible()

  const staff = await context.newPage()
  await signInAsEmployee(staff, created.session)
  await staff.goto(`/${organisation.slug}/admin/branches`)
  await expect(staff.getByTestId('organisation-suspended')).toBeVisible()
  await screenshotAllSizes(staff, 'staff-organisation-suspended')
  const headers = { authorization: `Bearer ${created.session.token}` }
  const refused = await request.post(apiUrl(API.salons.create, { org: organisation.id }), {
    headers,
    data: { name: 'Second branch' },
  })
  expect(refused.status()).toBe(423)

  await page.getByRole('button', { name: 'Reactivate' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click()
  await expect(page.getByTestId('suspension-notice')).toHaveCount(0)
  await expect(page.getByText('Trial', { exact: true })).toBeVisible()
  const allowed = await request.post(apiUrl(API.salons.create, { org: organisation.id }), {
    headers,
    data: { name: 'Second branch' },
  })
  expect(allowed.status()).toBe(201)
  await staff.reload()
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(staff.getByTestId('organisation-suspended')).toHaveCount(0)
  await staff.close()

  // The audit shows what the admin did, for this organisation.
  await page.getByRole('link', { name: 'Audit' }).last().click()
  await expect(page.getByTestId('audit-organisation-filter')).toContainText(organisation.companyName)
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Organisation suspended' })).toBeVisible()
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Organisation reactivated' })).toBeVisible()
  await screenshotAllSizes(page, 'global-audit')
})

test('global admin: deletes a fresh organisation after its export and the typed name', async ({ page, request }) => {
  const { organisation, session } = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInGlobalAdmin(page, request)
  await open(page, organisation.slug)
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog')
  const download = page.waitForEvent('download')
  await dialog.getByTestId('organisation-export').click()
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${organisation.slug}-.*\\.json$`))

  const confirm = dialog.getByRole('button', { name: 'Delete' })
  await dialog.getByTestId('delete-confirm').fill(organisation.companyName.toLowerCase())
  await expect(confirm).toBeDisabled()
  await dialog.getByTestId('delete-confirm').fill(organisation.companyName)
  await screenshotAllSizes(page, 'global-organisation-delete')
  await confirm.click()
  await expect(page.getByTestId('deletion-notice')).toBeVisible()
  await expect(page.getByText('Deleted (pending removal)', { exact: true })).toBeVisible()
  await screenshotAllSizes(page, 'global-organisation-deleted')

  // Gone for its staff at once.
  const me = await request.get(apiUrl(API.employees.me, { org: organisation.id }), {
    headers: { authorization: `Bearer ${session.token}` },
  })
  expect(me.status()).toBe(401)
})
