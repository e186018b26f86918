import { expect, test } from '@playwright/test'
import {
  confirmedOrganisationViaApi,
  screenshotAllSizes,
  signInAsEmployee,
  signInViaApi,
  unique,
} from '../fixtures/api'
import { globalAdminHeaders } from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'
import { learner, PASSWORD } from '../blueprint/set-up'
import { courseCodeViaApi, paidCourseViaApi } from './set-up'

/*
 * Issue 24, Academy: the platform's global admin offers a paid course (with a preview part) and a
 * 50% code for it; an owner opens Academy, reads the preview, buys the course with the code on
 * the local sandbox checkout and comes back to it owned; an employee of the salon then follows
 * it, also with the connection gone (the owned course is in the replica, as Blueprint's are).
 */

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('academy: an owner reads the preview, buys with a discount code, and an employee follows the course offline too', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const admin = await globalAdminHeaders(request)
  const u = unique()
  const title = `Chemical peels ${u}`
  const courseId = await paidCourseViaApi(request, admin, title)
  const code = `PEEL${u}`.toUpperCase().replace(/[^A-Z0-9]/g, '')
  await courseCodeViaApi(request, admin, { code, courseId, percent: 50 })

  const created = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const slug = created.organisation.slug
  const org = created.organisation.id
  const headers = { authorization: `Bearer ${created.session.token}` }
  await signInAsEmployee(page, created.session)

  // The catalogue: not owned, €49.00 excluding VAT and €59.29 with the salon's 21%.
  await page.goto(`/${slug}/admin/academy`)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Academy' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Academy' })).toBeVisible()
  const card = page.getByTestId('academy-course').filter({ hasText: title })
  await expect(card).toHaveAttribute('data-owned', 'false')
  await expect(card.getByTestId('academy-price')).toContainText('€49.00 excl. VAT')
  await expect(card.getByTestId('academy-price')).toContainText('€59.29 incl. 21% VAT')
  await screenshotAllSizes(page, 'academy-catalogue')

  // The course: the preview is readable, the rest locked with Buy.
  await card.getByRole('link', { name: `View course: ${title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/academy/${courseId}`))
  const segment = page.getByTestId('segment-view')
  await expect(segment.getByRole('heading', { name: 'Introduction' })).toBeVisible()
  await expect(segment.getByTestId('segment-text')).toHaveText('What a peel does to the skin.')
  const outline = page.getByTestId('outline-segment')
  await expect(outline.filter({ hasText: 'Technique' })).toHaveAttribute('data-state', 'locked')
  await screenshotAllSizes(page, 'academy-course-preview')
  await outline.filter({ hasText: 'Technique' }).click()
  await expect(page.getByTestId('segment-for-sale')).toBeVisible()
  await expect(segment).not.toContainText('Apply in thin')

  // Buy with the code: the server's breakdown (50% off before VAT), then the local checkout.
  await page.getByTestId('buy-panel').getByTestId('buy-course').click()
  const dialog = page.getByRole('dialog', { name: `Buy ${title}` })
  await dialog.getByLabel('Discount code').fill('WRONG1234')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Invalid or expired code')).toBeVisible()
  await dialog.getByLabel('Discount code').fill(code)
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByTestId('price-discount')).toHaveText('− €24.50')
  await expect(dialog.getByTestId('price-total')).toHaveText('€29.65')
  await screenshotAllSizes(page, 'academy-buy')
  await dialog.getByRole('button', { name: 'Pay €29.65' }).click()
  await page.waitForURL(/\/dev\/checkout\//)
  await page.locator('button[name="status"][value="paid"]').click()
  await page.waitForURL(/\/admin\/academy\/payments\//)
  const outcome = page.getByTestId('payment-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'confirmed')
  await expect(outcome.getByTestId('invoice-download')).toContainText(/SAL-\d{4}-\d{5}/)
  await screenshotAllSizes(page, 'academy-confirmed')
  await outcome.getByTestId('to-course').click()

  // Owned: every part opens.
  await expect(page.getByTestId('academy-course-page')).toHaveAttribute('data-owned', 'true')
  await outline.filter({ hasText: 'Technique' }).click()
  await expect(segment.getByTestId('segment-text')).toHaveText('Apply in thin, even layers.')
  await screenshotAllSizes(page, 'academy-course-owned')

  // An employee of the salon (no billing rights): the course is the salon's, learned from the replica.
  const email = await learner(request, org, created.session.employee.salons[0].salonId, headers)
  const session = await signInViaApi(request, email, PASSWORD)
  const context = await browser.newContext()
  const staff = await context.newPage()
  await useLanguage(staff, 'en')
  await signInAsEmployee(staff, session)
  await staff.goto(`/${slug}/admin/academy`)
  const theirs = staff.getByTestId('academy-course').filter({ hasText: title })
  await expect(theirs).toHaveAttribute('data-owned', 'true')
  await theirs.getByRole('link', { name: `Open course: ${title}` }).click()
  const staffOutline = staff.getByTestId('outline-segment')
  await staffOutline.filter({ hasText: 'Aftercare' }).click()
  await expect(staff.getByTestId('segment-view').getByTestId('segment-text')).toHaveText('Avoid the sun for a week.')
  await staff.getByRole('button', { name: 'Mark as done' }).click()
  await expect(staffOutline.filter({ hasText: 'Aftercare' })).toHaveAttribute('data-state', 'done')

  // Offline: the catalogue says it needs the connection; the owned course is on the device.
  await context.setOffline(true)
  await staff.getByRole('link', { name: 'All courses' }).click()
  await expect(staff.getByTestId('academy-offline')).toContainText('The course catalogue needs an internet connection')
  const onDevice = staff.getByTestId('academy-owned')
  await expect(onDevice).toContainText(title)
  await screenshotAllSizes(staff, 'academy-offline')
  await onDevice.getByRole('link', { name: `Open course: ${title}` }).click()
  await staffOutline.filter({ hasText: 'Technique' }).click()
  await expect(staff.getByTestId('segment-view').getByTestId('segment-text')).toHaveText('Apply in thin, even layers.')
  await expect(staffOutline.filter({ hasText: 'Aftercare' })).toHaveAttribute('data-state', 'done')
  await context.close()
})
