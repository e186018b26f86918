import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { formatCertificateCode, type TrainingCertificate } from '../../contract/trainings'
import { pdfPages } from '../../tests/api/billing-pdf-text'
import { apiUrl } from '../../tests/helpers/url'
import { confirmedOrganisationViaApi, screenshotAllSizes, signInAsEmployee, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { BlueprintPage } from '../pages/blueprint'
import { learner, PASSWORD, upgradeToGrowth } from './set-up'

/*
 * Issue 24: an employee completes a short training on the tablet; the certificate is issued when
 * the completion reaches the server and shows on the course page, where they download it (a PDF
 * with their name, the course and the code). Anyone checks the code on the public page without
 * signing in (an unknown code says so). The owner sees every employee's progress and certificate
 * on the course's progress screen, sorts it, and is told plainly when the screen is offline.
 */

const COURSE = 'Welkom bij de salon'

test('blueprint: complete a course, download its certificate, verify it; the owner sees the progress', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000)
  const owner = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const org = owner.organisation.id
  const slug = owner.organisation.slug
  const ownerHeaders = { authorization: `Bearer ${owner.session.token}` }
  const salon = owner.session.employee.salons[0].salonId
  await upgradeToGrowth(request, org, ownerHeaders)
  const created = await request.post(apiUrl(API.trainings.createCourse, { org }), {
    headers: ownerHeaders,
    data: { title: COURSE, description: 'Twee korte delen.' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const courseId = ((await created.json()) as { id: string }).id
  const module = await request.post(apiUrl(API.trainings.createModule, { org, id: courseId }), {
    headers: ownerHeaders,
    data: {
      title: 'Start',
      segments: [
        { kind: 'text', title: 'Rondleiding', text: '<p>Zo werken wij.</p>' },
        { kind: 'text', title: 'Afspraken', text: '<p>Wees op tijd.</p>' },
      ],
    },
  })
  expect(module.status(), await module.text()).toBe(201)

  // The learner completes both parts; the certificate follows once the completion reached the server.
  const email = await learner(request, org, salon, ownerHeaders)
  const session = await signInViaApi(request, email, PASSWORD)
  await useLanguage(page, 'en')
  await signInAsEmployee(page, session)
  const blueprint = new BlueprintPage(page)
  // The storage notice may slide in above the page while a click is on its way (the layout moves):
  // click again until the part shows done.
  const markDone = async () => {
    const done = blueprint.segment().getByText('Done', { exact: true })
    await expect(async () => {
      if (!(await done.isVisible()))
        await blueprint.segment().getByRole('button', { name: 'Mark as done' }).click({ timeout: 5_000 })
      await expect(done).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
  }
  await page.goto(`/${slug}/admin/blueprint/${courseId}`)
  await blueprint.expectOpen('Rondleiding')
  await expect(page.getByTestId('certificate-panel')).toHaveCount(0)
  await markDone()
  await blueprint.goTo('Afspraken')
  await markDone()
  const panel = page.getByTestId('certificate-panel')
  await expect(panel.getByText('Certificate earned')).toBeVisible({ timeout: 30_000 })
  const headers = { authorization: `Bearer ${session.token}` }
  const [certificate] = (await (
    await request.get(apiUrl(API.trainings.certificates, { org }), { headers })
  ).json()) as TrainingCertificate[]
  expect(certificate).toMatchObject({ courseId, courseTitle: COURSE })
  const code = formatCertificateCode(certificate.code)
  await expect(panel).toContainText(code)
  await screenshotAllSizes(page, 'certificate-course')

  const download = page.waitForEvent('download')
  await panel.getByRole('button', { name: 'Certificate' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`certificate-${certificate.code}.pdf`)
  const text = (await pdfPages(readFileSync(await file.path()))).join('\n')
  expect(text).toContain('has completed the training')
  expect(text).toContain(COURSE)
  expect(text).toContain(certificate.employeeName)
  expect(text).toContain(code)

  // Anyone checks it on the public page, typing the code as printed (lower case is fine).
  const visitor = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const publicPage = await visitor.newPage()
  await useLanguage(publicPage, 'en')
  await publicPage.goto('/certificates')
  await expect(publicPage.getByRole('heading', { name: 'Check a certificate' })).toBeVisible()
  await screenshotAllSizes(publicPage, 'certificate-verify-form')
  await publicPage.getByLabel('Certificate code').fill(code.toLowerCase())
  await publicPage.getByRole('button', { name: 'Check' }).click()
  await expect(publicPage).toHaveURL(new RegExp(`/certificates/${certificate.code}$`))
  const valid = publicPage.getByTestId('certificate-valid')
  await expect(valid.getByRole('heading', { name: 'Valid certificate' })).toBeVisible()
  await expect(valid).toContainText(certificate.employeeName)
  await expect(valid).toContainText(COURSE)
  await expect(valid).toContainText(owner.organisation.companyName)
  await screenshotAllSizes(publicPage, 'certificate-verify-valid')
  await publicPage.getByLabel('Certificate code').fill('ABCDE-FGHJK')
  await publicPage.getByRole('button', { name: 'Check' }).click()
  await expect(publicPage.getByTestId('certificate-not-found')).toContainText('No certificate has this code.')
  await screenshotAllSizes(publicPage, 'certificate-verify-unknown')
  await visitor.close()

  // The owner: the course editor leads to its progress screen, with the learner's certificate.
  const ownerContext = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const ownerPage = await ownerContext.newPage()
  await useLanguage(ownerPage, 'en')
  await signInAsEmployee(ownerPage, owner.session)
  await ownerPage.goto(`/${slug}/admin/blueprint/manage/${courseId}`)
  await ownerPage.getByTestId('course-progress-link').click()
  await expect(ownerPage.getByRole('heading', { name: `Progress: ${COURSE}` })).toBeVisible()
  const row = ownerPage.getByTestId('progress-row').filter({ hasText: certificate.employeeName })
  await expect(row).toContainText('2 of 2')
  await expect(row).toContainText(code)
  await expect(
    row.getByRole('button', { name: `Download the certificate of ${certificate.employeeName}` }),
  ).toBeVisible()
  await ownerPage.getByTestId('sort-completedAt').first().click()
  await expect(ownerPage).toHaveURL(/sort=completedAt&dir=asc/)
  await expect(ownerPage.locator('th[aria-sort="ascending"]')).toContainText('Completed')
  await screenshotAllSizes(ownerPage, 'certificate-progress')
  // Offline: what was read stays, and the screen says it is not being updated.
  await ownerContext.setOffline(true)
  await expect(ownerPage.getByTestId('progress-offline')).toContainText('You are offline')
  await expect(row).toBeVisible()
  await ownerContext.setOffline(false)
  await ownerContext.close()
})
