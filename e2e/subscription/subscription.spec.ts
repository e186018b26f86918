import { expect, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { confirmedOrganisationViaApi, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 22: the owner's billing screens against the real server and its local checkout
 * (/dev/checkout/<id>, the sandbox provider). Each test takes a new organisation (it starts on
 * the trial): buying and cancelling change the subscription, and the demo's is shared.
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** Opens the plans, chooses the highest one monthly and goes to the checkout. */
async function buyHighestPlan(page: Page, slug: string) {
  await page.goto(`/${slug}/admin/subscription`)
  await expect(page.getByTestId('plan-name')).toBeVisible()
  await page.getByTestId('change-plan').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible()
  const plan = page.getByTestId('plan').last()
  await plan.getByTestId('choose-plan').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('price-breakdown')).toBeVisible()
  return { plan, dialog }
}

/** Chooses on the sandbox's checkout page; it sends the browser back to the return page. */
async function checkout(page: Page, choice: 'paid' | 'failed') {
  await page.waitForURL(/\/dev\/checkout\//)
  // By value: the page's words follow the browser's language (Betaald / Paid).
  await page.locator(`button[name="status"][value="${choice}"]`).click()
}

/**
 * Holds every read of the payment until `release` (the page may ask more than once while it
 * starts): its "confirming" state is seen for certain. Installed before the checkout is left, on
 * the context so that a read made through the service worker is held too.
 */
async function holdPaymentReads(page: Page) {
  let release = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  await page.context().route(/\/api\/organisations\/[^/]+\/subscriptions\/payments\/[^/]+$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test('subscription: the owner buys a plan, sees it confirmed with its invoice, then cancels', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInAsEmployee(page, created.session)
  const slug = created.organisation.slug

  await page.goto(`/${slug}/admin/subscription`)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Subscription' })).toBeVisible()
  await expect(page.getByTestId('current-plan').getByText('Trial', { exact: true })).toBeVisible()
  await expect(page.getByTestId('trial-ends')).toHaveText(/^\d{2}-\d{2}-\d{4}$/)
  await expect(page.getByTestId('usage-customers')).toContainText('/')
  await screenshotAllSizes(page, 'subscription-trial')

  const { plan, dialog } = await buyHighestPlan(page, slug)
  const planName = (await plan.getByRole('heading').textContent())?.trim() ?? ''
  await expect(plan).toContainText('excl. VAT')
  await expect(dialog.getByTestId('price-vat')).toBeVisible()
  await expect(dialog).toContainText('VAT (21%)')

  // The auto-extend choice has no default: paying without it is refused on the spot.
  await dialog.getByRole('button', { name: /^Pay / }).click()
  await expect(dialog.getByText('Choose whether to auto-extend.')).toBeVisible()
  await expect(page).toHaveURL(/\/subscription\/plans/)
  // A discount code the server does not know.
  await dialog.getByLabel(/Discount code/).fill('NO-SUCH-CODE')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Invalid or expired code')).toBeVisible()
  await dialog.getByLabel(/Discount code/).fill('')
  await dialog.getByLabel('Yes, renew automatically').check()
  await screenshotAllSizes(page, 'subscription-checkout')

  await dialog.getByRole('button', { name: /^Pay / }).click()
  const release = await holdPaymentReads(page)
  await checkout(page, 'paid')

  // Back from the provider: never "paid" on its own, it asks the server first.
  await page.waitForURL(/\/admin\/subscription\/payments\/[^/]+$/)
  const outcome = page.getByTestId('payment-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'confirming')
  await expect(outcome.getByRole('heading', { name: 'Confirming your payment…' })).toBeVisible()
  release()
  await expect(outcome).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 })
  await expect(outcome.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible()
  const download = page.waitForEvent('download')
  await outcome.getByTestId('invoice-download').click()
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)
  await screenshotAllSizes(page, 'subscription-confirmed')

  // The payments list: the payment, confirmed, with its invoice.
  await page.goto(`/${slug}/admin/subscription/payments`)
  const row = page.getByTestId('payment-row').first()
  await expect(row).toContainText('Confirmed')
  // In the reader's language (the organisation's invoices are in Dutch by default).
  await expect(row.getByRole('link')).toHaveText(`Subscription ${planName} (1 month)`)
  await expect(row.getByTestId('invoice-download')).toBeVisible()
  await expect(row.getByTestId('payment-amount')).toHaveText(/^€\d/)
  await screenshotAllSizes(page, 'subscription-payments')

  // The subscription now: the plan bought, active, no longer a trial.
  await page.goto(`/${slug}/admin/subscription`)
  await expect(page.getByTestId('plan-name')).toHaveText(planName)
  await expect(page.getByTestId('current-plan').getByText('Active', { exact: true })).toBeVisible()
  await expect(page.getByTestId('auto-extend')).toHaveText('Yes, renews automatically')
  await expect(page.getByTestId('next-payment')).toContainText('incl. VAT')
  const validTo = (await page.getByTestId('valid-to').textContent())?.trim() ?? ''
  await screenshotAllSizes(page, 'subscription-active')

  // Cancel: it runs until valid-to.
  await page.getByTestId('cancel-subscription').click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(`runs until ${validTo}`)
  // Focus moved into the confirmation (the dialog shell's own choice of element).
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="alertdialog"]'))).toBe(true)
  await screenshotAllSizes(page, 'subscription-cancel')
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId('current-plan')).toContainText(`Cancelled, runs until ${validTo}`)
  await expect(page.getByTestId('cancel-subscription')).toHaveCount(0)
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.subscriptions.overview, { org: created.organisation.id }), {
        headers: { authorization: `Bearer ${created.session.token}` },
      })
      return ((await res.json()) as { current: { displayStatus: string } }).current.displayStatus
    })
    .toBe('cancelled')
})

