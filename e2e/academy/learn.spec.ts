import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import type { EmployeeSession } from '../../contract/auth'
import { API } from '../../contract/endpoints'
import type { TrainingProgress } from '../../contract/trainings'
import { encodeMp3 } from '../../shared/audio/encode'
import { apiUrl } from '../../tests/helpers/url'
import {
  confirmedOrganisationViaApi,
  latestMail,
  screenshotAllSizes,
  signInAsEmployee,
  signInViaApi,
  unique,
} from '../fixtures/api'
import { useLanguage } from '../fixtures/language'
import { AcademyPage } from '../pages/academy'

/*
 * Issue 24: an employee learns a training on the tablet — reads the text and marks it done, plays
 * some audio — then goes offline and carries on (the audio resumes and seeks from the service
 * worker's cache, the PDF opened earlier reads from it, the video says it needs a connection);
 * back online the progress reaches the server, and on another device the same employee sees it
 * and the audio resumes at the second they left it.
 */

const PASSWORD = 'Leerling-Salon1'
const TITLE = 'Kleurtechnieken'
/** The Growth plan (migration 0018_billing_plans), the one with trainings. */
const GROWTH_OPTION_ID = '01970000-0000-7000-8000-000000000003'

type Headers = Record<string, string>

/** A 30-second tone as MP3 (the app's own encoder). */
async function mp3() {
  const rate = 44100
  const pcm = new Float32Array(30 * rate)
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate)
  return Buffer.from(await encodeMp3([pcm], rate))
}

async function pdf() {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842]).drawText('Kleurenleer: de kleurencirkel', { x: 50, y: 780, size: 18 })
  return Buffer.from(await doc.save())
}

async function upload(request: APIRequestContext, url: string, headers: Headers, fields: Record<string, unknown>) {
  const res = await request.post(url, { headers, multipart: fields as never })
  expect(res.status(), await res.text()).toBe(201)
  return res.json()
}

