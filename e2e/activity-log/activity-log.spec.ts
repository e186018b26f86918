import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { DEMO, screenshot, screenshotAllSizes, signInAsEmployee, signInViaApi, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

/** The demo receptionist (server/seed/demo.ts): Bas Jansen, customers in Amsterdam only. */
const RECEPTION = { email: 'balie@demo.salon', password: DEMO.owner.password, name: 'Bas Jansen' }

test('activity log: the owner sees what the receptionist did, also what she did offline, with both times', async ({
  page,
  context,
  request,
}) => {
  await useLanguage(page, 'nl')
  // The receptionist signs in, adds a customer at the desk, and an edit made on her tablet two
  // hours ago (offline) arrives now through the sync push with its device time.
  const bas = await signInViaApi(request, RECEPTION.email, RECEPTION.password)
  const org = bas.employee.organisationId
  const amsterdam = bas.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${bas.token}` }
  const u = unique()
  const created = await request.post(apiUrl(API.customers.create, { org }), {
    headers,
    data: {
      email: `fenna-${u}@example.test`,
      firstName: 'Fenna',
      lastName: `Log${u.slice(-4)}`,
      salonIds: [amsterdam],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const customer = (await created.json()) as { id: string; fullName: string }
  const deviceTime = new Date(Date.now() - 2 * 3_600_000)
  const pushed = await request.post(apiUrl(API.sync.push, { org, salon: amsterdam }), {
    headers,
    data: {
      clientId: `tablet-${u}`,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [
        {
          id: randomUUID(),
          seq: 1,
          name: 'customer.update',
          args: { id: customer.id, changes: { city: 'Haarlem' } },
          at: deviceTime.toISOString(),
        },
      ],
      // The tablet's clock at sending: right, so the change is dated 2 hours ago by the server's.
      sentAt: new Date().toISOString(),
    },
  })
  expect(pushed.status(), await pushed.text()).toBe(200)

  const owner = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  await signInAsEmployee(page, owner)
  await page.goto(`/${DEMO.slug}/admin/customers`)
  const nav = page.getByTestId('side-nav')
  await nav.getByRole('link', { name: 'Activiteiten' }).click()
  await expect(page).toHaveURL(new RegExp(`/${DEMO.slug}/admin/activity-log$`))
  await expect(page.getByRole('heading', { name: 'Activiteitenlog' })).toBeVisible()

  // Only Bas: the filter goes into the address.
  await page.getByLabel('Medewerker').selectOption({ label: RECEPTION.name })
  await expect(page).toHaveURL(/employeeId=/)
  const list = page.getByTestId('activity-log-list')
  const rows = list.getByTestId('employee-activity')
  await expect(rows.first()).toBeVisible()
  await expect(rows.getByTestId('activity-employee').filter({ hasNotText: RECEPTION.name })).toHaveCount(0)

  const added = rows.filter({ has: page.getByTestId('activity-type').getByText('Klant toegevoegd') }).filter({
    hasText: customer.fullName,
  })
  await expect(added).toHaveCount(1)
  const changed = rows.filter({ has: page.getByTestId('activity-type').getByText('Klant gewijzigd') }).filter({
    hasText: customer.fullName,
  })
  await expect(changed).toHaveCount(1)
  await expect(changed.getByTestId('activity-summary')).toHaveText('Gewijzigd: Plaats')
  // Done offline: the activity date is the device's, and both times are shown.
  const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
  await expect(changed.getByText('Offline gedaan')).toBeVisible()
  // The time alone on the day it arrived; with its date when it happened the day before (a
  // run shortly after midnight: done 22:10 yesterday, received 00:10 today).
  const dmy = (d: Date) =>
    `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`
  const sameDay = dmy(deviceTime) === dmy(new Date())
  await expect(changed.getByTestId('activity-times')).toContainText(
    `gedaan ${sameDay ? '' : `${dmy(deviceTime)} `}${hhmm(deviceTime)}`,
  )
  await expect(changed.getByTestId('activity-times')).toContainText('ontvangen')
  await expect(rows.filter({ has: page.getByTestId('activity-type').getByText('Aangemeld') }).first()).toBeVisible()
  await expect(added.getByTestId('activity-date')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
  await screenshotAllSizes(page, 'activity-log')

  // By type: only customers added.
  await page.getByLabel('Type').selectOption({ label: 'Klant toegevoegd' })
  await expect(page).toHaveURL(/type=customerCreate/)
  await expect(rows.getByTestId('activity-type').filter({ hasNotText: 'Klant toegevoegd' })).toHaveCount(0)
  await expect(added).toBeVisible()

  // The customer contacted opens their file (the owner's tablet holds them).
  await added.getByRole('button', { name: `Klant ${customer.fullName} openen` }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByLabel('Voornaam')).toHaveValue('Fenna')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // A period with nothing for this filter says what to do; "Alle types" shows everything again.
  await page.goto(`/${DEMO.slug}/admin/activity-log?employeeId=${bas.employee.id}&type=salonUpdate`)
  await expect(page.getByText('Geen activiteit voor deze medewerker en dit type.', { exact: false })).toBeVisible()
  await screenshot(page, 'activity-log-empty-tablet-landscape')
  await page.getByRole('button', { name: 'Alles tonen' }).click()
  await expect(added).toBeVisible()

  // Offline: the screen says plainly that it needs a connection.
  await context.setOffline(true)
  await expect(page.getByRole('heading', { name: 'Het activiteitenlog heeft een verbinding nodig' })).toBeVisible()
  await screenshotAllSizes(page, 'activity-log-offline')
  await context.setOffline(false)
  await expect(added).toBeVisible()
})

test('activity log: the receptionist has no activity log (no readEmployees), not even by address', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'nl')
  const session = await signInViaApi(request, RECEPTION.email, RECEPTION.password)
  await signInAsEmployee(page, session)
  await page.goto(`/${DEMO.slug}/admin/activity-log`)
  await expect(
    page.getByTestId('no-access').getByRole('heading', { name: 'Geen toegang tot dit scherm' }),
  ).toBeVisible()
  await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Activiteiten' })).toHaveCount(0)
  await expect(page.getByTestId('activity-log-list')).toHaveCount(0)
})

test('activity log: in English', async ({ page, request }) => {
  await useLanguage(page, 'en')
  const owner = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  await signInAsEmployee(page, owner)
  await page.goto(`/${DEMO.slug}/admin/activity-log?type=login`)
  await expect(page.getByRole('heading', { name: 'Activity log' })).toBeVisible()
  await expect(page.getByTestId('employee-activity').first().getByText('Signed in')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeVisible()
})
