import { expect, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { confirmedOrganisationViaApi, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 22: a plan's limit and a feature outside the plan, seen by the owner, and the way out —
 * the upgrade through the local checkout (/dev/checkout/<id>), then the spec's "Create branch
 * after subscription purchase". A new organisation each time: it starts on the Salon trial.
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** Chooses `code` on the plans page, renews automatically, pays on the sandbox checkout and waits for "confirmed". */
async function buy(page: Page, slug: string, code: 'start' | 'salon', shoot?: string, credit = false) {
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible()
  const plan = page.locator(`[data-testid="plan"][data-plan="${code}"]`)
  await plan.getByTestId('choose-plan').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('price-breakdown')).toBeVisible()
  if (credit) {
    await expect(dialog.getByTestId('price-credit')).toHaveText(/^− €\d/)
    await expect(dialog.getByTestId('price-breakdown')).toContainText('Credit for the unused part')
  }
  await dialog.getByLabel('Yes, renew automatically').check()
  if (shoot) await screenshotAllSizes(page, shoot)
  await dialog.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/dev\/checkout\//)
  await page.locator('button[name="status"][value="paid"]').click()
  await page.waitForURL(new RegExp(`/${slug}/admin/subscription/payments/[^/]+$`))
  const outcome = page.getByTestId('payment-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 })
  return { dialog, outcome }
}

test('subscription: on Start a second branch is refused with the upgrade link; upgrading to Salon offers "Add a branch" and it is created', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  await signInAsEmployee(page, created.session)
  const slug = created.organisation.slug
  const auth = { authorization: `Bearer ${created.session.token}` }

  // Start: one branch, which the organisation has; the confirmed page offers no branch to add.
  await page.goto(`/${slug}/admin/subscription/plans`)
  const { outcome: bought } = await buy(page, slug, 'start')
  await expect(bought.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible()
  await expect(bought.getByRole('link', { name: 'To your subscription' })).toBeVisible()
  await expect(page.getByTestId('add-branch-step')).toHaveCount(0)

  // A feature outside Start: Grow shows its modules' screen with the upgrade prompt, no "Add module".
  await page.goto(`/${slug}/admin/grow`)
  const growPrompt = page.getByTestId('upgrade-prompt-grow')
  await expect(growPrompt).toContainText('Grow modules is not part of your subscription.')
  await expect(growPrompt.getByRole('link', { name: 'Upgrade your subscription' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New module' })).toHaveCount(0)
  await screenshotAllSizes(page, 'subscription-grow-not-in-plan')

  // A second branch passes Start's limit: the spec's text, with the way to the plans.
  await page.goto(`/${slug}/admin/branches`)
  await page.getByRole('button', { name: 'Add branch' }).click()
  const drawer = page.getByRole('dialog', { name: 'New branch' })
  await drawer.getByLabel('Branch name').fill(`Tweede ${unique()}`)
  await drawer.getByRole('button', { name: 'Create branch' }).click()
  await expect(drawer.getByText('Limit reached for branches: update your subscription.')).toBeVisible()
  const upgrade = drawer.getByTestId('upgrade-link')
  await expect(upgrade).toHaveText('Upgrade your subscription')
  await screenshotAllSizes(page, 'subscription-branch-limit')
  await upgrade.click()
  // What was typed is not thrown away without asking (the drawer's guard): leave it.
  const plansHeading = page.getByRole('heading', { level: 1, name: 'Choose a plan' })
  const discard = page.getByRole('button', { name: 'Discard changes' })
  await expect(plansHeading.or(discard)).toBeVisible()
  if (await discard.isVisible()) await discard.click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/subscription/plans`))

  // Salon ranks higher: right away, the unused part of Start credited in the price.
  const salon = page.locator('[data-testid="plan"][data-plan="salon"]')
  await expect(salon.getByTestId('plan-policy')).toContainText(/Takes effect right away; .* is credited/)
  const { outcome } = await buy(page, slug, 'salon', 'subscription-upgrade-checkout', true)
  const step = page.getByTestId('add-branch-step')
  await expect(step).toContainText('Your subscription now has room for 2 more branches.')
  await screenshotAllSizes(page, 'subscription-confirmed-add-branch')
  await expect(outcome.getByRole('heading', { level: 2, name: 'Payment confirmed' })).toBeVisible()

  // "Add a branch": the branches screen with its create drawer open.
  await step.getByRole('link', { name: 'Add a branch' }).click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/branches\\?new=`))
  const newBranch = page.getByRole('dialog', { name: 'New branch' })
  const name = `Tweede ${unique()}`
  await newBranch.getByLabel('Branch name').fill(name)
  await newBranch.getByRole('button', { name: 'Create branch' }).click()
  await expect(newBranch).toBeHidden()
  await expect(page.getByTestId('branch-list')).toContainText(name)
  // Closing took `new` out of the address: a reload does not open the drawer again.
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/branches$`))
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.subscriptions.overview, { org: created.organisation.id }), {
        headers: auth,
      })
      return ((await res.json()) as { usage: { salons: number } }).usage.salons
    })
    .toBe(2)
})
