import { expect, type Page, test } from '@playwright/test'
import { signedInNewOrganisation, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** Every state the sync pill shows from now on (the pill's first render included). */
const recordPillStates = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { pillStates: seen })
    new MutationObserver(() => {
      const state = document.querySelector('[data-testid="sync-pill"]')?.getAttribute('data-state')
      if (state && seen.at(-1) !== state) seen.push(state)
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] })
  })
const pillStates = (page: Page) => page.evaluate(() => (window as unknown as { pillStates: string[] }).pillStates)

const replicas = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('salon:')))

test('sync: signing out warns about unsent changes and keeps them; with nothing unsent the replica is deleted', async ({
  page,
  context,
  request,
}) => {
  const { organisation, admin } = await signedInNewOrganisation(page, request)
  const customers = new CustomersPage(page)
  await customers.open(organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await expect.poll(() => replicas(page)).toHaveLength(1)

  // Offline with an unsent customer: sign-out warns, and the change survives it.
  await context.setOffline(true)
  const u = unique()
  await customers.startCreate()
  await customers.fill({ firstName: 'Bewaard', lastName: `Klant ${u}`, email: `kept-${u}@example.test` })
  await customers.save()
  await expect(customers.drawer).toBeHidden()
  await page.getByTestId('profile-button').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('Sign out anyway?')).toBeVisible()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByLabel('Password')).toBeVisible()
  expect(await replicas(page)).toHaveLength(1)

  // Back online, signed in again: the change is sent; signing out now deletes the local data.
  // While the push is held, the pill never says "Synced" — not even before the outbox was read
  // (it did: a sign-out right then found the change still queued).
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/sync/push', async (route) => {
    await held
    await route.continue()
  })
  await context.setOffline(false)
  await recordPillStates(page)
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(customers.pill()).toHaveAttribute('data-state', /waiting|sending/)
  expect(await pillStates(page)).not.toContain('synced')
  release()
  await expect(customers.pill()).toHaveText('Synced', { timeout: 15_000 })
  await expect(customers.row(`Bewaard Klant ${u}`)).toBeVisible()
  await page.getByTestId('profile-button').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByLabel('Password')).toBeVisible()
  await expect.poll(() => replicas(page)).toHaveLength(0)
})
