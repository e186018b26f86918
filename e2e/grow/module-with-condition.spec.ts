import { expect, test } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'
import { createOrganisationViaApi, screenshotAllSizes, signInAsEmployee } from '../fixtures/api'
import { pickIntake } from '../fixtures/grow'
import { useLanguage } from '../fixtures/language'

test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

// Issue 21 #9: a condition made in a module's drawer is saved with the module, or not at all.
test('grow: a new condition made in a module refused for its video is not saved; the save that succeeds makes exactly one', async ({
  page,
  request,
}) => {
  // As the Grow editor spec: a new organisation, its intake questionnaire and the editor take a while.
  test.setTimeout(240_000)
  const created = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  const { slug, id: org } = created.organisation
  const salon = created.session.employee.salons[0].salonId
  const headers = { authorization: `Bearer ${created.session.token}` }
  const conditions = async () =>
    (
      (await (await request.get(apiUrl(API.advice.listConditions, { org, salon }), { headers })).json()) as {
        name: string
      }[]
    )
      .map((c) => c.name)
      .filter((n) => n === 'Droge huid')
  await signInAsEmployee(page, created.session)
  await page.goto(`/${slug}/admin/grow`)
  await expect(page.getByRole('heading', { name: 'Grow', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'New module' }).first().click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Name', { exact: true }).fill('Hydrate dry skin')
  await drawer.getByRole('button', { name: 'New condition' }).click()
  const inline = drawer.getByTestId('inline-condition')
  await inline.getByLabel('Name', { exact: true }).fill('Droge huid')
  await pickIntake(inline)
  await inline.getByLabel('Question', { exact: true }).selectOption({ index: 1 })
  await inline.getByLabel('Comparison', { exact: true }).selectOption({ label: 'Is answered' })
  await inline.getByRole('button', { name: 'Create condition' }).click()
  await expect(inline).toBeHidden()
  await expect(drawer.getByRole('checkbox', { name: /Droge huid \(new: saved with the module\)/ })).toBeChecked()

  await drawer.getByLabel('Video (YouTube or Vimeo)').fill('https://www.dailymotion.com/video/x8abc')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer.getByText('Video URLs accept only YouTube and Vimeo.')).toBeVisible()
  await screenshotAllSizes(page, 'grow-module-new-condition')
  // Refused: the condition went nowhere either.
  expect(await conditions()).toEqual([])

  await drawer.getByLabel('Video (YouTube or Vimeo)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()
  await expect.poll(conditions).toEqual(['Droge huid'])
  await page.getByRole('tab', { name: /Conditions/ }).click()
  await expect(page.getByTestId('grow-condition-row').filter({ hasText: 'Droge huid' })).toHaveCount(1)
})
