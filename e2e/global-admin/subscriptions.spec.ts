import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import type { SubscriptionOption } from '../../contract/subscriptions'
import { apiUrl } from '../../tests/helpers/url'
import { confirmedOrganisationViaApi, screenshotAllSizes } from '../fixtures/api'
import { signInGlobalAdmin } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 23: the global admin's subscriptions. Two organisations buy a plan through the API and the
 * sandbox's checkout (a real provider payment with its invoice, so there is a last payment to
 * refund); the admin finds one by name and state, cancels it at the end of the term, and cancels
 * the other now with a refund of the unused part (its amount and credit note number shown).
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** A new organisation on the cheapest paid plan, monthly, auto-extending, paid at the sandbox. */
async function paidOrganisation(request: APIRequestContext) {
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const org = created.organisation.id
  const headers = { authorization: `Bearer ${created.session.token}` }
  const options = (await (await request.get(apiUrl(API.subscriptions.options))).json()) as SubscriptionOption[]
  const plan = options.filter((o) => o.monthlyPriceCents > 0).sort((a, b) => a.rank - b.rank)[0]
  const bought = await request.post(apiUrl(API.subscriptions.optionPayment, { org }), {
    headers,
    data: { optionId: plan.id, period: 'monthly', autoExtend: true },
  })
  expect(bought.status()).toBe(201)
  const { checkoutUrl } = (await bought.json()) as { checkoutUrl: string }
  const id = decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop() ?? '')
  const paid = await request.post(apiUrl(API.checkout.choose, { id }), { data: { status: 'paid' } })
  expect(paid.status()).toBe(204)
  // The sandbox calls the webhook; the plan is bought once the server says so.
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.subscriptions.overview, { org }), { headers })
      return ((await res.json()) as { current: { displayStatus: string } | null }).current?.displayStatus
    })
    .toBe('active')
  return { name: created.organisation.companyName, plan }
}

const rows = (page: Page) => page.getByTestId('subscription-row')
const row = (page: Page, state: string) => page.locator(`[data-testid="subscription-row"][data-state="${state}"]`)

async function find(page: Page, name: string) {
  await page.getByTestId('subscription-search').fill(name)
  // The trial it started with (expired, history) and the plan bought.
  await expect(rows(page)).toHaveCount(2)
}

test('global admin: finds a subscription, cancels one at the end of the term and one now with a refund', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const first = await paidOrganisation(request)
  const second = await paidOrganisation(request)
  await signInGlobalAdmin(page, request)
  await page.getByRole('link', { name: 'Subscriptions' }).last().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible()
  await expect(rows(page).first()).toBeVisible()
  await screenshotAllSizes(page, 'global-subscriptions')

  // Search by name, then by state: the paid one, with its plan, renewal and last payment.
  await find(page, first.name)
  await page.getByTestId('subscription-state-filter').selectOption('active')
  await expect(rows(page)).toHaveCount(1)
  await expect(page).toHaveURL(/state=active/)
  const active = row(page, 'active')
  await expect(active.getByRole('link', { name: first.name })).toHaveAttribute(
    'href',
    /\/global-admin\/organisations\//,
  )
  await expect(active.getByTestId('subscription-plan')).toHaveText(first.plan.name.en)
  await expect(active.getByTestId('subscription-auto-extend')).toHaveText('Yes')
  await expect(active.getByTestId('subscription-last-payment')).toHaveText(/^€\d+\.\d{2} on \d{2}-\d{2}-\d{4}$/)
  await screenshotAllSizes(page, 'global-subscriptions-search')

  await page.getByTestId('subscription-search').fill('no-such-organisation-anywhere')
  await expect(page.getByText('No subscriptions found')).toBeVisible()
  await screenshotAllSizes(page, 'global-subscriptions-no-match')
  await page.getByRole('button', { name: 'Show all' }).click()
  await find(page, first.name)

  // Cancel at the end of the term: a reason is required.
  await row(page, 'active').getByTestId('subscription-cancel').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('radio', { name: 'At the end of the term' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(dialog.getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Asked by the owner on the phone')
  await screenshotAllSizes(page, 'global-subscriptions-cancel')
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(dialog).toBeHidden()
  const cancelled = row(page, 'cancelled')
  await expect(cancelled).toHaveCount(1)
  await expect(cancelled).toContainText('Cancelled')
  await expect(cancelled.getByTestId('subscription-auto-extend')).toHaveText('No')
  // Still running until valid-to: it can only end now from here.
  await expect(cancelled.getByTestId('subscription-cancel')).toHaveText('End now')
  await screenshotAllSizes(page, 'global-subscriptions-cancelled')

  // Cancel now with a refund: the provider's refusal shows in the dialog and changes nothing…
  await find(page, second.name)
  await row(page, 'active').getByTestId('subscription-cancel').click()
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Closed the salon, refund agreed')
  await dialog.getByRole('radio', { name: 'Now' }).check()
  await dialog.getByRole('checkbox', { name: 'Refund the unused part' }).check()
  const refused = /\/api\/global\/subscriptions\/customer-subscriptions\/[^/?]+\?/
  await page.context().route(refused, (route) =>
    route.fulfill({
      status: 502,
      json: { code: 'REFUND_FAILED', message: 'The payment provider did not refund the payment: nothing was changed.' },
    }),
  )
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(dialog.getByText('The payment provider did not refund the payment: nothing was changed.')).toBeVisible()
  await screenshotAllSizes(page, 'global-subscriptions-cancel-refused')
  await page.context().unroute(refused)

  // …and once it refunds: the amount and the credit note, then the row has ended.
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  const result = page.getByTestId('refund-result')
  await expect(result).toBeVisible()
  await expect(result.getByTestId('refund-amount')).toHaveText(/^€\d+\.\d{2}$/)
  await expect(result.getByTestId('credit-note-number')).not.toBeEmpty()
  await screenshotAllSizes(page, 'global-subscriptions-refunded')
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(row(page, 'active')).toHaveCount(0)
  await expect(row(page, 'expired')).toHaveCount(2)
  await expect(row(page, 'expired').getByTestId('subscription-cancel')).toHaveCount(0)
})
