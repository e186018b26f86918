import { expect, test } from '@playwright/test'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, demoStaff, newCustomer, newQuestionnaire } from './helpers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// Answers given in quick succession each build on the one before: none is lost to an older copy
// of the draft still on its way through IndexedDB (a star tapped, then a photo taken at once).
test('answers given in one quick burst are all kept, also after a reload', async ({ page, request }) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const q = await newQuestionnaire(request, staff, [
    { id: 'calm', name: 'Do you feel calm?', type: 'boolean' },
    { id: 'stars', name: 'How is your skin?', type: 'rating' },
    { id: 'note', name: 'Anything else?', type: 'string' },
  ])
  await customerSignIn(page, request, customer.email)
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(q.name) })
    .click()
  await expect(page.locator('#q-note')).toBeVisible()
  // Three answers in one task: React has not re-rendered in between.
  await page.evaluate(() => {
    const within = (id: string) => document.getElementById(`q-${id}-label`)!.closest('section')!
    ;[...within('calm').querySelectorAll('button')].find((b) => b.textContent === 'Yes')!.click()
    within('stars').querySelectorAll('button')[3].click()
    const note = document.getElementById('q-note') as HTMLTextAreaElement
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(note, 'Fine')
    note.dispatchEvent(new Event('input', { bubbles: true }))
  })
  const check = async () => {
    await expect(
      page.locator('section', { hasText: 'Do you feel calm?' }).getByRole('button', { name: 'Yes' }),
    ).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('#q-note')).toHaveValue('Fine')
    await expect(
      page.locator('section', { hasText: 'How is your skin?' }).locator('button[aria-pressed="true"]'),
    ).toHaveCount(1)
  }
  await check()
  await page.reload()
  await check()
})
