import { expect, type Page, test } from '@playwright/test'
import type { CustomerComment } from '../../contract/comments'
import type { Customer } from '../../contract/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'

/*
 * Issue 21 #1 (ARCHITECTURE "Time"): a tablet whose clock runs 6 hours slow writes a comment
 * offline; 20 minutes later by its clock it comes back online. Once synced, the comment shows
 * when it was written by the server's clock — not 6 hours ago, and not the time it synced.
 *
 * The tablet's clock is a Date that reads `__deviceSkew` ms off the real one, in the page (init
 * script) and in the sync worker (set when it starts: init scripts do not reach workers).
 */
const HOUR = 3_600_000
const MINUTE = 60_000

function installSkewedDate(initial: number) {
  const g = globalThis as unknown as { __deviceSkew: number; Date: DateConstructor }
  g.__deviceSkew = initial
  const Real = g.Date
  class DeviceDate extends Real {
    constructor(...a: [] | [string | number | Date]) {
      if (a.length === 0) super(Real.now() + g.__deviceSkew)
      else super(a[0])
    }
    static now() {
      return Real.now() + g.__deviceSkew
    }
  }
  g.Date = DeviceDate as DateConstructor
}

async function slowTablet(page: Page, skew: number) {
  await page.addInitScript(installSkewedDate, skew)
  page.on('worker', (w) => {
    void w.evaluate(installSkewedDate, skew).catch(() => {})
  })
}

const setSkew = (page: Page, skew: number) =>
  page.evaluate((s) => {
    ;(globalThis as unknown as { __deviceSkew: number }).__deviceSkew = s
  }, skew)

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('time: a comment written offline on a tablet 6 hours slow shows when it was written, by the server clock', async ({
  page,
  context,
  request,
}) => {
  const o = await englishOrganisation(request)
  const org = o.organisation.id
  const salon = o.session.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${o.session.token}` }
  const u = unique()
  const res = await request.post(apiUrl(API.customers.create, { org }), {
    headers,
    data: { email: `klok-${u}@example.test`, firstName: `Klok${u}`, lastName: 'de Vries', salonIds: [salon] },
  })
  expect(res.status()).toBe(201)
  const customer = (await res.json()) as Customer

  await slowTablet(page, -6 * HOUR)
  await signInAsEmployee(page, o.session)
  const customers = new CustomersPage(page)
  await customers.open(o.organisation.slug)
  await expect(customers.pill()).toHaveText('Synced')
  await customers.row(customer.fullName).click()
  const section = customers.drawer.getByTestId('customer-comments')
  await expect(section.getByTestId('comments-empty')).toBeVisible()

  await context.setOffline(true)
  // Written 20 minutes before the tablet comes back (its clock moves on by 20 minutes below).
  await setSkew(page, -6 * HOUR - 20 * MINUTE)
  const writtenAt = Date.now()
  const text = `Written offline ${u}`
  await section.getByLabel('New comment').fill(text)
  await section.getByRole('button', { name: 'Add comment' }).click()
  const row = section.getByTestId('comment-row').filter({ hasText: text })
  await expect(row).toHaveAttribute('data-pending', 'true')
  // Until the server has it, the tablet shows its own clock.
  const local = await row.getByTestId('comment-time').getAttribute('datetime')
  expect(writtenAt - Date.parse(local ?? '')).toBeGreaterThan(6 * HOUR)

  await setSkew(page, -6 * HOUR)
  await context.setOffline(false)
  await expect(row).toHaveAttribute('data-pending', 'false', { timeout: 30_000 })
  await expect(customers.pill()).toHaveText('Synced')

  const stored = await request.get(
    apiUrl(API.customerComments.list, { org }, { customerId: customer.id, salonId: salon }),
    { headers },
  )
  const [comment] = (await stored.json()) as CustomerComment[]
  // By the server's clock: 20 minutes before it arrived, i.e. when it was written (the test's
  // own steps take seconds), not 6 hours before, and not when it synced.
  expect(Math.abs(Date.parse(comment.createdAt) - (writtenAt - 20 * MINUTE))).toBeLessThan(MINUTE)
  expect(Date.parse(comment.receivedAt ?? '') - Date.parse(comment.createdAt)).toBeGreaterThanOrEqual(20 * MINUTE)
  // The tablet shows that corrected time, as the owner's screens do.
  const shown = row.getByTestId('comment-time')
  await expect(shown).toHaveAttribute('datetime', comment.createdAt)
  const hhmm = await page.evaluate((iso) => {
    const d = new Date(iso)
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
  }, comment.createdAt)
  await expect(shown).toContainText(hhmm)
  await row.scrollIntoViewIfNeeded()
  await screenshotAllSizes(page, 'device-clock-comment-corrected')
})
