import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { DEMO, screenshot, screenshotAllSizes } from '../fixtures/api'
import { createCustomer, demoStaff, type Staff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { KioskPage } from '../pages/kiosk'
import { CustomerSignInPage } from '../pages/customer-sign-in'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

/*
 * Issue 12: the customer reads and signs a consent form. (a) On their own phone, signed in by
 * code: the demo consent form sent to them turns Seen when opened, is signed with drawn strokes
 * and the typed name, and shows Accepted. (b) On the salon tablet, offline: staff hand the
 * consent form over in the kiosk, the customer signs with touch input, staff take the tablet
 * back; on reconnect it reaches the server once.
 */

const CONSENT = 'Toestemming chemische peeling'

/** Strokes across the signature sheet with the mouse. */
async function drawWithMouse(page: Page) {
  const box = (await page.getByTestId('signature-canvas').boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * 0.15, y)
  await page.mouse.down()
  for (let i = 1; i <= 20; i++)
    await page.mouse.move(box.x + box.width * (0.15 + i * 0.03), y + Math.sin(i / 2) * box.height * 0.25)
  await page.mouse.up()
}

/** Strokes with a finger: touch events through the DevTools protocol (the page sees pointer events of type touch). */
async function drawWithTouch(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  const box = (await page.getByTestId('signature-canvas').boundingBox())!
  const y = box.y + box.height / 2
  const at = (i: number) => ({ x: box.x + box.width * (0.2 + i * 0.03), y: y + Math.cos(i / 2) * box.height * 0.2 })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] })
  for (let i = 1; i <= 18; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

type Row = { id: string; customerId: string; status: string; channel: string; evidence: { channel: string } | null }
/** The customer's documents as the branch's sync feed has them. */
async function customerDocumentsOf(request: APIRequestContext, staff: Staff, customerId: string | null) {
  const res = await request.get(
    apiUrl(API.sync.changes, { org: staff.org, salon: staff.salon }, { since: 0, limit: 1000 }),
    { headers: staff.headers },
  )
  if (!res.ok()) return []
  const { changes } = (await res.json()) as { changes: { entity: string; row?: Row }[] }
  return changes.flatMap((c) =>
    c.entity === 'customerDocument' && c.row && (customerId === null || c.row.customerId === customerId) ? [c.row] : [],
  )
}

/** The demo customer (klant@demo.salon), as the branch's sync feed has her. */
async function demoCustomerId(request: APIRequestContext, staff: Staff): Promise<string> {
  const res = await request.get(
    apiUrl(API.sync.changes, { org: staff.org, salon: staff.salon }, { since: 0, limit: 1000 }),
    { headers: staff.headers },
  )
  const { changes } = (await res.json()) as { changes: { entity: string; row?: { id: string; email?: string } }[] }
  const found = changes.find((c) => c.entity === 'customer' && c.row?.email === 'klant@demo.salon')
  if (!found?.row) throw new Error('the demo customer is not in the feed')
  return found.row.id
}

test('a customer signs the consent form on their own phone: seen, signed, accepted', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await phone.newPage()
  await useLanguage(page, 'nl')
  await new CustomerSignInPage(page, request).signIn(DEMO.slug, 'klant@demo.salon')
  await page.getByRole('link', { name: 'Mijn documenten' }).click()
  await expect(page.getByRole('heading', { name: 'Mijn documenten' })).toBeVisible()
  const item = page.getByRole('button', { name: new RegExp(CONSENT) })
  await expect(item.locator('[data-testid="document-status"]:visible')).toHaveAttribute('data-status', 'notSeen')
  await screenshot(page, 'documents-customer-list-phone')

  // Opening it: the text, marked seen on the server.
  await item.click()
  await expect(page.getByTestId('document-text')).toContainText('Chemische peeling')
  await expect(page.getByTestId('document-reader').getByTestId('document-status')).toHaveAttribute(
    'data-status',
    'seen',
  )
  await page.getByRole('button', { name: 'Accepteren', exact: true }).click()
  // Neither a name nor a signature: both asked for.
  await page.getByRole('button', { name: 'Accepteren en ondertekenen' }).click()
  await expect(page.getByText('Typ je volledige naam om te ondertekenen.')).toBeVisible()
  await expect(page.getByText('Zet eerst je handtekening voordat je akkoord gaat.')).toBeVisible()
  await page.getByLabel('Je volledige naam').fill('Sanne de Jong')
  await page.getByTestId('signature-canvas').scrollIntoViewIfNeeded()
  const scrollBefore = await page.evaluate(() => window.scrollY)
  await drawWithMouse(page)
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore)
  await screenshot(page, 'documents-customer-sign-phone')
  await page.setViewportSize({ width: 1024, height: 768 })
  await screenshot(page, 'documents-customer-sign-tablet-landscape')
  await page.setViewportSize({ width: 768, height: 1024 })
  await screenshot(page, 'documents-customer-sign-tablet-portrait')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Accepteren en ondertekenen' }).click()
  await expect(page.getByRole('heading', { name: 'Bedankt voor je handtekening' })).toBeVisible()
  await screenshot(page, 'documents-customer-accepted-phone')
  await page.getByRole('button', { name: 'Terug naar mijn documenten' }).click()
  await expect(item.locator('[data-testid="document-status"]:visible')).toHaveAttribute('data-status', 'accepted')

  // The server has it: accepted, from the customer's own device (the branch's sync feed).
  const staff = await demoStaff(request)
  // This customer's only: other specs sign the same demo document for customers of their own.
  const rows = await customerDocumentsOf(request, staff, await demoCustomerId(request, staff))
  expect(rows.filter((d) => d.channel === 'inApp' && d.evidence?.channel === 'ownDevice')).toHaveLength(1)
  await phone.close()
})

