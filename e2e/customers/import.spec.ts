import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { englishOrganisation, screenshotAllSizes, signInAsEmployee, unique } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 10: a salon brings its customers from its old software — a Dutch Excel export (`;`,
// Windows-1252) of 1,000 rows with the usual problems — through the import drawer: dry run,
// report, import, undo; the replica follows both ways.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

test('CSV import: 1,000 rows with problems → dry run, report, import, undo', async ({ page, request }) => {
  test.setTimeout(180_000)
  const created = await englishOrganisation(request)
  const org = created.organisation.id
  const salon = created.session.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${created.session.token}` }
  const u = unique()
  // Ten people are customers already.
  const existing: string[] = []
  for (let k = 0; k < 10; k++) {
    const email = `bestaand-${k}-${u}@example.test`
    const res = await request.post(apiUrl(API.customers.create, { org }), {
      headers,
      data: { email, firstName: 'Bestaand', lastName: `Klant ${k}`, salonIds: [salon] },
    })
    expect(res.status()).toBe(201)
    existing.push(email)
  }

  // 1,000 data rows: per hundred one without e-mail, one duplicate (other case), one bad phone,
  // one existing customer → 960 to create.
  const lines = ['E-mailadres;Voornaam;Achternaam;Telefoon;Geboortedatum;Woonplaats;Opmerkingen']
  const emailOf = (i: number) => `klant-${i}-${u}@example.test`
  for (let i = 0; i < 1000; i++) {
    const m = i % 100
    const email =
      m === 7 ? '' : m === 9 ? emailOf(i - 1).toUpperCase() : m === 30 ? existing[Math.floor(i / 100)] : emailOf(i)
    const phone = m === 20 ? 'abc12' : `06${String(10000000 + i).slice(-8)}`
    lines.push(`${email};Renée;Noël ${i};${phone};02-04-1990;Utrecht;"Eerste regel\nTweede regel; met puntkomma"`)
  }
  const buffer = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1')
  expect(buffer.includes(0xe9)).toBe(true) // é as one Windows-1252 byte

  await signInAsEmployee(page, created.session)
  const customers = new CustomersPage(page)
  await customers.open(created.organisation.slug)
  await expect(page.getByText('10 customers')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const d = customers.drawer
  await expect(d.getByRole('heading', { name: 'Import customers from CSV' })).toBeVisible()
  await screenshotAllSizes(page, 'customer-import-file')

  await d.getByTestId('import-file').setInputFiles({ name: 'klanten-oud.csv', mimeType: 'text/csv', buffer })
  await expect(d.getByRole('heading', { name: 'Map the columns' })).toBeVisible()
  await expect(d.getByText('klanten-oud.csv: 1,000 lines, Windows-1252, separated by ;')).toBeVisible()
  await expect(d.getByLabel('Field for column E-mailadres')).toHaveValue('email')
  await expect(d.getByLabel('Field for column Voornaam')).toHaveValue('firstName')
  await expect(d.getByLabel('Field for column Woonplaats')).toHaveValue('city')
  await expect(d.getByText('Renée')).toBeVisible()

  // No e-mail column: the spec's message, nothing checked.
  await d.getByLabel('Field for column E-mailadres').selectOption('')
  await d.getByRole('button', { name: 'Check' }).click()
  await expect(d.getByText('The CSV import needs an email column selected.')).toBeVisible()
  await d.getByLabel('Field for column E-mailadres').selectOption('email')
  await screenshotAllSizes(page, 'customer-import-mapping')

  await d.getByRole('button', { name: 'Check' }).click()
  await expect(d.getByRole('heading', { name: 'Check (nothing has been saved yet)' })).toBeVisible({ timeout: 30_000 })
  const counts = d.getByTestId('dry-run-counts')
  await expect(counts).toContainText('New customers960')
  await expect(counts).toContainText('Already a customer (skipped)10')
  await expect(counts).toContainText('Duplicate in the file (skipped)10')
  await expect(counts).toContainText('No e-mail address (skipped)10')
  await expect(counts).toContainText('Invalid values (skipped)10')
  await expect(d.getByText('Phone number is not a valid phone number: abc12').first()).toBeVisible()
  await screenshotAllSizes(page, 'customer-import-dry-run')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    d.getByRole('button', { name: 'Download report' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('klanten-oud-report.csv')
  const report = readFileSync((await download.path()) as string, 'utf8')
  expect(report.split('\n').filter(Boolean)).toHaveLength(41)
  expect(report).toContain(`9;;No e-mail address`)
  expect(report).toContain('Same e-mail address as line 10')
  expect(report).toContain('Already a customer with this e-mail address')

  await d.getByRole('button', { name: 'Import 960 customers' }).click()
  await expect(d.getByRole('heading', { name: '960 customers imported' })).toBeVisible({ timeout: 90_000 })
  await expect(d.getByText('40 lines skipped.')).toBeVisible()
  await screenshotAllSizes(page, 'customer-import-done')

  // The branch's replica gets them through the sync.
  const listed = async () => {
    const res = await request.get(apiUrl(API.customers.list, { org }, { salonId: salon, pageSize: 1 }), { headers })
    return ((await res.json()) as { total: number }).total
  }
  expect(await listed()).toBe(970)
  const one = await request.get(apiUrl(API.customers.list, { org }, { search: emailOf(1) }), {
    headers,
  })
  const c = ((await one.json()) as { items: Record<string, unknown>[] }).items[0]
  expect(c).toMatchObject({
    firstName: 'Renée',
    lastName: 'Noël 1',
    phoneNumber: '+31610000001',
    dateOfBirth: '1990-04-02',
  })
  expect(c.notes).toBe('Eerste regel\nTweede regel; met puntkomma')
  await expect(page.getByText('970 customers')).toBeVisible({ timeout: 60_000 })

  await d.getByRole('button', { name: 'Undo import' }).click()
  await d.getByRole('button', { name: 'Yes, undo' }).click()
  await expect(d.getByText('960 customers removed.')).toBeVisible({ timeout: 30_000 })
  await screenshotAllSizes(page, 'customer-import-undone')
  expect(await listed()).toBe(10)
  await d.getByRole('button', { name: 'Close' }).last().click()
  await expect(page.getByText('10 customers')).toBeVisible({ timeout: 30_000 })
})
