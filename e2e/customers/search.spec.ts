import { expect, test } from '@playwright/test'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/*
 * Issue 21 #7: the customer search runs on the replica's index. Typed fast, each keystroke starts
 * a search and the newest one wins: the list ends on the answer to what the box holds, never an
 * older keystroke's. Diacritics do not count; a phone number is found as dialled at home.
 */
test('customers: a search typed fast ends on the right results; diacritics and phone formats', async ({
  page,
  request,
}) => {
  const org = await englishOrganisation(request)
  for (const [firstName, lastName, phoneNumber] of [
    ['Anna', 'Jansen', null],
    ['Annabel', 'Visser', null],
    ['Hanna', 'de Vries', null],
    ['José', 'Müller', '+31612345678'],
    ['Bram', 'Bakker', null],
    ['Ann', 'Smit', null],
  ] as const)
    await org.postCustomer(undefined, {
      firstName,
      lastName,
      phoneNumber,
      email: `${firstName.toLowerCase()}@example.test`.replace('é', 'e'),
    })
  await signInAsEmployee(page, org.session)
  const customers = new CustomersPage(page)
  await customers.open(org.organisation.slug)
  // The first pull brings them (a busy machine may take a while).
  await expect(page.getByTestId('customer-row')).toHaveCount(6, { timeout: 30_000 })
  const box = page.getByRole('searchbox')

  // Four letters with no pause between them.
  await box.pressSequentially('anna')
  await expect(box).toHaveValue('anna')
  await expect(page).toHaveURL(/search=anna/)
  await expect(page.getByText('3 customers')).toBeVisible()
  await expect(page.getByTestId('customer-row')).toHaveText([/Hanna de Vries/, /Anna Jansen/, /Annabel Visser/])
  await screenshotAllSizes(page, 'customers-search-typed-fast')

  // Taking letters away widens it again; "ann" also finds Ann Smit.
  await box.press('Backspace')
  await expect(page.getByText('4 customers')).toBeVisible()
  await expect(page.getByTestId('customer-row')).toHaveCount(4)

  await box.fill('')
  await box.pressSequentially('jose mul')
  await expect(page.getByTestId('customer-row')).toHaveText([/José Müller/])
  await box.fill('')
  // Each word of a number needs three digits to count as one ("06" alone is looked for as text).
  await box.pressSequentially('06-12 345')
  await expect(page.getByTestId('customer-row')).toHaveText([/José Müller/])
  await box.fill('')
  await box.pressSequentially('annx')
  await expect(page.getByText('No customers found')).toBeVisible()
  await screenshotAllSizes(page, 'customers-search-none')
})
