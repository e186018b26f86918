import { expect, type Page, test } from '@playwright/test'
import { screenshotAllSizes } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { customerSignIn, demoStaff, newCustomer, newQuestionnaire } from './helpers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** What the browser keeps for the customer: their local database and their drafts. */
const deviceState = (page: Page, customerId: string) =>
  page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '')
    const drafts = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('questionnaire-fill')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const req = open.result.transaction('drafts').objectStore('drafts').getAllKeys()
        req.onsuccess = () => {
          resolve((req.result as string[]).filter((k) => k.endsWith(`:${id}`)))
          open.result.close()
        }
      }
    })
    return { customerDb: names.some((n) => n.startsWith('customer:') && n.endsWith(id)), drafts: drafts.length }
  }, customerId)

test('sign-out warns while a submission is unsent, and clears the drafts and the local database', async ({
  page,
  context,
  request,
}) => {
  const staff = await demoStaff(request)
  const customer = await newCustomer(request, staff)
  const started = await newQuestionnaire(request, staff, [
    { id: 'note', name: 'Started, not finished', type: 'string' },
  ])
  const sent = await newQuestionnaire(request, staff, [{ id: 'note', name: 'Filled offline', type: 'string' }])
  await customerSignIn(page, request, customer.email)

  // A questionnaire left half-way: its draft stays on the device while signed in.
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(started.name) })
    .click()
  await page.locator('#q-note').fill('half-way')
  await page.goto('/demo')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })

  // Another one submitted offline: it waits in the outbox.
  await page
    .getByTestId('open-questionnaires')
    .getByRole('link', { name: new RegExp(sent.name) })
    .click()
  await context.setOffline(true)
  await page.locator('#q-note').fill('offline answer')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('will be sent as soon as there is a connection')).toBeVisible()
  expect(await deviceState(page, customer.id)).toEqual({ customerDb: true, drafts: 1 })

  await page.getByRole('button', { name: 'Sign out' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Sign out anyway?')
  await expect(dialog).toContainText('Something you filled in or changed has not been sent yet.')
  await screenshotAllSizes(page, 'questionnaire-sign-out-unsent')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)

  // Back online the submission goes; signing out then asks nothing and leaves nothing behind.
  await context.setOffline(false)
  await expect(page.getByText('Your answers have been saved.')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByLabel('E-mail address')).toBeVisible()
  await expect.poll(() => deviceState(page, customer.id)).toEqual({ customerDb: false, drafts: 0 })
})
