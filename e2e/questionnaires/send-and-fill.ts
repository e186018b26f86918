import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test'
import type { Questionnaire } from '../../contract/questionnaires'
import { useLanguage } from '../fixtures/language'
import { mailMatching, openCustomer, PNG } from '../submissions/helpers'

/** Staff: the customer's drawer → Send questionnaire → by e-mail. */
export async function sendByEmail(page: Page, customer: { email: string; fullName: string }, questionnaire: string) {
  await openCustomer(page, customer.email, customer.fullName, 'Questionnaires')
  await page.getByRole('dialog').getByRole('button', { name: 'Send questionnaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send questionnaire' })
  await dialog.getByLabel('Questionnaire').selectOption({ label: questionnaire })
  await dialog.getByLabel('E-mail').check()
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Questionnaire sent to 1 customer.')).toBeVisible()
}

/**
 * The customer on their own tablet: the link from the e-mail, code sign-in, then every part of
 * the questionnaire answered by type (display logic reveals questions as answers are given).
 */
export async function fillFromMail(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  questionnaire: Questionnaire,
) {
  const sent = await mailMatching(request, email, /\/shortcut\?code=([A-Za-z0-9]+)/)
  const device = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 } })
  const tablet = await device.newPage()
  // biome-ignore lint/correctness/useHookAtTopLevel: a Playwright helper named like a hook, not a React hook
  await useLanguage(tablet, 'en')
  await tablet.goto(`/shortcut?code=${sent.match[1]}`)
  await expect(tablet.getByLabel('E-mail address')).toHaveValue(email)
  await tablet.getByRole('button', { name: 'Send code' }).click()
  const code = (await mailMatching(request, email, /\b([A-Z0-9]{6})\b/)).match[1]
  await tablet.getByLabel('Login code').fill(code)
  await tablet.getByRole('button', { name: 'Sign in' }).click()
  await expect(tablet.getByRole('heading', { name: questionnaire.name })).toBeVisible()
  for (let part = 0; part < 10; part++) {
    for (const q of questionnaire.questions) {
      const section = tablet.locator('section', { has: tablet.locator(`#q-${q.id}-label`) })
      if ((await section.count()) === 0) continue
      const input = tablet.locator(`#q-${q.id}`)
      if (q.type === 'date') await input.fill('02-03-1990')
      else if (q.type === 'boolean') await section.getByRole('button', { name: 'Yes' }).click()
      else if (q.type === 'string') await input.fill('Lanolin')
      else if (q.type === 'number') await input.fill('7')
      else if (q.type === 'rating') await section.getByRole('button', { name: /4/ }).click()
      else if (q.type === 'option') await section.getByRole('button', { name: 'Dry skin' }).click()
      else if (q.type === 'image') await input.setInputFiles({ name: 'skin.png', mimeType: 'image/png', buffer: PNG })
    }
    const next = tablet.getByRole('button', { name: 'Next' })
    if ((await next.count()) === 0) break
    await next.click()
  }
  await tablet.getByRole('button', { name: 'Submit' }).click()
  await expect(tablet.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  // The submission leaves this device before it is closed.
  await expect(tablet.getByText('Your answers have been saved.')).toBeVisible({ timeout: 20_000 })
  await device.close()
}