test('the tablet hands a consent form over offline, the customer signs by touch, it arrives once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff)
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, locale: 'nl-NL' })
  const page = await tablet.newPage()
  await useLanguage(page, 'nl')
  await page.goto(`/${DEMO.slug}/admin`)
  await page.getByLabel('E-mailadres').fill(DEMO.owner.email)
  await page.getByLabel('Wachtwoord').fill(DEMO.owner.password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
  await expect(page.getByTestId('sync-pill')).toHaveText('Gesynchroniseerd', { timeout: 30_000 })
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  const kiosk = new KioskPage(page)
  await kiosk.openFor(DEMO.slug, customer.id)
  await expect(page.getByTestId('sync-pill')).toHaveText('Gesynchroniseerd', { timeout: 30_000 })

  // Offline from here: the consent form comes from the tablet's replica.
  await tablet.setOffline(true)
  await kiosk.choose(new RegExp(CONSENT))
  await screenshotAllSizes(page, 'documents-kiosk-start')
  await kiosk.handOver()
  await expect(page.getByTestId('kiosk-sign').getByTestId('document-text')).toContainText('Chemische peeling')
  await page.getByRole('button', { name: 'Accepteren', exact: true }).click()
  await page.getByLabel('Je volledige naam').fill(`${customer.firstName} Bakker`)
  await page.getByTestId('signature-canvas').scrollIntoViewIfNeeded()
  await drawWithTouch(tablet, page)
  await screenshotAllSizes(page, 'documents-kiosk-sign')
  await page.getByRole('button', { name: 'Accepteren en ondertekenen' }).click()
  const handBack = page.getByTestId('kiosk-hand-back')
  await expect(handBack).toBeVisible()
  await screenshot(page, 'documents-kiosk-hand-back-tablet-portrait')
  await kiosk.handBackWithPassword(DEMO.owner.password, handBack)
  await expect(kiosk.heading()).toBeVisible()
  // Nothing reached the server while offline.
  expect(await customerDocumentsOf(request, staff, customer.id)).toHaveLength(0)

  // Reconnect: it arrives once, accepted on the tablet.
  await tablet.setOffline(false)
  await expect
    .poll(async () => (await customerDocumentsOf(request, staff, customer.id)).map((d) => d.status), {
      timeout: 30_000,
    })
    .toEqual(['accepted'])
  const [row] = await customerDocumentsOf(request, staff, customer.id)
  expect(row).toMatchObject({ channel: 'tablet', evidence: { channel: 'tablet' } })
  // Settled on the tablet: nothing left in its outbox, and it stays one.
  await expect(page.getByTestId('sync-pill')).toHaveText('Gesynchroniseerd', { timeout: 30_000 })
  expect(await customerDocumentsOf(request, staff, customer.id)).toHaveLength(1)
  await tablet.close()
})
