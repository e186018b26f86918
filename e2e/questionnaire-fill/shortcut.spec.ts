import { expect, test } from '@playwright/test'
import { DEMO, latestMail, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const EMAIL = 'klant@demo.salon'

test('a shortcut link leads through code sign-in (e-mail prefilled) to the questionnaire', async ({
  page,
  request,
}) => {
  const staff = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  const org = staff.employee.organisationId
  const salon = staff.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${staff.token}` }
  const customers = await request.get(`/api/organisations/${org}/customers`, { headers, params: { search: EMAIL } })
  const customerId = ((await customers.json()) as { items: { id: string; email: string }[] }).items.find(
    (c) => c.email === EMAIL,
  )!.id
  const list = await request.get(`/api/organisations/${org}/salons/${salon}/questionnaires`, { headers })
  const skin = ((await list.json()) as { id: string; name: string }[]).find((q) => /Huid|Skin/.test(q.name))!
  const link = await request.post(`/api/organisations/${org}/salons/${salon}/questionnaires/${skin.id}/shortcuts`, {
    headers,
    data: { customerId },
  })
  expect(link.ok()).toBe(true)
  const { code } = (await link.json()) as { code: string }

  await page.goto(`/new-questionnaire?code=${code}`)
  await expect(page.getByLabel('E-mail address')).toHaveValue(EMAIL)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByLabel('Login code')).toBeVisible()
  const mailCode = (await latestMail(request, EMAIL)).text.match(/\b[A-Z0-9]{6}\b/)?.[0]
  await page.getByLabel('Login code').fill(mailCode!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: skin.name })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/demo/questionnaire/${skin.id}$`))
})
