import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { inLanguage } from '../../../contract/trainings'
import { auditEvents } from '../../../server/db/schema'
import { buildTestApp } from '../../helpers/app'
import { apiUrl } from '../../helpers/url'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { courseBody, fields, M, moduleBody, request, T, textSegment } from './fixtures'

/*
 * User manuals (issue 24): /user-manuals/courses and their modules. Global admins write
 * (platform.manage), every signed-in employee of any organisation reads; Dutch and English with
 * Dutch as the fallback; a stable key per segment, unique among the manuals.
 */

const app = await buildTestApp()
const req = request(app)
const org = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const admin = await seedGlobalAdmin(app)
const plain = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
const trainer = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [org.salons[0].id],
  permissions: ['manageTrainings'],
})

describe('user manuals', () => {
  it('a global admin writes a manual in Dutch and English; every employee of every organisation reads it', async () => {
    const created = await req(
      'POST',
      M.courses(),
      admin.headers,
      courseBody({ title: 'Klanten', titleEn: 'Customers', description: 'Over klanten', roleIds: [org.id] }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const course = created.json()
    expect(course).toMatchObject({ kind: 'manual', title: 'Klanten', titleEn: 'Customers', roleIds: [] })
    const mod = await req('POST', M.modules(course.id), admin.headers, {
      title: 'Zoeken',
      segments: [textSegment({ slug: 'customers-search', title: 'Zoeken', titleEn: null, textEn: '<p>Search</p>' })],
    })
    expect(mod.statusCode, mod.body).toBe(201)
    const segment = mod.json().segments[0]
    expect(segment).toMatchObject({ slug: 'customers-search', titleEn: null, textEn: '<p>Search</p>' })
    expect(inLanguage(segment.title, segment.titleEn, 'en')).toBe('Zoeken')

    for (const h of [plain.headers, trainer.headers, orgB.owner.headers, admin.headers]) {
      expect((await req('GET', M.courses(), h)).json().map((c: { id: string }) => c.id)).toContain(course.id)
      const full = (await req('GET', M.course(course.id), h)).json()
      expect(full.modules[0].segments[0].text).toContain('Welkom')
      expect((await req('GET', M.module(course.id, mod.json().id), h)).statusCode).toBe(200)
    }
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(isNull(auditEvents.organisationId), eq(auditEvents.actorId, admin.id)))
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['trainingCourseCreate', 'trainingModuleCreate']))
  })

  it('employees (also with manageTrainings, also the owner) may not write manuals: 403, nothing changes', async () => {
    const course = (await req('POST', M.courses(), admin.headers, courseBody())).json()
    const mod = (await req('POST', M.modules(course.id), admin.headers, moduleBody())).json()
    for (const h of [plain.headers, trainer.headers, org.owner.headers]) {
      const attempts = [
        await req('POST', M.courses(), h, courseBody()),
        await req('PUT', M.course(course.id), h, courseBody({ title: 'X' })),
        await req('DELETE', M.course(course.id), h),
        await req('PUT', M.courseOrder(), h, { ids: [course.id] }),
        await req('POST', M.modules(course.id), h, moduleBody()),
        await req('PUT', M.module(course.id, mod.id), h, moduleBody({ title: 'X' })),
        await req('DELETE', M.module(course.id, mod.id), h),
        await req('PUT', M.moduleOrder(course.id), h, { ids: [mod.id] }),
      ]
      expect(attempts.map((r) => r.statusCode)).toEqual(attempts.map(() => 403))
    }
    expect((await req('GET', M.course(course.id), plain.headers)).json()).toMatchObject({ title: 'Kleuren' })
    // Signed out: 401.
    expect((await req('GET', M.courses(), {})).statusCode).toBe(401)
  })

  it('a global admin updates and deletes; a training id is not a manual (404)', async () => {
    const course = (await req('POST', M.courses(), admin.headers, courseBody())).json()
    const mod = (await req('POST', M.modules(course.id), admin.headers, moduleBody())).json()
    const up = await req('PUT', M.module(course.id, mod.id), admin.headers, {
      title: 'Nieuw',
      segments: [{ ...textSegment({ title: 'Aangepast' }), id: mod.segments[0].id }],
    })
    expect(up.json().segments[0]).toMatchObject({ id: mod.segments[0].id, title: 'Aangepast' })
    expect((await req('DELETE', M.module(course.id, mod.id), admin.headers)).statusCode).toBe(204)
    expect((await req('DELETE', M.course(course.id), admin.headers)).statusCode).toBe(204)
    expect((await req('GET', M.course(course.id), plain.headers)).statusCode).toBe(404)
    const training = (await req('POST', T.courses(org.id), trainer.headers, courseBody())).json()
    expect((await req('GET', M.course(training.id), plain.headers)).statusCode).toBe(404)
    expect((await req('PUT', M.course(training.id), admin.headers, courseBody())).statusCode).toBe(404)
  })

  it('segment keys are unique among the live manual segments', async () => {
    const course = (await req('POST', M.courses(), admin.headers, courseBody())).json()
    const key = `page-${Date.now()}`
    const first = await req('POST', M.modules(course.id), admin.headers, {
      title: 'A',
      segments: [textSegment({ slug: key })],
    })
    expect(first.statusCode, first.body).toBe(201)
    const again = await req('POST', M.modules(course.id), admin.headers, {
      title: 'B',
      segments: [textSegment({ slug: key })],
    })
    expect(fields(again)).toEqual([['segments.0.slug', 'training.slugTaken']])
    const twice = await req('POST', M.modules(course.id), admin.headers, {
      title: 'C',
      segments: [textSegment({ slug: `${key}-x` }), textSegment({ slug: `${key}-x` })],
    })
    expect(fields(twice)).toEqual([['segments.1.slug', 'training.slugTaken']])
    const badKey = await req('POST', M.modules(course.id), admin.headers, {
      title: 'D',
      segments: [textSegment({ slug: 'Niet Goed!' })],
    })
    expect(fields(badKey)).toEqual([['segments.0.slug', 'training.slug']])
    // The module keeps its own key on an update.
    const mod = first.json()
    const keep = await req('PUT', M.module(course.id, mod.id), admin.headers, {
      title: 'A',
      segments: [{ ...textSegment({ slug: key }), id: mod.segments[0].id }],
    })
    expect(keep.statusCode, keep.body).toBe(200)
  })

  it('full-text search: every word, in any case or accent, in titles and text (Dutch or English); hits name the segment', async () => {
    const course = (await req('POST', M.courses(), admin.headers, courseBody({ title: 'Afspraken' }))).json()
    const mod = (
      await req('POST', M.modules(course.id), admin.headers, {
        title: 'Agenda',
        segments: [
          textSegment({
            slug: `agenda-${Date.now()}`,
            title: 'Verplaatsen',
            text: '<p>Sleep de <strong>afspraak</strong> naar een ander tijdstip</p>',
          }),
          textSegment({
            title: 'Annuleren',
            text: '<p>Klik op annuleren</p>',
            textEn: '<p>Click cancel to remove the appointment</p>',
          }),
        ],
      })
    ).json()
    const search = async (q: string) =>
      (await req('GET', `${M.courses()}?q=${encodeURIComponent(q)}`, plain.headers)).json() as {
        id: string
        hits?: { segmentId: string; slug: string | null }[]
      }[]
    const found = (await search('AFSPRAAK tijdstip')).find((c) => c.id === course.id)
    expect(found?.hits?.map((h) => h.segmentId)).toEqual([mod.segments[0].id])
    expect(found?.hits?.[0].slug).toBe(mod.segments[0].slug)
    expect((await search('cancel appointment')).find((c) => c.id === course.id)?.hits?.map((h) => h.segmentId)).toEqual(
      [mod.segments[1].id],
    )
    // Tags are not text; a word nowhere finds nothing.
    expect((await search('strong')).find((c) => c.id === course.id)).toBeUndefined()
    expect((await search('tijdstip zzzonbekend')).find((c) => c.id === course.id)).toBeUndefined()
    // Accents: "cafe" finds "café".
    const cafe = (await req('POST', M.courses(), admin.headers, courseBody({ title: 'Café-instellingen' }))).json()
    expect((await search('cafe')).map((c) => c.id)).toContain(cafe.id)
    // Without a search: every manual, no hits.
    const all = (await req('GET', M.courses(), plain.headers)).json()
    expect(all.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([course.id, cafe.id]))
    expect(all.every((c: { hits?: unknown }) => c.hits === undefined)).toBe(true)
  })

  it('GET /user-manuals/offline: every manual whole, the same for every organisation; the version held answers no courses', async () => {
    const offline = async (h: Record<string, string>, version?: string) =>
      (await req('GET', apiUrl(API.userManuals.offline, version ? { version } : {}), h)).json() as {
        version: string
        courses: { id: string; modules: unknown[] }[] | null
      }
    const first = await offline(plain.headers)
    expect(first.courses?.length).toBeGreaterThan(0)
    // Another organisation's employee and a global admin read the same manuals.
    expect((await offline(orgB.owner.headers)).version).toBe(first.version)
    expect((await offline(admin.headers)).courses?.map((c) => c.id)).toEqual(first.courses?.map((c) => c.id))
    expect(await offline(plain.headers, first.version)).toEqual({ version: first.version, courses: null })
    // A change anywhere in a manual gives a new version with the manuals.
    const c = (await req('POST', M.courses(), admin.headers, courseBody({ title: 'Nieuw' }))).json()
    const next = await offline(plain.headers, first.version)
    expect(next.version).not.toBe(first.version)
    expect(next.courses?.map((x) => x.id)).toContain(c.id)
    await req('DELETE', M.course(c.id), admin.headers)
    expect((await offline(plain.headers, next.version)).courses?.map((x) => x.id)).not.toContain(c.id)
    // Without a session: 401.
    expect((await req('GET', apiUrl(API.userManuals.offline), {})).statusCode).toBe(401)
  })
})
