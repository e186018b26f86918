import { expect, type Locator, type Page, test } from '@playwright/test'
import { DEMO, englishOrganisation, screenshotAllSizes, signInAsEmployee, signInViaApi, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { resizeTo } from '../fixtures/settled'
import { CustomersPage } from '../pages/customers'
import { EditorPage } from '../pages/questionnaire-editor'

/* Issue 21 #19: what staff tripped over in the questionnaire editor. */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

async function newQuestionnaire(page: Page, request: import('@playwright/test').APIRequestContext) {
  await signInAsEmployee(page, await signInViaApi(request, DEMO.owner.email, DEMO.owner.password))
  await page.goto(`/${DEMO.slug}/admin/questionnaires/new`)
  await expect(page.getByRole('heading', { name: 'New questionnaire', level: 1 })).toBeVisible()
  return new EditorPage(page)
}

/**
 * A notice by its text. Not by role: while a drawer is open everything outside it, the notices
 * too, is inert to assistive technology (Headless UI), yet on screen.
 */
const notice = (page: Page, text: string) =>
  page.locator('section[aria-live] > [role="status"]').filter({ hasText: text })

/** Two boxes share no pixel. */
async function apart(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()]
  if (!x || !y) return true
  return x.x + x.width <= y.x || y.x + y.width <= x.x || x.y + x.height <= y.y || y.y + y.height <= x.y
}

test('questionnaire editor: a new option’s staff title follows its customer title until staff give it their own', async ({
  page,
  request,
}) => {
  const editor = await newQuestionnaire(page, request)
  const card = await editor.addQuestion('Dropdown', 'Skin type')
  await card.getByLabel('Option 1: customer sees').fill('Dry skin')
  await expect(card.getByLabel('Option 1: staff see')).toHaveValue('Dry skin')
  await card.getByLabel('Option 1: staff see').fill('Dry (D)')
  await card.getByLabel('Option 1: customer sees').fill('Very dry skin')
  await expect(card.getByLabel('Option 1: staff see')).toHaveValue('Dry (D)')
  await card.getByRole('button', { name: 'Add option' }).click()
  await card.getByLabel('Option 2: customer sees').fill('Oily skin')
  await expect(card.getByLabel('Option 2: staff see')).toHaveValue('Oily skin')
})

test('questionnaire editor: a refused save opens the Edit tab and puts the cursor on the first field in error', async ({
  page,
  request,
}) => {
  const editor = await newQuestionnaire(page, request)
  await page.getByLabel('Name', { exact: true }).fill(`Intake ${unique()}`)
  for (const name of ['One', 'Two', 'Three', 'Four']) await editor.collapse(await editor.addQuestion('Text', name))
  // The last question loses its name, its card is closed and the preview tab is open (1024 px wide).
  const last = editor.cards.last()
  await last.locator('button[aria-expanded]').click()
  await last.getByLabel('Question', { exact: true }).fill('')
  await editor.collapse(last)
  await page.getByRole('tab', { name: 'Preview' }).click()
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: 'Create questionnaire' }).click()
  await expect(page.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true')
  const field = last.getByLabel('Question', { exact: true })
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toBeInViewport()
  await screenshotAllSizes(page, 'questionnaire-editor-refused')
})

test('toasts: the saved notice covers neither the Save button just pressed nor the tabs, at every size', async ({
  page,
  request,
}) => {
  const editor = await newQuestionnaire(page, request)
  await page.getByLabel('Name', { exact: true }).fill(`Aftercare ${unique()}`)
  await editor.collapse(await editor.addQuestion('Text', 'How does your skin feel?'))
  await page.getByRole('button', { name: 'Create questionnaire' }).click()
  await expect(page.getByRole('heading', { name: /^Aftercare/, level: 1 })).toBeVisible()
  const save = page.getByRole('button', { name: 'Save', exact: true })
  const tabs = page.getByRole('tablist')
  const toast = notice(page, 'Questionnaire saved.')
  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
  ]) {
    await resizeTo(page, size)
    await page.getByRole('tab', { name: 'Edit' }).click()
    await page.getByLabel('Name', { exact: true }).fill(`Aftercare ${unique()}`)
    await save.click()
    await expect(toast).toBeVisible()
    expect(await apart(toast, save), `toast over Save at ${size.width}`).toBe(true)
    expect(await apart(toast, tabs), `toast over the tabs at ${size.width}`).toBe(true)
    await toast.getByRole('button', { name: 'Close' }).click()
    await expect(toast).toBeHidden()
  }
})

test('toasts: in a customer drawer a notice covers neither its tabs, the button just pressed nor its primary action', async ({
  page,
  request,
}) => {
  const o = await englishOrganisation(request)
  const customer = await o.postCustomer()
  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  await customers.row(customer.fullName).click()
  const drawer = customers.drawer
  const section = drawer.getByTestId('customer-comments')
  const add = section.getByRole('button', { name: 'Add comment' })
  const toast = notice(page, 'Comment added.')
  for (const size of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await resizeTo(page, size)
    await section.getByLabel('New comment').fill(`Sensitive skin ${unique()}`)
    await add.click()
    await expect(toast).toBeVisible()
    expect(await apart(toast, drawer.getByRole('tablist')), `toast over the tabs at ${size.width}`).toBe(true)
    expect(await apart(toast, add), `toast over Add comment at ${size.width}`).toBe(true)
    const primary = drawer.locator('button[type="submit"]').last()
    expect(await apart(toast, primary), `toast over the primary action at ${size.width}`).toBe(true)
    // A tap outside the drawer would close it: the notice leaves by itself (4.5 s).
    await expect(toast).toBeHidden()
  }
})
