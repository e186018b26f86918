import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { API } from '../../../contract/endpoints'
import { paidCourseAccess } from '../../../server/db/schema'
import { buildTestApp } from '../../helpers/app'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { apiUrl } from '../../helpers/url'
import { courseBody, fields, moduleBody, request, textSegment } from './fixtures'

/*
 * Paid courses (issue 24), first part: the global admins write them with a price
 * (/global/paid-courses…, platform.manage); an organisation's employees see the catalogue with
 * owned or not and the price without and with VAT, and the modules with titles for all and content
 * only once owned, except preview segments. (Access is granted straight in the table here; buying
 * it is tests/api/paid-courses.)
 */

const app = await buildTestApp()
const req = request(app)
const org = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const admin = await seedGlobalAdmin(app)
const employee = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
const G = {
  courses: () => apiUrl(API.globalPaidCourses.listCourses),
  course: (id: string) => apiUrl(API.globalPaidCourses.getCourse, { id }),
  modules: (id: string) => apiUrl(API.globalPaidCourses.listModules, { id }),
  module: (id: string, moduleId: string) => apiUrl(API.globalPaidCourses.getModule, { id, moduleId }),
}
const catalogue = (o = org.id) => apiUrl(API.paidCourses.list, { org: o })
const modulesOf = (id: string, o = org.id) => apiUrl(API.paidCourses.modules, { org: o, id })

async function paidCourse() {
  const course = await req('POST', G.courses(), admin.headers, courseBody({ title: 'Peeling', priceCents: 4900 }))
  expect(course.statusCode, course.body).toBe(201)
  const id = course.json().id as string
  const mod = await req('POST', G.modules(id), admin.headers, {
    title: 'Les 1',
    segments: [
      textSegment({ title: 'Gratis', text: '<p>proef</p>', preview: true }),
      textSegment({ title: 'Betaald', text: '<p>inhoud</p>' }),
    ],
  })
  expect(mod.statusCode, mod.body).toBe(201)
  return { id, moduleId: mod.json().id as string }
}

describe('paid courses', () => {
  it('global admins write them with a price; employees (also the owner) may not: 403', async () => {
    const { id, moduleId } = await paidCourse()
    const full = (await req('GET', G.course(id), admin.headers)).json()
    expect(full).toMatchObject({ kind: 'paid', priceCents: 4900 })
    expect(full.modules[0].segments.map((s: { preview: boolean; locked: boolean }) => [s.preview, s.locked])).toEqual([
      [true, false],
      [false, false],
    ])
    const noPrice = await req('POST', G.courses(), admin.headers, courseBody())
    expect(fields(noPrice)).toEqual([['priceCents', 'invalid_type']])
    for (const h of [employee.headers, org.owner.headers]) {
      const attempts = [
        await req('GET', G.courses(), h),
        await req('GET', G.course(id), h),
        await req('POST', G.courses(), h, courseBody({ priceCents: 1 })),
        await req('PUT', G.course(id), h, courseBody({ priceCents: 1 })),
        await req('DELETE', G.course(id), h),
        await req('POST', G.modules(id), h, moduleBody()),
        await req('PUT', G.module(id, moduleId), h, moduleBody()),
        await req('DELETE', G.module(id, moduleId), h),
      ]
      expect(attempts.map((r) => r.statusCode)).toEqual(attempts.map(() => 403))
    }
    const updated = await req('PUT', G.course(id), admin.headers, courseBody({ title: 'Peeling 2', priceCents: 5900 }))
    expect(updated.json()).toMatchObject({ title: 'Peeling 2', priceCents: 5900 })
  })

  it('the catalogue: owned or not, the price without and with VAT; content only once owned, but previews', async () => {
    const { id } = await paidCourse()
    const offer = (await req('GET', catalogue(), employee.headers)).json().find((c: { id: string }) => c.id === id)
    expect(offer).toMatchObject({ owned: false, priceExVatCents: 4900 })
    expect(offer.priceIncVatCents).toBe(Math.round((4900 * (10_000 + offer.vatRateBasisPoints)) / 10_000))
    const locked = (await req('GET', modulesOf(id), employee.headers)).json()
    expect(
      locked[0].segments.map((s: { title: string; locked: boolean; text: string }) => [s.title, s.locked, s.text]),
    ).toEqual([
      ['Gratis', false, '<p>proef</p>'],
      ['Betaald', true, ''],
    ])

    // The organisation owns it (as a paid payment leaves it): every employee reads it; another organisation does not.
    await app.db.insert(paidCourseAccess).values({ id: uuidv7(), organisationId: org.id, courseId: id })
    expect(
      (await req('GET', catalogue(), employee.headers)).json().find((c: { id: string }) => c.id === id).owned,
    ).toBe(true)
    const open = (await req('GET', modulesOf(id), employee.headers)).json()
    expect(open[0].segments.map((s: { locked: boolean }) => s.locked)).toEqual([false, false])
    expect(open[0].segments[1].text).toBe('<p>inhoud</p>')
    const theirs = (await req('GET', modulesOf(id, orgB.id), orgB.owner.headers)).json()
    expect(theirs[0].segments[1]).toMatchObject({ locked: true, text: '' })
    // Another organisation's path with our session: 404; a course that is not paid: 404.
    expect((await req('GET', modulesOf(id, orgB.id), employee.headers)).statusCode).toBe(404)
    const training = (
      await req('POST', apiUrl(API.trainings.createCourse, { org: org.id }), org.owner.headers, courseBody())
    ).json()
    expect((await req('GET', modulesOf(training.id), employee.headers)).statusCode).toBe(404)
  })
})
