import { expect, type Page, test } from '@playwright/test'
import { createOrganisationViaApi, screenshot, signInAsEmployee } from '../fixtures/api'
import { pickIntake } from '../fixtures/grow'
import { useLanguage } from '../fixtures/language'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Issue 11: the owner builds two Grow modules with conditions on the intake questionnaire — a
// customer advice with a YouTube video and an employee advice whose condition is made inline —,
// reorders them with the keyboard and looks at the screen on a tablet and a phone.
test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

const moduleRows = (page: Page) => page.getByTestId('grow-module-row')

test('grow: the owner builds two modules with conditions on the intake questionnaire and reorders them', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const created = await createOrganisationViaApi(request, { admin: { language: 'en' } })
  const slug = created.organisation.slug
  const org = created.organisation.id
  const headers = { authorization: `Bearer ${created.session.token}` }
  const salon = created.session.employee.salons[0].salonId
  await signInAsEmployee(page, created.session)
  await page.goto(`/${slug}/admin/dashboard`)
  await page.getByRole('navigation').getByRole('link', { name: 'Grow' }).click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/grow$`))
  await expect(page.getByRole('heading', { name: 'Grow', level: 1 })).toBeVisible()
  await expect(page.getByText('No Grow modules yet')).toBeVisible()

  // A condition on the Conditions tab: "Waarvoor kom je?" (the organisation's Dutch intake form) is any of two options.
  await page.getByRole('tab', { name: /Conditions/ }).click()
  await page.getByRole('button', { name: 'New condition' }).first().click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Name', { exact: true }).fill('Wants better skin')
  await pickIntake(drawer)
  await drawer.getByLabel('Question', { exact: true }).selectOption({ label: 'Waarvoor kom je?' })
  await expect(drawer.getByLabel('Comparison', { exact: true }).locator('option')).toHaveText([
    'Choose a comparison',
    'Is',
    'Is not',
    'Is any of',
    'Is none of',
    'Includes',
    'Is answered',
    'Is not answered',
  ])
  await drawer.getByLabel('Comparison', { exact: true }).selectOption({ label: 'Is any of' })
  await drawer.getByRole('button', { name: 'Create condition' }).click()
  await expect(drawer.getByRole('alert').filter({ hasText: 'Subcondition 1: choose a value.' })).toBeVisible()
  await drawer.getByText('Huidverbetering').click()
  await drawer.getByText('Anti-aging').click()
  await drawer.getByRole('button', { name: 'Create condition' }).click()
  await expect(drawer).toBeHidden()
  const conditionRow = page.getByTestId('grow-condition-row').filter({ hasText: 'Wants better skin' })
  await expect(conditionRow).toContainText('Waarvoor kom je? is any of Huidverbetering, Anti-aging')
  await expect(conditionRow).toContainText('Not used by any module.')

  // The customer advice: the name is required, the video must be YouTube or Vimeo and is shown embedded.
  await page.getByRole('tab', { name: /Modules/ }).click()
  await page.getByRole('button', { name: 'New module' }).first().click()
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer.getByText('Name is required.')).toBeVisible()
  await drawer.getByLabel('Name', { exact: true }).fill('Hydrate every day')
  await drawer.getByLabel('Category', { exact: true }).selectOption({ label: 'Skin plan' })
  await drawer.getByText('Wishes', { exact: true }).click()
  const text = drawer.getByTestId('rich-text')
  await text.click()
  await page.keyboard.type('Drink water and use ')
  await drawer.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type('SPF 30')
  await drawer.getByLabel('Video (YouTube or Vimeo)').fill('https://www.dailymotion.com/video/x8abc')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer.getByText('Video URLs accept only YouTube and Vimeo.')).toBeVisible()
  await drawer.getByLabel('Video (YouTube or Vimeo)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await expect(drawer.getByTestId('video-embed')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  )
  await drawer.getByRole('checkbox', { name: 'Wants better skin' }).check()
  await screenshot(page, 'grow-module-drawer-tablet-landscape')
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()
  await expect(moduleRows(page)).toHaveCount(1)
  await expect(moduleRows(page).first()).toContainText('Hydrate every day')
  await expect(moduleRows(page).first()).toContainText('Customer advice')

  // The employee advice, with a condition made right in the drawer.
  await page.getByRole('button', { name: 'New module' }).first().click()
  await drawer.getByLabel('Name', { exact: true }).fill('Pregnancy: gentle treatment only')
  await drawer.getByText('Employee advice').click()
  await drawer.getByRole('button', { name: 'New condition' }).click()
  const inline = drawer.getByTestId('inline-condition')
  await inline.getByLabel('Name', { exact: true }).fill('Pregnant or breastfeeding')
  await pickIntake(inline)
  await inline
    .getByLabel('Question', { exact: true })
    .selectOption({ label: 'Ben je zwanger of geef je borstvoeding?' })
  await inline.getByLabel('Comparison', { exact: true }).selectOption({ label: 'Is' })
  await inline.getByLabel('Value', { exact: true }).selectOption({ label: 'Yes' })
  await inline.getByRole('button', { name: 'Create condition' }).click()
  await expect(inline).toBeHidden()
  await expect(drawer.getByRole('checkbox', { name: 'Pregnant or breastfeeding' })).toBeChecked()
  await drawer.getByRole('button', { name: 'Create module' }).click()
  await expect(drawer).toBeHidden()
  await expect(moduleRows(page)).toHaveCount(2)

  // Reorder with the keyboard on the drag handle, as in the questionnaire editor.
  await expect(moduleRows(page).nth(1)).toContainText('Pregnancy')
  await page
    .getByRole('button', { name: 'Move Pregnancy: gentle treatment only (drag, or use the arrow keys)' })
    .focus()
  await page.keyboard.press('ArrowUp')
  await expect(moduleRows(page).first()).toContainText('Pregnancy')
  await expect(page.getByText('Pregnancy: gentle treatment only moved to position 1 of 2.')).toBeAttached()
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(API.advice.list, { org, salon }), { headers })
      return ((await res.json()) as { name: string }[]).map((m) => m.name)
    })
    .toEqual(['Pregnancy: gentle treatment only', 'Hydrate every day'])

  // What the server kept: sanitised rich text, the video and the conditions.
  const saved = (await (await request.get(apiUrl(API.advice.list, { org, salon }), { headers })).json()) as {
    name: string
    text: string
    videoUrl: string
    conditionIds: string[]
    kind: string
  }[]
  const hydrate = saved.find((m) => m.name === 'Hydrate every day')!
  expect(hydrate.text).toContain('<b>SPF 30</b>')
  expect(hydrate.videoUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  expect(hydrate.conditionIds).toHaveLength(1)
  expect(saved.find((m) => m.kind === 'employeeAdvice')?.conditionIds).toHaveLength(1)

  await page.getByRole('tab', { name: /Conditions/ }).click()
  await expect(conditionRow).toContainText('Used by: Hydrate every day')
  await page.getByRole('tab', { name: /Modules/ }).click()
  await screenshot(page, 'grow-modules-tablet-landscape')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'grow-modules-phone')
  await page.getByRole('button', { name: 'Edit Hydrate every day' }).click()
  await expect(drawer.getByTestId('video-embed')).toBeVisible()
  await screenshot(page, 'grow-module-drawer-phone')
})
