import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { screenshot, signInAsEmployee, unique } from '../fixtures/api'
import { createCustomer, demoStaff } from '../fixtures/demo'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

/*
 * Issue 12: staff download the signed PDF of a consent a customer accepted (the PDF with its
 * certificate page), and a new version of the consent form flags the customer "needs new
 * consent" on the drawer's Documents tab.
 */
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

/** A real 1×1 PNG: the server checks a signature by its bytes. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

test('documents: the signed PDF downloads; a new version of the form flags "needs new consent"', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const staff = await demoStaff(request)
  const customer = await createCustomer(request, staff)
  const name = `Consent laser ${unique()}`
  const created = await request.post(apiUrl(API.documents.create, { org: staff.org }), {
    headers: staff.headers,
    data: { kind: 'consentForm', name, text: '<p>I accept the risks of a laser treatment.</p>' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const documentId = ((await created.json()) as { id: string }).id
  const sent = await request.post(
    apiUrl(API.customerDocuments.send, { org: staff.org, id: customer.id }, { salonId: staff.salon }),
    { headers: staff.headers, data: { id: randomUUID(), documentId, channel: 'inApp' } },
  )
  expect(sent.status(), await sent.text()).toBe(201)
  const sendId = ((await sent.json()) as { id: string }).id
  // Signed on the salon's tablet (staff hand it over), as the kiosk's sync would send it.
  const signed = await request.put(
    apiUrl(API.documentResponses.respond, { org: staff.org, id: customer.id, docId: sendId }),
    {
      headers: staff.headers,
      data: {
        status: 'accepted',
        signature: SIGNATURE,
        typedName: customer.fullName,
        deviceTime: new Date().toISOString(),
      },
    },
  )
  expect(signed.status(), await signed.text()).toBe(200)

  await signInAsEmployee(page, staff.session)
  await page.goto(`/demo/admin/customers?search=${encodeURIComponent(customer.email)}`)
  await page.getByTestId('customer-row').filter({ hasText: customer.firstName }).first().click()
  await page.getByRole('tab', { name: 'Documents' }).click()
  const row = page.getByTestId('customer-document').filter({ hasText: name })
  await expect(row.locator('[data-status="accepted"]')).toHaveText('Accepted')

  // The signed PDF: a real PDF file, named after the form.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download signed PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^consent-.*\.pdf$/)
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(bytes.length).toBeGreaterThan(2000)
  await screenshot(page, 'documents-signed-pdf-tablet-landscape')

  // The form gets a new version: the customer who accepted version 1 needs new consent.
  const changed = await request.put(apiUrl(API.documents.update, { org: staff.org, id: documentId }), {
    headers: staff.headers,
    data: { name, text: '<p>I accept the risks of a laser treatment, including pigment changes.</p>' },
  })
  expect(changed.status(), await changed.text()).toBe(200)
  await page.reload()
  await page.getByTestId('customer-row').filter({ hasText: customer.firstName }).first().click()
  await page.getByRole('tab', { name: 'Documents' }).click()
  const flags = page.getByTestId('reconsent-flags')
  await expect(flags).toContainText('Needs new consent', { timeout: 30_000 })
  await expect(flags).toContainText(`${name} has a new version (2)`)
  await screenshot(page, 'documents-reconsent-tablet-landscape')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'documents-reconsent-phone')

  // The kiosk says it too, beside the form, when staff pick this customer on the tablet.
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.goto(`/demo/admin/kiosk?customer=${customer.id}`)
  await expect(page.getByRole('button', { name: new RegExp(name) })).toContainText('Needs new consent')
  await screenshot(page, 'documents-reconsent-kiosk-tablet-portrait')
})