/** The owner writes the training: module 1 text and audio, module 2 a PDF and a video; and an "in order" one. */
async function writeTrainings(request: APIRequestContext, org: string, headers: Headers) {
  const audio = await upload(request, apiUrl(API.uploads.audio, { org }), headers, {
    durationSeconds: '30',
    file: { name: 'uitleg.mp3', mimeType: 'audio/mpeg', buffer: await mp3() },
  })
  const file = await upload(request, apiUrl(API.uploads.pdf, { org }), headers, {
    file: { name: 'kleurencirkel.pdf', mimeType: 'application/pdf', buffer: await pdf() },
  })
  const course = async (body: object, modules: object[]) => {
    const res = await request.post(apiUrl(API.trainings.createCourse, { org }), { headers, data: body })
    expect(res.status(), await res.text()).toBe(201)
    const { id } = (await res.json()) as { id: string }
    for (const m of modules) {
      const r = await request.post(apiUrl(API.trainings.createModule, { org, id }), { headers, data: m })
      expect(r.status(), await r.text()).toBe(201)
    }
    return id
  }
  await course({ title: TITLE, description: 'Van kleurencirkel tot toepassing.' }, [
    {
      title: 'De basis',
      segments: [
        {
          kind: 'text',
          title: 'Welkom',
          text: '<h2>Welkom bij de training</h2><p>In deze training leer je de <strong>kleurencirkel</strong> kennen.</p><ul><li>Primaire kleuren</li><li>Secundaire kleuren</li></ul>',
        },
        { kind: 'audio', title: 'Uitleg van de docent', audio },
      ],
    },
    {
      title: 'Verdieping',
      segments: [
        { kind: 'pdf', title: 'Kleurencirkel (pdf)', pdf: { path: file.path, url: file.url, name: file.name } },
        { kind: 'video', title: 'Demonstratie', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      ],
    },
  ])
  await course({ title: 'Hygiëne', inOrder: true }, [
    {
      title: 'Stap voor stap',
      segments: [
        { kind: 'text', title: 'Handen wassen', text: '<p>Altijd eerst je handen wassen.</p>' },
        { kind: 'text', title: 'Werkplek', text: '<p>Daarna de werkplek schoonmaken.</p>' },
      ],
    },
  ])
}

/**
 * Trainings are in the Growth plan only (a new organisation's trial is Salon): the owner buys it
 * through the sandbox checkout, as the subscription specs do through the screens.
 */
async function upgradeToGrowth(request: APIRequestContext, org: string, headers: Headers) {
  const res = await request.post(apiUrl(API.subscriptions.optionPayment, { org }), {
    headers,
    data: { optionId: GROWTH_OPTION_ID, period: 'monthly', autoExtend: false },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string | null }
  if (checkoutUrl) {
    const id = checkoutUrl.split('/').filter(Boolean).at(-1) as string
    const paid = await request.post(apiUrl(API.checkout.choose, { id }), { data: { status: 'paid' } })
    expect(paid.status(), await paid.text()).toBe(204)
  }
  await expect
    .poll(async () => {
      const access = await request.get(apiUrl(API.subscriptions.access, { org }), { headers })
      return ((await access.json()) as { features: string[] }).features
    })
    .toContain('trainings')
}

/** An employee without manageTrainings (a role that reads customers), with a password: the learner. */
async function learner(request: APIRequestContext, org: string, salon: string, headers: Headers) {
  const u = unique()
  const role = await request.post(`${apiUrl(API.organisations.get, { org })}/permissions/roles`, {
    headers,
    data: { name: `Stagiair ${u}`, permissions: ['readCustomers'] },
  })
  expect(role.status(), await role.text()).toBe(201)
  const email = `leerling-${u}@example.test`
  const created = await request.post(`${apiUrl(API.organisations.get, { org })}/employees`, {
    headers,
    data: {
      firstName: 'Sanne',
      lastName: `Leerling${u.slice(-4)}`,
      email,
      language: 'en',
      access: [{ salonId: salon, roleId: ((await role.json()) as { id: string }).id }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const token = (await latestMail(request, email)).text.match(/set-password\?token=([\w-]+)/)?.[1]
  const set = await request.post(apiUrl(API.auth.passwordReset), { data: { token, password: PASSWORD } })
  expect(set.ok(), await set.text()).toBe(true)
  return email
}

/** The employee's progress as the server holds it, by segment title. */
async function serverProgress(request: APIRequestContext, session: EmployeeSession) {
  const org = session.employee.organisationId
  const headers = { authorization: `Bearer ${session.token}` }
  const rows = (await (
    await request.get(apiUrl(API.trainings.progress, { org }), { headers })
  ).json()) as TrainingProgress[]
  const courses = (await (await request.get(apiUrl(API.trainings.listCourses, { org }), { headers })).json()) as {
    id: string
  }[]
  const titles = new Map<string, string>()
  for (const c of courses) {
    const full = (await (
      await request.get(apiUrl(API.trainings.getCourse, { org, id: c.id }), { headers })
    ).json()) as {
      modules: { segments: { id: string; title: string }[] }[]
    }
    for (const m of full.modules) for (const s of m.segments) titles.set(s.id, s.title)
  }
  return Object.fromEntries(
    rows.map((r) => [titles.get(r.segmentId), { done: !!r.completedAt, at: r.positionSeconds }]),
  ) as Record<string, { done: boolean; at: number }>
}

/** Videos are not fetched from the internet in tests: the embed answers a plain page. */
async function stubVideos(context: BrowserContext) {
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<html><body style="margin:0;background:#111;color:#eee;font:16px sans-serif;display:grid;place-items:center;height:100vh">Video</body></html>',
    }),
  )
}

async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)
}

test('academy: learn a training online and offline, and resume it on another device', async ({
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
  const academy = new AcademyPage(page)
  const ownerContext = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1024, height: 768 } })
  const ownerPage = await ownerContext.newPage()
  await useLanguage(ownerPage, 'en')
  await signInAsEmployee(ownerPage, owner.session)
  await new AcademyPage(ownerPage).open(slug)
  await expect(ownerPage.getByRole('heading', { name: 'No trainings yet' })).toBeVisible()
  await expect(ownerPage.getByText(/You may write trainings/)).toBeVisible()
  await screenshotAllSizes(ownerPage, 'academy-empty')
  await ownerContext.close()

  await upgradeToGrowth(request, org, ownerHeaders)
  await writeTrainings(request, org, ownerHeaders)
  const email = await learner(request, org, salon, ownerHeaders)
  const session = await signInViaApi(request, email, PASSWORD)
  await signInAsEmployee(page, session)

  // The list: both trainings, nothing done yet; the menu entry leads here.
  await page.goto(`/${slug}/admin/dashboard`)
  await page.getByTestId('side-nav').getByRole('link', { name: 'Academy' }).click()
  await expect(academy.course(TITLE)).toBeVisible()
  await expect(academy.course('Hygiëne')).toBeVisible()
  await expect(academy.progress(TITLE)).toHaveAttribute('aria-valuetext', '0 of 4 parts done')
  await screenshotAllSizes(page, 'academy-list')

  // An "in order" course: the second part waits for the first, and opens as soon as it is done.
  await academy
    .course('Hygiëne')
    .getByRole('link', { name: /^Start/ })
    .click()
  await academy.expectOpen('Handen wassen')
  await academy.goTo('Werkplek')
  await expect(academy.segment().getByTestId('segment-locked')).toHaveText('Finish the previous part first.')
  await expect(academy.outlineItem('Werkplek')).toHaveAttribute('data-state', 'locked')
  await screenshotAllSizes(page, 'academy-locked')
  await academy.goTo('Handen wassen')
  await academy.markDone()
  await expect(academy.outlineItem('Werkplek')).toHaveAttribute('data-state', 'new')
  await academy.segment().getByRole('link', { name: 'Next' }).click()
  await academy.expectOpen('Werkplek')
  await expect(academy.segment().getByText('Daarna de werkplek schoonmaken.')).toBeVisible()

  // The training: read the text, mark it done.
  await academy.open(slug)
  await academy
    .course(TITLE)
    .getByRole('link', { name: /^Start/ })
    .click()
  await academy.expectOpen('Welkom')
  await expect(
    academy.segment().getByTestId('segment-text').getByRole('heading', { name: 'Welkom bij de training' }),
  ).toBeVisible()
  await screenshotAllSizes(page, 'academy-text')
  await academy.markDone()
  await expect(academy.progress(TITLE)).toHaveAttribute('aria-valuetext', '1 of 4 parts done')

  // Audio: play a bit from 12 s (the pause keeps the position).
  await academy.segment().getByRole('link', { name: 'Next' }).click()
  await academy.expectOpen('Uitleg van de docent')
  await academy.play(12, 13.2)
  await screenshotAllSizes(page, 'academy-audio')

  // The PDF and the video, opened once online (the PDF stays in the service worker's cache).
  await academy.goTo('Kleurencirkel (pdf)')
  await expect(academy.segment().getByTestId('segment-pdf').locator('object')).toBeVisible()
  await screenshotAllSizes(page, 'academy-pdf')
  await academy.goTo('Demonstratie')
  await expect(academy.segment().getByTestId('video-embed')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  )
  await screenshotAllSizes(page, 'academy-video')

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
  await academy.expectOpen('Demonstratie')
  await expect(academy.segment().getByTestId('video-offline')).toHaveText(
    'This video needs an internet connection. Watch it when you are back online.',
  )
  await screenshotAllSizes(page, 'academy-video-offline')
  await academy.markDone()

  // The audio resumes at the saved second and seeks offline (from the cached file); play on to 21 s.
  await academy.goTo('Uitleg van de docent')
  await expect(academy.segment().getByTestId('audio-resume')).toHaveText('Continues at 0:13')
  await expect.poll(() => academy.audioTime()).toBeGreaterThanOrEqual(13)
  await academy.play(20, 21.2)
  await screenshotAllSizes(page, 'academy-audio-offline')

  // The PDF from the cache.
  await academy.goTo('Kleurencirkel (pdf)')
  await expect(academy.segment().getByTestId('segment-pdf').locator('object')).toBeVisible()
  await academy.markDone()
  await academy.open(slug)
  await expect(academy.progress(TITLE)).toHaveAttribute('aria-valuetext', '3 of 4 parts done')
  await screenshotAllSizes(page, 'academy-list-offline')

  // Back online: the offline progress reaches the server.
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect
    .poll(async () => {
      const p = await serverProgress(request, session)
      return [p['Kleurencirkel (pdf)']?.done, p.Demonstratie?.done, p['Uitleg van de docent']?.at]
    })
    .toEqual([true, true, 21])

  // Another device, the same employee: the progress is there and the audio resumes at 0:21.
  const other = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1024, height: 768 } })
  await stubVideos(other)
  const tablet = await other.newPage()
  await useLanguage(tablet, 'en')
  await signInAsEmployee(tablet, await signInViaApi(request, email, PASSWORD))
  const second = new AcademyPage(tablet)
  await second.open(slug)
  await expect(second.progress(TITLE)).toHaveAttribute('aria-valuetext', '3 of 4 parts done')
  await second
    .course(TITLE)
    .getByRole('link', { name: /^Continue/ })
    .click()
  await second.expectOpen('Uitleg van de docent')
  await expect(second.segment().getByTestId('audio-resume')).toHaveText('Continues at 0:21')
  await expect.poll(() => second.audioTime()).toBeGreaterThanOrEqual(21)
  await screenshotAllSizes(tablet, 'academy-resume-other-device')
  // Played to the end there, the training is done.
  await second.play(28, 31)
  await expect(second.progress(TITLE)).toHaveAttribute('aria-valuetext', '4 of 4 parts done')
  await expect(second.outlineItem('Uitleg van de docent')).toHaveAttribute('data-state', 'done')
  await other.close()
})
