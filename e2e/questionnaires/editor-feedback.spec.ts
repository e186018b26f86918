import { expect, type Page, test } from '@playwright/test'
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

/** A notice by its text (not by role: while a drawer is open, what is outside it is inert). */
const notice = (page: Page, text: string) =>
  page.locator('section[aria-live] > [role="status"]').filter({ hasText: text })

type Target = { name: string; selector: string; text?: string }

/**
 * Which targets the notice with this text covers, measured in one go the moment it shows (a
 * notice leaves after 4.5 s; a slow machine must not read its boxes after that).
 */
function covered(page: Page, text: string, targets: Target[]): Promise<string[]> {
  return page.evaluate(
    ({ text, targets }) => {
      const toast = [...document.querySelectorAll('section[aria-live] > [role="status"]')].find((e) =>
        e.textContent?.includes(text),
      )
      if (!toast) return ['(no notice)']
      const a = toast.getBoundingClientRect()
      return targets
        .filter((target) =>
          [...document.querySelectorAll(target.selector)]
            .filter((el) => !target.text || el.textContent?.trim() === target.text)
            .some((el) => {
              const b = el.getBoundingClientRect()
              const shown = b.width > 0 && b.height > 0
              return shown && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
            }),
        )
        .map((target) => target.name)
    },
    { text, targets },
  )
}

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
]

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
  const toast = notice(page, 'Questionnaire saved.')
  for (const size of SIZES) {
    await resizeTo(page, size)
    await page.getByRole('tab', { name: 'Edit' }).click()
    await page.getByLabel('Name', { exact: true }).fill(`Aftercare ${unique()}`)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(toast).toBeVisible()
    const targets = [
      { name: 'Save', selector: 'button[type="submit"]' },
      { name: 'tabs', selector: '[role="tablist"]' },
    ]
    expect(await covered(page, 'Questionnaire saved.', targets), `at ${size.width}`).toEqual([])
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
  const section = customers.drawer.getByTestId('customer-comments')
  const toast = notice(page, 'Comment added.')
  for (const size of SIZES) {
    await resizeTo(page, size)
    await section.getByLabel('New comment').fill(`Sensitive skin ${unique()}`)
    await section.getByRole('button', { name: 'Add comment' }).click()
    await expect(toast).toBeVisible()
    const targets = [
      { name: 'drawer tabs', selector: '[role="dialog"] [role="tablist"]' },
      { name: 'Add comment', selector: '[data-testid="customer-comments"] button', text: 'Add comment' },
      { name: 'primary action', selector: '[role="dialog"] button[type="submit"]' },
    ]
    expect(await covered(page, 'Comment added.', targets), `at ${size.width}`).toEqual([])
    // A tap outside the drawer would close it: the notice leaves by itself (4.5 s).
    await expect(toast).toBeHidden()
  }
  await screenshotAllSizes(page, 'customer-drawer-comment-added')
})
