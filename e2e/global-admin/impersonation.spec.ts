import { expect, type Page, test } from '@playwright/test'
import type { EmployeeSession, GlobalSession } from '../../contract/auth'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { DEMO, screenshotAllSizes, signInViaApi } from '../fixtures/api'
import {
  ensureSecondFactor,
  GLOBAL_ADMIN,
  knownSecondFactor,
  nextCode,
  rememberSecondFactor,
  secondFactorKnown,
} from '../fixtures/global-admin'
import { useLanguage } from '../fixtures/language'

// Issue 23: the global admin's second factor and acting as an employee, through the screens.
test.describe.configure({ mode: 'serial' })

/** The demo receptionist (server/seed/demo.ts): an active employee who is no global admin. */
const RECEPTION = { email: 'balie@demo.salon', password: DEMO.owner.password, name: 'Bas Jansen' }
const REASON = 'Ticket 4711: Bas ziet zijn klantenlijst niet'

async function typePassword(page: Page) {
  await page.goto('/global-admin')
  await page.getByLabel('E-mailadres').fill(GLOBAL_ADMIN.email)
  await page.getByLabel('Wachtwoord').fill(GLOBAL_ADMIN.password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
}

test.beforeEach(async ({ page }) => useLanguage(page, 'nl'))

test('second factor: set up after the password (QR code, key, first code), recovery codes shown once', async ({
  page,
}) => {
  test.skip(secondFactorKnown(), 'an earlier spec of this run set the second factor up already')
  await typePassword(page)
  await expect(page.getByRole('heading', { name: 'Verificatie in twee stappen instellen' })).toBeVisible()
  await expect(page.getByRole('img', { name: /QR-code/ })).toBeVisible()
  const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  rememberSecondFactor(secret)
  await screenshotAllSizes(page, 'global-admin-second-factor-setup')

  const code = page.getByLabel('Code uit je authenticator-app')
  await code.fill('000000')
  await page.getByRole('button', { name: 'Bevestigen en verder' }).click()
  await expect(page.getByText('Deze code klopt niet: probeer het opnieuw.')).toBeVisible()
  await code.fill(await nextCode())
  await page.getByRole('button', { name: 'Bevestigen en verder' }).click()

  const list = page.getByTestId('recovery-codes')
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim())
  rememberSecondFactor(secret, codes, knownSecondFactor()?.lastStep ?? 0)
  await screenshotAllSizes(page, 'global-admin-recovery-codes')
  await page.getByRole('button', { name: 'Ik heb ze bewaard' }).click()
  await expect(page.getByRole('heading', { name: /^Welkom/ })).toBeVisible()
})

test('sign in with password and code; act as an employee: banner with time left, blocked actions, Stop', async ({
  page,
  request,
}) => {
  // Codes are never taken twice: a third code within one 30-second step waits for the next.
  test.setTimeout(150_000)
  // The code step through the screens (a wrong code first); set-up through the API when the
  // test above was skipped.
  await ensureSecondFactor(request)
  await typePassword(page)
  await expect(page.getByRole('heading', { name: 'Verificatie in twee stappen' })).toBeVisible()
  await screenshotAllSizes(page, 'global-admin-code-step')
  const field = page.getByLabel('Code uit je authenticator-app of een herstelcode')
  await field.fill('000000')
  await page.getByRole('button', { name: 'Controleren' }).click()
  await expect(page.getByText('Deze code klopt niet: probeer het opnieuw.')).toBeVisible()
  await field.fill(await nextCode())
  await page.getByRole('button', { name: 'Controleren' }).click()
  await expect(page.getByRole('heading', { name: /^Welkom/ })).toBeVisible()

  // Act as the receptionist (the organisation screens with "Act as" are another issue's part:
  // the call their dialog makes, with a fresh code, and the session stored as the app stores it).
  const admin = (await page.evaluate(() =>
    JSON.parse(localStorage.getItem('loggedInGlobalAdmin') ?? 'null'),
  )) as GlobalSession | null
  expect(admin).not.toBeNull()
  const bas = await signInViaApi(request, RECEPTION.email, RECEPTION.password)
  const res = await request.post(apiUrl(API.auth.impersonate), {
    headers: { authorization: `Bearer ${admin?.token}` },
    data: { employeeId: bas.employee.id, reason: REASON, code: await nextCode() },
  })
  expect(res.status()).toBe(200)
  const session = (await res.json()) as EmployeeSession
  await page.evaluate((value) => localStorage.setItem('loggedInEmployeeUser', value), JSON.stringify(session))
  await page.goto(`/${DEMO.slug}/admin`)

  const banner = page.getByTestId('impersonation-banner')
  await expect(banner).toContainText(`is ingelogd als ${RECEPTION.name}`)
  await expect(banner).toContainText(`Reden: ${REASON}`)
  const left = page.getByTestId('impersonation-time-left')
  await expect(left).toHaveText(/Eindigt over (29|30):\d\d/)
  const first = await left.textContent()
  await expect(left).not.toHaveText(first ?? '')
  await screenshotAllSizes(page, 'impersonation-banner')

  // On another staff screen too.
  await page.goto(`/${DEMO.slug}/admin/customers`)
  await expect(banner).toBeVisible()

  // A credential of the employee's own: refused with the message.
  await page.getByTestId('profile-button').click()
  await page.getByRole('button', { name: /Pincode (instellen|wijzigen)/ }).click()
  await page.getByLabel('Nieuwe pincode').fill('2468')
  await page.getByLabel('Huidig wachtwoord').fill(RECEPTION.password)
  await page.getByRole('button', { name: 'Opslaan' }).click()
  await expect(page.getByText('Niet toegestaan terwijl je als iemand anders bent ingelogd.')).toBeVisible()
  await screenshotAllSizes(page, 'impersonation-blocked')
  await page.reload()

  // Stop: the session ends on the server, back to the platform area.
  await banner.getByRole('button', { name: 'Stoppen' }).click()
  await expect(page).toHaveURL(/\/global-admin$/)
  await expect(page.getByRole('heading', { name: /^Welkom/ })).toBeVisible()
  const after = await request.get(apiUrl(API.employees.me, { org: bas.employee.organisationId }), {
    headers: { authorization: `Bearer ${session.token}` },
  })
  expect(after.status()).toBe(401)

  // The owners see start and stop with the reason, and who really acted.
  const owner = await signInViaApi(request, DEMO.owner.email, DEMO.owner.password)
  await page.evaluate((value) => localStorage.setItem('loggedInEmployeeUser', value), JSON.stringify(owner))
  await page.goto(`/${DEMO.slug}/admin/activity-log`)
  const start = page
    .getByTestId('employee-activity')
    .filter({ hasText: 'Platformbeheerder ingelogd als deze medewerker' })
  await expect(start.first()).toContainText(`${RECEPTION.name} (via platformbeheerder Global admin)`)
  await expect(start.first()).toContainText(`Reden: ${REASON}`)
  await expect(
    page.getByTestId('employee-activity').filter({ hasText: 'Platformbeheerder weer uitgelogd' }).first(),
  ).toBeVisible()
})
