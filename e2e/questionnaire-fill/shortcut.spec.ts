import { expect, test } from '@playwright/test'
import { DEMO, screenshotAllSizes, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomerSignInPage } from '../pages/customer-sign-in'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

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
  const customers = await request.get(apiUrl(API.customers.list, { org }), { headers, params: { search: EMAIL } })
  const customerId = ((await customers.json()) as { items: { id: string; email: string }[] }).items.find(
    (c) => c.email === EMAIL,
  )!.id
  const list = await request.get(apiUrl(API.questionnaires.list, { org, salon }), { headers })
  const skin = ((await list.json()) as { id: string; name: string }[]).find((q) => /Huid|Skin/.test(q.name))!
  const link = await request.post(apiUrl(API.questionnaires.createShortcut, { org, salon, id: skin.id }), {
    headers,
    data: { customerId },
  })
  expect(link.ok()).toBe(true)
  const { code } = (await link.json()) as { code: string }

  await page.goto(`/new-questionnaire?code=${code}`)
  await expect(page.getByLabel('E-mail address')).toHaveValue(EMAIL)
  const signIn = new CustomerSignInPage(page, request, 'en')
  await signIn.sendCode()
  await signIn.enterCode(await signIn.codeFromMail(EMAIL))
  await expect(page.getByRole('heading', { name: skin.name })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/demo/questionnaire/${skin.id}$`))
})

/** A shortcut code for the demo customer and the skin questionnaire, made by staff. */
async function demoCode(request: import('@playwright/test').APIRequestContext) {
  const staff = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  const org = staff.employee.organisationId
  const salon = staff.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${staff.token}` }
  const customers = await request.get(apiUrl(API.customers.list, { org }), { headers, params: { search: EMAIL } })
  const customerId = ((await customers.json()) as { items: { id: string; email: string }[] }).items.find(
    (c) => c.email === EMAIL,
  )!.id
  const list = await request.get(apiUrl(API.questionnaires.list, { org, salon }), { headers })
  const skin = ((await list.json()) as { id: string; name: string }[]).find((q) => /Huid|Skin/.test(q.name))!
  const link = await request.post(apiUrl(API.questionnaires.createShortcut, { org, salon, id: skin.id }), {
    headers,
    data: { customerId },
  })
  return ((await link.json()) as { code: string }).code
}

// Issue 7 #20. The server's 429 carries Retry-After (tests/api/shortcuts.test.ts); the limit
// itself cannot be reached here without locking every other spec out, so the browser is given
// that same answer.
test('a link that fails says what happened, when to try again, the salon and a next step', async ({
  page,
  request,
}) => {
  const code = await demoCode(request)
  await page.goto(`/shortcut?code=${code}`)
  await expect(page.getByLabel('E-mail address')).toHaveValue(EMAIL)
  const salonName = (
    await (await request.get(apiUrl(API.organisations.findPublic), { params: { slug: DEMO.slug } })).json()
  ).companyName as string

  await page.route('**/api/shortcuts?**', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '300' },
      body: JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' }),
    }),
  )
  await page.goto(`/shortcut?code=${code}`)
  const problem = page.getByTestId('link-problem')
  await expect(problem.getByRole('heading', { name: 'Please wait a moment' })).toBeVisible()
  await expect(problem).toContainText(/Try again at \d\d:\d\d \(in about 5 minutes\)/)
  await expect(problem).toContainText(salonName)
  await expect(problem.getByRole('button', { name: 'Try again' })).toBeDisabled()
  await expect(problem.getByRole('link', { name: `Sign in at ${salonName}` })).toBeVisible()
  await screenshotAllSizes(page, 'shortcut-rate-limited')

  // No connection: say so, and Try again works once it is back.
  await page.unroute('**/api/shortcuts?**')
  await page.route('**/api/shortcuts?**', (route) => route.abort('internetdisconnected'))
  await page.goto(`/shortcut?code=${code}`)
  await expect(problem.getByRole('heading', { name: 'No internet connection' })).toBeVisible()
  await page.unroute('**/api/shortcuts?**')
  await problem.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByLabel('E-mail address')).toHaveValue(EMAIL)

  // An unknown code (the real server's 404): the link does not work; ask the salon.
  await page.goto('/shortcut?code=ZZZZZZZZ')
  await expect(problem.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()
  await expect(problem).toContainText('Ask the salon to send it to you again.')
  await screenshotAllSizes(page, 'shortcut-not-found')
})