test('subscription: a failed payment says so and offers to try again; offline the screens need a connection', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000)
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInAsEmployee(page, created.session)
  const slug = created.organisation.slug

  const { dialog } = await buyHighestPlan(page, slug)
  await dialog.getByLabel('No, stop at the end of the term').check()
  await dialog.getByRole('button', { name: /^Pay / }).click()
  await checkout(page, 'failed')
  await page.waitForURL(/\/admin\/subscription\/payments\/[^/]+$/)
  const outcome = page.getByTestId('payment-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
  await expect(outcome.getByRole('heading', { name: 'Payment failed' })).toBeVisible()
  await screenshotAllSizes(page, 'subscription-failed')
  await outcome.getByTestId('try-again').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible()

  await page.goto(`/${slug}/admin/subscription/payments`)
  await expect(page.getByTestId('payment-row').first()).toContainText('Failed')
  await expect(page.getByTestId('payment-row').first().getByTestId('invoice-download')).toHaveCount(0)

  // Billing is online-only: offline it says so, and asks nothing.
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Subscription', exact: true }).first().click()
  await expect(page.getByTestId('billing-offline')).toBeVisible()
  await expect(page.getByTestId('billing-offline')).toContainText('need an internet connection')
  await screenshotAllSizes(page, 'subscription-offline')
  await context.setOffline(false)
  await expect(page.getByTestId('plan-name')).toBeVisible()
})

test('subscription: after a free purchase the owner is asked to pay the next term, and pays it through the checkout', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInAsEmployee(page, created.session)
  const slug = created.organisation.slug

  // The demo's GRATIS code: the first term costs nothing, so no payment method is left on file.
  const { dialog } = await buyHighestPlan(page, slug)
  await dialog.getByLabel(/Discount code/).fill('GRATIS')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Discount code applied.')).toBeVisible()
  await dialog.getByLabel('Yes, renew automatically').check()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toBeHidden()

  await page.goto(`/${slug}/admin/subscription`)
  const ask = page.getByTestId('pay-next-term')
  await expect(ask).toContainText('There is no payment method on file')
  const validTo = (await page.getByTestId('valid-to').textContent())?.trim() ?? ''
  await screenshotAllSizes(page, 'subscription-pay-next-term')

  await ask.getByRole('link', { name: 'Pay the next term' }).click()
  const current = page.getByTestId('plan').filter({ hasText: 'Current' })
  await expect(current.getByTestId('plan-policy')).toContainText(`runs on from ${validTo}`)
  await current.getByRole('button', { name: 'Pay the next term' }).click()
  const payDialog = page.getByRole('dialog')
  await expect(payDialog.getByTestId('checkout-summary')).toContainText(`The next term starts on ${validTo}`)
  // The next term keeps the subscription's own discount: there is no code to enter.
  await expect(payDialog.getByLabel(/Discount code/)).toBeHidden()
  await payDialog.getByLabel('Yes, renew automatically').check()
  await screenshotAllSizes(page, 'subscription-pay-next-term-checkout')
  await payDialog.getByRole('button', { name: /^Pay / }).click()
  await checkout(page, 'paid')
  await page.waitForURL(/\/admin\/subscription\/payments\/[^/]+$/)
  await expect(page.getByTestId('payment-outcome')).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 })

  // Paid: the term runs on from the old valid-to, and the next one is collected on its own.
  await page.goto(`/${slug}/admin/subscription`)
  await expect(page.getByTestId('valid-to')).not.toHaveText(validTo)
  await expect(page.getByTestId('pay-next-term')).toHaveCount(0)
})
