import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { createOrganisationViaApi, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 7 #15 and #17 in Dutch (the default): numbers as people type them, our own texts only.
test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('customers: "0612345678" is accepted, stored as +31612345678 and shown as 06 12345678; limits say so in Dutch', async ({
  page,
  request,
}) => {
  const { organisation, session } = await createOrganisationViaApi(request)
  expect(session.employee.phoneRegion).toBe('NL')
  await signInAsEmployee(page, session)
  await page.goto(`/${organisation.slug}/admin/customers`)
  await expect(page.getByRole('heading', { name: 'Klanten', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Klant toevoegen' }).first().click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('heading', { name: 'Nieuwe klant' })).toBeVisible()

  const u = unique()
  const email = `tel-${u}@example.test`
  // Too long a name: the limit in Dutch, never zod's "Too big: expected string to have <=100 characters".
  await drawer.getByLabel('Voornaam').fill('x'.repeat(101))
  await drawer.getByLabel('Achternaam').fill(`Bakker ${u}`)
  await drawer.getByLabel('E-mailadres').fill(email)
  await drawer.getByLabel('Telefoonnummer', { exact: true }).fill('0612')
  await drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(drawer.getByText('Gebruik maximaal 100 tekens.')).toBeVisible()
  await expect(drawer.getByText(/Too big|expected string/)).toHaveCount(0)
  await expect(drawer.getByText(/geen geldig telefoonnummer/)).toBeVisible()

  await drawer.getByLabel('Voornaam').fill('Bas')
  await drawer.getByLabel('Telefoonnummer', { exact: true }).fill('0612345678')
  await drawer.getByLabel('Alternatief telefoonnummer').fill('+32 470 12 34 56')
  await screenshotAllSizes(page, 'customers-phone-typed')
  await drawer.getByRole('button', { name: 'Opslaan' }).click()
  await expect(drawer).toBeHidden()

  const row = page.getByTestId('customer-row').filter({ hasText: `Bas Bakker ${u}` })
  await expect(row).toBeVisible()
  await expect(row.getByText('06 12345678')).toBeVisible()
  // The list finds the customer by the number as dialled at home.
  await page.getByRole('searchbox').fill('0612345678')
  await expect(row).toBeVisible()

  // The server has E.164 (after the sync).
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.customers.list, { org: organisation.id }), {
        params: { search: email },
        headers: { authorization: `Bearer ${session.token}` },
      })
      const items = (await res.json()).items as Customer[]
      return items[0] && { phoneNumber: items[0].phoneNumber, alternatePhoneNumber: items[0].alternatePhoneNumber }
    })
    .toEqual({ phoneNumber: '+31612345678', alternatePhoneNumber: '+32470123456' })

  // Reopened, the form shows the numbers as people read them.
  await row.click()
  await expect(drawer.getByLabel('Telefoonnummer', { exact: true })).toHaveValue('06 12345678')
  await expect(drawer.getByLabel('Alternatief telefoonnummer')).toHaveValue('+32 470 12 34 56')
  await screenshotAllSizes(page, 'customers-phone-reopened')
})
