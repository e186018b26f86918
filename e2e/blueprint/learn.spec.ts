import { expect, test } from '@playwright/test'
import { confirmedOrganisationViaApi, screenshotAllSizes, signInAsEmployee, signInViaApi } from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { BlueprintPage } from '../pages/blueprint'
import {
  learner,
  PASSWORD,
  serverProgress,
  serviceWorkerControls,
  stubVideos,
  TITLE,
  upgradeToGrowth,
  writeTrainings,
} from './set-up'

/*
 * Issue 24: an employee learns a training on the tablet — reads the text and marks it done, plays
 * some audio — then goes offline and carries on (the audio resumes and seeks from the service
 * worker's cache, the PDF opened earlier reads from it, the video says it needs a connection);
 * back online the progress reaches the server, and on another device the same employee sees it
 * and the audio resumes at the second they left it.
 */

test('blueprint: learn a training online and offline, and resume it on another device', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(240_000)
  const owner = await confirmedOrganisationViaApi(request, { admin: { language: 'en' } })
  const org = owner.organisation.id
  const slug = owner.organisation.slug
  const ownerHeaders = { authorization: `Bearer ${owner.session.token}` }
  const salon = owner.session.employee.salons[0].salonId

  // Before any training: the owner (who may write them) is told so.
  await useLanguage(page, 'en')
  await stubVideos(context)
  const blueprint = new BlueprintPage(page)
  const ownerContext = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1024, height: 768 } })
  const ownerPage = await ownerContext.newPage()
  await useLanguage(ownerPage, 'en')
  await signInAsEmployee(ownerPage, owner.session)
  await new BlueprintPage(ownerPage).open(slug)
  await expect(ownerPage.getByRole('heading', { name: 'No trainings yet' })).toBeVisible()
  await expect(ownerPage.getByText(/You may write them/)).toBeVisible()
  await expect(ownerPage.getByTestId('manage-blueprint').first()).toBeVisible()
  await screenshotAllSizes(ownerPage, 'blueprint-empty')
  await ownerContext.close()

  await upgradeToGrowth(request, org, ownerHeaders)
  await writeTrainings(request, org, ownerHeaders)
  const email = await learner(request, org, salon, ownerHeaders)
  const session = await signInViaApi(request, email, PASSWORD)
  await signInAsEmployee(page, session)

  // The list: both trainings, nothing done yet; the menu entry leads here.
  await page.goto(`/${slug}/admin/dashboard`)
  await page.getByTestId('side-nav').getByRole('link', { name: 'Blueprint' }).click()
  await expect(blueprint.course(TITLE)).toBeVisible()
  await expect(blueprint.course('Hygiëne')).toBeVisible()
  await expect(blueprint.progress(TITLE)).toHaveAttribute('aria-valuetext', '0 of 4 parts done')
  await screenshotAllSizes(page, 'blueprint-list')

  // An "in order" course: the second part waits for the first, and opens as soon as it is done.
  await blueprint
    .course('Hygiëne')
    .getByRole('link', { name: /^Start/ })
    .click()
  await blueprint.expectOpen('Handen wassen')
  await blueprint.goTo('Werkplek')
  await expect(blueprint.segment().getByTestId('segment-locked')).toHaveText('Finish the previous part first.')
  await expect(blueprint.outlineItem('Werkplek')).toHaveAttribute('data-state', 'locked')
  await screenshotAllSizes(page, 'blueprint-locked')
  await blueprint.goTo('Handen wassen')
  await blueprint.markDone()
  await expect(blueprint.outlineItem('Werkplek')).toHaveAttribute('data-state', 'new')
  await blueprint.segment().getByRole('link', { name: 'Next' }).click()
  await blueprint.expectOpen('Werkplek')
  await expect(blueprint.segment().getByText('Daarna de werkplek schoonmaken.')).toBeVisible()

  // The training: read the text, mark it done.
  await blueprint.open(slug)
  await blueprint
    .course(TITLE)
    .getByRole('link', { name: /^Start/ })
    .click()
  await blueprint.expectOpen('Welkom')
  await expect(
    blueprint.segment().getByTestId('segment-text').getByRole('heading', { name: 'Welkom bij de training' }),
  ).toBeVisible()
  await screenshotAllSizes(page, 'blueprint-text')
  await blueprint.markDone()
  await expect(blueprint.progress(TITLE)).toHaveAttribute('aria-valuetext', '1 of 4 parts done')

  // Audio: play a bit from 12 s (the pause keeps the position).
  await blueprint.segment().getByRole('link', { name: 'Next' }).click()
  await blueprint.expectOpen('Uitleg van de docent')
  await blueprint.play(12, 13.2)
  await screenshotAllSizes(page, 'blueprint-audio')

  // The PDF and the video, opened once online (the PDF stays in the service worker's cache).
  await blueprint.goTo('Kleurencirkel (pdf)')
  await expect(blueprint.segment().getByTestId('segment-pdf').locator('object')).toBeVisible()
  await screenshotAllSizes(page, 'blueprint-pdf')
  await blueprint.goTo('Demonstratie')
  await expect(blueprint.segment().getByTestId('video-embed')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  )
  await screenshotAllSizes(page, 'blueprint-video')

  // What was done online reached the server.
  await expect
    .poll(async () => {
      const p = await serverProgress(request, session)
      return [p.Welkom?.done, (p['Uitleg van de docent']?.at ?? 0) >= 13]
    })
    .toEqual([true, true])

  // Offline: the app opens from the service worker, the course from the replica.
  await serviceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await blueprint.expectOpen('Demonstratie')
  await expect(blueprint.segment().getByTestId('video-offline')).toHaveText(
    'This video needs an internet connection. Watch it when you are back online.',
  )
  await screenshotAllSizes(page, 'blueprint-video-offline')
  await blueprint.markDone()

  // The audio resumes at the saved second and seeks offline (from the cached file); play on to 21 s.
  await blueprint.goTo('Uitleg van de docent')
  await expect(blueprint.segment().getByTestId('audio-resume')).toHaveText('Continues at 0:13')
  await expect.poll(() => blueprint.audioTime()).toBeGreaterThanOrEqual(13)
  await blueprint.play(20, 21.2)
  await screenshotAllSizes(page, 'blueprint-audio-offline')

  // The PDF from the cache.
  await blueprint.goTo('Kleurencirkel (pdf)')
  await expect(blueprint.segment().getByTestId('segment-pdf').locator('object')).toBeVisible()
  await blueprint.markDone()
  await blueprint.open(slug)
  await expect(blueprint.progress(TITLE)).toHaveAttribute('aria-valuetext', '3 of 4 parts done')
  await screenshotAllSizes(page, 'blueprint-list-offline')

  // The "in order" course offline: completing a part opens the next at once, but its content
  // only comes with the next sync (the server sends it once it has the completion).
  await blueprint
    .course('Hygiëne')
    .getByRole('link', { name: /^Continue/ })
    .click()
  await blueprint.expectOpen('Werkplek')
  await blueprint.markDone()
  await blueprint.segment().getByRole('link', { name: 'Next' }).click()
  await blueprint.expectOpen('Afsluiten')
  await expect(blueprint.segment().getByTestId('segment-awaiting')).toHaveText(
    'This part opens once you are back online: the server sends it when your previous part has arrived there.',
  )
  await screenshotAllSizes(page, 'blueprint-awaiting-offline')

  // Back online: the offline progress reaches the server.
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect
    .poll(async () => {
      const p = await serverProgress(request, session)
      return [p['Kleurencirkel (pdf)']?.done, p.Demonstratie?.done, p['Uitleg van de docent']?.at]
    })
    .toEqual([true, true, 21])
  // …and the next part of the "in order" course arrives.
  await expect(blueprint.segment().getByText('Tot slot alles opruimen.')).toBeVisible({ timeout: 30_000 })

  // Another device, the same employee: the progress is there and the audio resumes at 0:21.
  const other = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1024, height: 768 } })
  await stubVideos(other)
  const tablet = await other.newPage()
  await useLanguage(tablet, 'en')
  await signInAsEmployee(tablet, await signInViaApi(request, email, PASSWORD))
  const second = new BlueprintPage(tablet)
  await second.open(slug)
  await expect(second.progress(TITLE)).toHaveAttribute('aria-valuetext', '3 of 4 parts done')
  await second
    .course(TITLE)
    .getByRole('link', { name: /^Continue/ })
    .click()
  await second.expectOpen('Uitleg van de docent')
  await expect(second.segment().getByTestId('audio-resume')).toHaveText('Continues at 0:21')
  await expect.poll(() => second.audioTime()).toBeGreaterThanOrEqual(21)
  await screenshotAllSizes(tablet, 'blueprint-resume-other-device')
  // Played to the end there, the training is done.
  await second.play(28, 31)
  await expect(second.progress(TITLE)).toHaveAttribute('aria-valuetext', '4 of 4 parts done')
  await expect(second.outlineItem('Uitleg van de docent')).toHaveAttribute('data-state', 'done')
  await other.close()
})
