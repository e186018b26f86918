import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import type { EmployeeSession } from '../../contract/auth'
import { API } from '../../contract/endpoints'
import type { TrainingProgress } from '../../contract/trainings'
import { encodeMp3 } from '../../shared/audio/encode'
import { apiUrl } from '../../tests/helpers/url'
import { latestMail, unique } from '../fixtures/api'

/*
 * Set-up of the Blueprint specs (issue 24) through the API: the Growth plan (the one with trainings),
 * the owner's trainings with uploaded audio and PDF, a learner without manageTrainings, the
 * server's view of the learner's progress, and video embeds answered locally.
 */

export const PASSWORD = 'Leerling-Salon1'
export const TITLE = 'Kleurtechnieken'
/** The Growth plan (migration 0018_billing_plans), the one with trainings. */
export const GROWTH_OPTION_ID = '01970000-0000-7000-8000-000000000003'

export type Headers = Record<string, string>

/** A 30-second tone as MP3 (the app's own encoder). */
export async function mp3() {
  const rate = 44100
  const pcm = new Float32Array(30 * rate)
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate)
  return Buffer.from(await encodeMp3([pcm], rate))
}

export async function pdf() {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842]).drawText('Kleurenleer: de kleurencirkel', { x: 50, y: 780, size: 18 })
  return Buffer.from(await doc.save())
}

export async function upload(
  request: APIRequestContext,
  url: string,
  headers: Headers,
  fields: Record<string, unknown>,
) {
  const res = await request.post(url, { headers, multipart: fields as never })
  expect(res.status(), await res.text()).toBe(201)
  return res.json()
}

/** The owner writes the training: module 1 text and audio, module 2 a PDF and a video; and an "in order" one. */
export async function writeTrainings(request: APIRequestContext, org: string, headers: Headers) {
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
        { kind: 'text', title: 'Afsluiten', text: '<p>Tot slot alles opruimen.</p>' },
      ],
    },
  ])
}

/**
 * Trainings are in the Growth plan only (a new organisation's trial is Salon): the owner buys it
 * through the sandbox checkout, as the subscription specs do through the screens.
 */
export async function upgradeToGrowth(request: APIRequestContext, org: string, headers: Headers) {
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
export async function learner(request: APIRequestContext, org: string, salon: string, headers: Headers) {
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
export async function serverProgress(request: APIRequestContext, session: EmployeeSession) {
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
export async function stubVideos(context: BrowserContext) {
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<html><body style="margin:0;background:#111;color:#eee;font:16px sans-serif;display:grid;place-items:center;height:100vh">Video</body></html>',
    }),
  )
}

export async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100))
  })
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)
}
