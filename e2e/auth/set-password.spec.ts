import { expect, test } from '@playwright/test'
import { StaffSignInPage } from '../pages/staff-sign-in'
import { confirmedOrganisationViaApi, latestMail, screenshotAllSizes, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('invitation: the new employee follows the mailed link, sets her password (Dutch), then signs in', async ({
  page,
  request,
}) => {
  const { organisation, session } = await confirmedOrganisationViaApi(request)
  const headers = { authorization: `Bearer ${session.token}` }
  const roles = (await (await request.get(apiUrl(API.roles.list, { org: organisation.id }), { headers })).json()) as {
    id: string
    name: string
  }[]
  const email = `sanne-${unique()}@example.test`
  const created = await request.post(apiUrl(API.employees.create, { org: organisation.id }), {
    headers,
    data: {
      firstName: 'Sanne',
      lastName: 'Visser',
      email,
      language: 'nl',
      access: [{ salonId: session.employee.salons[0].salonId, roleId: roles.find((r) => r.name === 'Receptie')!.id }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  const mail = await latestMail(request, email)
  expect(mail.subject).toBe(`Je bent uitgenodigd voor ${organisation.companyName}`)
  const link = mail.text.match(/https?:\/\/\S+\/admin\/set-password\?token=[\w-]+/)?.[0]
  expect(link, mail.text).toBeTruthy()
  const url = new URL(link!)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page.getByRole('heading', { name: 'Stel je wachtwoord in' })).toBeVisible()
  await page.getByLabel('Nieuw wachtwoord').fill('zwak')
  await page.getByLabel('Bevestig wachtwoord').fill('zwak')
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click()
  await expect(page.getByText('Het wachtwoord moet', { exact: false })).toBeVisible()
  await screenshotAllSizes(page, 'set-password')

  await page.getByLabel('Nieuw wachtwoord').fill('Welkom-Sanne1')
  await page.getByLabel('Bevestig wachtwoord').fill('Welkom-Sanne1')
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click()
  await expect(page.getByRole('heading', { name: 'Je account is klaar' })).toBeVisible()
  await screenshotAllSizes(page, 'set-password-done')

  // The link works once; then it says what to do.
  await page.goto(`${url.pathname}${url.search}`)
  await page.getByLabel('Nieuw wachtwoord').fill('Welkom-Sanne2')
  await page.getByLabel('Bevestig wachtwoord').fill('Welkom-Sanne2')
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click()
  await expect(
    page.getByText('Deze uitnodigingslink is ongeldig, al gebruikt of verlopen.', { exact: false }),
  ).toBeVisible()

  const signIn = new StaffSignInPage(page, 'nl')
  await signIn.open()
  await signIn.submit(email, 'Welkom-Sanne1')
  // A receptionist lands on the first screen she may use: customers.
  await expect(page).toHaveURL(new RegExp(`/${organisation.slug}/admin/customers$`))
})
