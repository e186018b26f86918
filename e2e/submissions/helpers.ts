import { type APIRequestContext, expect, type Page } from '@playwright/test'
import type { CreateQuestionnaire } from '../../contract/questionnaires'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
export { createCustomer, createQuestionnaire, demoStaff } from '../fixtures/demo'

/**
 * A questionnaire with every question type, two sections and display logic: "Which allergy?"
 * shows only after "yes", "Why no allergy test?" only after "no". Option titles differ for the
 * customer and the employee, so the staff view can be told apart.
 */
export function everyTypeQuestionnaire(name: string): CreateQuestionnaire {
  return {
    name,
    kind: 'customerQuestionnaire',
    questions: [
      {
        id: 'intro',
        name: 'Welcome',
        type: 'information',
        body: 'A few questions before your visit.',
        group: 'customer',
      },
      { id: 'nickname', name: 'What may we call you?', type: 'string', required: true },
      { id: 'age', name: 'Your age', type: 'number' },
      { id: 'visit', name: 'Last facial', type: 'date' },
      { id: 'allergic', name: 'Do you have allergies?', type: 'boolean', required: true },
      {
        id: 'allergy',
        name: 'Which allergy?',
        type: 'string',
        required: true,
        displayLogic: [{ questionId: 'allergic', operator: 'equals', value: true }],
      },
      {
        id: 'why-not',
        name: 'Why no allergy test?',
        type: 'string',
        displayLogic: [{ questionId: 'allergic', operator: 'equals', value: false }],
      },
      {
        id: 'skin',
        name: 'Skin type',
        type: 'option',
        required: true,
        group: 'skin',
        options: [
          { id: 'dry', customerTitle: 'Dry and tight', employeeTitle: 'Xerosis' },
          { id: 'oily', customerTitle: 'Shiny', employeeTitle: 'Seborrhoea' },
        ],
      },
      { id: 'stars', name: 'How happy are you with your skin?', type: 'rating' },
      { id: 'photo', name: 'A photo of your skin', type: 'image' },
    ],
  }
}

/** The newest dev-mailbox message to `to` whose text matches, polling until it arrives. */
export async function mailMatching(request: APIRequestContext, to: string, re: RegExp, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const res = await request.get(apiUrl(API.dev.mailbox, { to }))
    const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] }
    const hit = messages.find((m) => re.test(m.text))
    if (hit) return { ...hit, match: hit.text.match(re)! }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no mail for ${to} matching ${re}`)
}

/** A real 8×8 PNG (the upload checks magic bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP43+CAFTEMLQkA2g1vwT86DrUAAAAASUVORK5CYII=',
  'base64',
)

/** Open a customer's drawer from the customers screen (search by e-mail). */
export async function openCustomer(page: Page, email: string, name: string, tab?: 'Questionnaires' | 'Activity') {
  await page.goto(`/demo/admin/customers?search=${encodeURIComponent(email)}`)
  await page.getByTestId('customer-row').filter({ hasText: name }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  if (tab) await page.getByRole('dialog').getByRole('tab', { name: tab }).click()
}
