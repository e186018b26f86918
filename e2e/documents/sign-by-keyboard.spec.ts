import { expect, type Locator, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { screenshotAllSizes, unique } from '../fixtures/api'
import { createCustomer, demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { CustomerSignInPage } from '../pages/customer-sign-in'

/*
 * Issue 21 #23: a person who cannot draw signs a consent form with the keyboard alone: the typed
 * name and the explicit statement instead of the pad. The evidence says it was signed that way.
 */
const CONSENT = 'Toestemming chemische peeling'

/** Tab forward until `target` has the focus (a condition, not a time); fails after 60 steps. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error('focus never reached the target')
}

test('a customer accepts a consent form with the keyboard only: typed name and statement', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff, { lastName: `Toetsenbord${unique().slice(-4)}` })
  const docs = (await (
    await request.get(apiUrl(API.documents.list, { org: staff.org }), { headers: staff.headers })
  ).json()) as {
    id: string
    name: string
  }[]
  const consent = docs.find((d) => d.name === CONSENT)!
  const sent = await request.post(
    apiUrl(API.customerDocuments.send, { org: staff.org, id: customer.id }, { salonId: staff.salon }),
    { headers: staff.headers, data: { id: crypto.randomUUID(), documentId: consent.id, channel: 'inApp' } },
  )
  expect(sent.status(), await sent.text()).toBe(201)

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await phone.newPage()
  await useLanguage(page, 'nl')
  await new CustomerSignInPage(page, request).signIn('demo', customer.email)
  await page.getByRole('link', { name: 'Mijn documenten' }).click()
  const item = page.getByRole('button', { name: new RegExp(CONSENT) })
  await tabTo(page, item)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('document-text')).toContainText('Chemische peeling')

  const accept = page.getByRole('button', { name: 'Accepteren', exact: true })
  await tabTo(page, accept)
  await page.keyboard.press('Enter')
  const name = page.getByLabel('Je volledige naam')
  await tabTo(page, name)
  await page.keyboard.type(`${customer.firstName} Bakker`)
  // The way of signing is a labelled radio group: the arrow key moves to "type my name".
  const drawn = page.getByRole('radio', { name: 'Handtekening tekenen' })
  await tabTo(page, drawn)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Mijn naam typen' })).toBeChecked()
  await expect(page.getByTestId('signature-canvas')).toHaveCount(0)

  // Without the statement ticked, it is asked for; then Space ticks it.
  const submit = page.getByRole('button', { name: 'Accepteren en ondertekenen' })
  await tabTo(page, submit)
  await page.keyboard.press('Enter')
  const statement = page.getByRole('checkbox', { name: /mijn getypte naam hierboven geldt als mijn handtekening/ })
  await expect(page.getByText('Vink de verklaring aan om met je getypte naam te ondertekenen.')).toBeVisible()
  await expect(statement).toBeFocused()
  await page.keyboard.press('Space')
  await expect(statement).toBeChecked()
  await screenshotAllSizes(page, 'documents-sign-typed')
  await tabTo(page, submit)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Bedankt voor je handtekening' })).toBeVisible()

  // The evidence records how it was signed, with the typed name.
  const list = await request.get(
    apiUrl(API.customerDocuments.list, { org: staff.org, id: customer.id }, { salonId: staff.salon }),
    { headers: staff.headers },
  )
  const [row] = (await list.json()) as { status: string; evidence: { signatureMethod: string; typedName: string } }[]
  expect(row).toMatchObject({
    status: 'accepted',
    evidence: { signatureMethod: 'typed', typedName: `${customer.firstName} Bakker` },
  })
  await phone.close()
})
