import { expect, type Page, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { confirmedOrganisationViaApi, screenshotAllSizes } from '../fixtures/api'
import { signInGlobalAdmin } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

/*
 * Issue 23: the global admin's plans and discount codes. A plan is made (prices typed in euro,
 * checked before sending; its code refused a second time), its price changed and it is
 * deactivated. A percentage code is made, has no redemptions, is used by an organisation's
 * purchase, shows who used it, and is deactivated.
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const suffix = () => Math.random().toString(36).slice(2, 8)
const planRow = (page: Page, code: string) => page.locator(`[data-testid="plan-row"][data-code="${code}"]`)
const codeRow = (page: Page, code: string) => page.locator(`[data-testid="discount-code-row"][data-code="${code}"]`)

async function fillPlan(page: Page, code: string, monthly: string) {
  const form = page.getByTestId('plan-form')
  await form.getByLabel('Code', { exact: true }).fill(code)
  await form.getByLabel('Name (Dutch)').fill(`Proef ${code}`)
  await form.getByLabel('Name (English)').fill(`Trial ${code}`)
  await form.getByLabel('Price per month (€)').fill(monthly)
  await form.getByLabel('Price per year (€)').fill('199.90')
  await form.getByLabel('Employees').fill('3')
  // The lowest rank: other specs buy the highest plan.
  await form.getByLabel('Rank').fill('0')
  await form.getByLabel('WhatsApp messages').check()
}

test('global admin: create a plan, change its price, deactivate it', async ({ page, request }) => {
  const code = `e2e-${suffix()}`
  await signInGlobalAdmin(page, request)
  await page.goto('/global-admin/plans')
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
  await expect(page.getByTestId('plan-row').first()).toBeVisible()
  await expect(page.getByText('A price change applies to an organisation from its next period').first()).toBeVisible()
  await screenshotAllSizes(page, 'global-plans')

  // Typed prices are checked before anything is sent, on their field.
  await page.getByTestId('plan-add').click()
  const form = page.getByTestId('plan-form')
  await fillPlan(page, code, '19,999')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(form.getByText('Enter an amount in euro with at most two decimals')).toBeVisible()
  await screenshotAllSizes(page, 'global-plan-create-errors')
  await form.getByLabel('Price per month (€)').fill('19,99')
  await screenshotAllSizes(page, 'global-plan-create')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(form).toBeHidden()
  const row = planRow(page, code)
  await expect(row.getByTestId('plan-monthly')).toHaveText('€19.99')
  await expect(row.getByTestId('plan-yearly')).toHaveText('€199.90')
  await expect(row).toContainText('Active')
  await expect(row).toContainText('WhatsApp messages')

  // The same code again: the server's refusal, on the code field.
  await page.getByTestId('plan-add').click()
  await fillPlan(page, code, '5')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(form.getByText('A plan with this code already exists.')).toBeVisible()
  await screenshotAllSizes(page, 'global-plan-code-taken')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('alertdialog').getByRole('button').last().click()
  await expect(form).toBeHidden()

  // A new price: the code stays, the note says when it applies.
  await row.getByRole('button', { name: 'Edit' }).click()
  await expect(form.getByLabel('Code', { exact: true })).toBeDisabled()
  await expect(form.getByTestId('plan-price-note')).toBeVisible()
  await form.getByLabel('Price per month (€)').fill('24.50')
  await screenshotAllSizes(page, 'global-plan-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()
  await expect(row.getByTestId('plan-monthly')).toHaveText('€24.50')
  const listed = (await (await request.get(apiUrl(API.subscriptions.options))).json()) as {
    code: string
    monthlyPriceCents: number
  }[]
  expect(listed.find((o) => o.code === code)?.monthlyPriceCents).toBe(2450)

  await row.getByRole('button', { name: 'Deactivate' }).click()
  await screenshotAllSizes(page, 'global-plan-deactivate')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
  await expect(row).toContainText('Inactive')
  await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible()
  const onSale = (await (await request.get(apiUrl(API.subscriptions.options))).json()) as { code: string }[]
  expect(onSale.map((o) => o.code)).not.toContain(code)
})

test('global admin: create a percentage discount code, see who used it, deactivate it', async ({ page, request }) => {
  const code = `E2E${suffix().toUpperCase()}`
  await signInGlobalAdmin(page, request)
  await page.goto('/global-admin/discount-codes')
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await screenshotAllSizes(page, 'global-discount-codes')

  await page.getByTestId('discount-add').click()
  const form = page.getByTestId('discount-code-form')
  await form.getByLabel('Code', { exact: true }).fill(code)
  await form.getByLabel('Percentage (%)').fill('100')
  await form.getByLabel('Maximum uses in total').fill('5')
  await form.getByLabel('Duration').selectOption('repeating')
  // Repeating needs its number of periods: the contract's rule, on its field.
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(form.getByLabel('Number of periods')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Number of periods').fill('3')
  await form.getByLabel('Percentage (%)').fill('12,5')
  await screenshotAllSizes(page, 'global-discount-code-create')
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(form).toBeHidden()
  const row = codeRow(page, code)
  await expect(row.getByTestId('discount-value')).toHaveText('Percentage · 12.5%')
  await expect(row.getByTestId('discount-used')).toHaveText('0 of 5')
  await expect(row).toContainText('3 periods')
  await expect(row).toContainText('Every plan')

  // No one used it yet.
  await row.getByRole('button', { name: 'Redemptions' }).click()
  const redemptions = page.getByTestId('discount-redemptions')
  await expect(redemptions.getByText('Not used yet')).toBeVisible()
  await screenshotAllSizes(page, 'global-discount-code-redemptions-empty')
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click()
  await expect(redemptions).toBeHidden()

  // An organisation's purchase uses it: a 100% edit (not yet used), then a purchase that costs nothing.
  await row.getByRole('button', { name: 'Edit' }).click()
  await form.getByLabel('Percentage (%)').fill('100')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()
  await expect(row.getByTestId('discount-value')).toHaveText('Percentage · 100%')
  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const org = created.organisation
  const options = (await (await request.get(apiUrl(API.subscriptions.options))).json()) as {
    id: string
    monthlyPriceCents: number
  }[]
  const bought = await request.post(apiUrl(API.subscriptions.optionPayment, { org: org.id }), {
    headers: { authorization: `Bearer ${created.session.token}` },
    data: { optionId: options[0].id, period: 'monthly', autoExtend: false, discountCode: code.toLowerCase() },
  })
  expect(bought.status(), await bought.text()).toBeLessThan(300)
  await page.reload()
  await expect(row.getByTestId('discount-used')).toHaveText('1 of 5')
  // Used: deleting is no longer offered.
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await row.getByRole('button', { name: 'Redemptions' }).click()
  await expect(redemptions.getByTestId('redemption-row')).toHaveCount(1)
  // 100% off the first month, excluding VAT.
  const given = `€${(options[0].monthlyPriceCents / 100).toFixed(2)}`
  await expect(redemptions).toContainText(`Discount given: ${given} excluding VAT`)
  await screenshotAllSizes(page, 'global-discount-code-redemptions')
  await redemptions.getByRole('link', { name: org.companyName }).click()
  await expect(page).toHaveURL(new RegExp(`/global-admin/organisations/${org.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: org.companyName })).toBeVisible()

  await page.goto('/global-admin/discount-codes')
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await screenshotAllSizes(page, 'global-discount-code-deactivate')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
  await expect(row).toContainText('Inactive')
  await expect(row.getByRole('button', { name: 'Deactivate' })).toHaveCount(0)
})
