import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../helpers/app'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { courseBody, fields, M, moduleBody, request, T } from './fixtures'

/*
 * Reordering (issue 24): PUT …/courses/order and …/courses/{id}/modules/order take the full
 * ordered list of ids; a list missing one, naming one twice or naming one that is not there
 * (another organisation's, deleted, made up) is refused with a validation error naming it, and
 * nothing changes. Trainings and user manuals alike.
 */

const app = await buildTestApp()
const req = request(app)
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const trainer = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [orgA.salons[0].id],
  permissions: ['manageTrainings'],
})
const admin = await seedGlobalAdmin(app)
const idsOf = (list: { id: string }[]) => list.map((c) => c.id)

async function three(url: string, headers: Record<string, string>, body: (i: number) => object) {
  const out: string[] = []
  for (let i = 0; i < 3; i++) {
    const res = await req('POST', url, headers, body(i))
    expect(res.statusCode, res.body).toBe(201)
    out.push(res.json().id)
  }
  return out
}

describe('trainings: order', () => {
  it('courses: the full list reorders; missing, duplicate, foreign and unknown ids are refused and change nothing', async () => {
    const org = await seedOrganisation(app)
    const h = org.owner.headers
    const [a, b, c] = await three(T.courses(org.id), h, (i) => courseBody({ title: `C${i}` }))
    const foreign = (await req('POST', T.courses(orgB.id), orgB.owner.headers, courseBody())).json().id
    const ok = await req('PUT', T.courseOrder(org.id), h, { ids: [c, a, b] })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(idsOf(ok.json())).toEqual([c, a, b])

    const refusals: [string[], string[][]][] = [
      [[c, a], [['ids', 'training.orderMissing']]],
      [[c, a, b, a], [['ids.3', 'training.orderDuplicate']]],
      [
        [c, a, foreign],
        [
          ['ids.2', 'training.orderUnknown'],
          ['ids', 'training.orderMissing'],
        ],
      ],
      [[c, a, b, foreign], [['ids.3', 'training.orderUnknown']]],
    ]
    for (const [ids, expected] of refusals) {
      const res = await req('PUT', T.courseOrder(org.id), h, { ids })
      expect(res.statusCode, JSON.stringify(ids)).toBe(400)
      expect(fields(res)).toEqual(expected)
    }
    expect(idsOf((await req('GET', T.courses(org.id), h)).json())).toEqual([c, a, b])
    // Only writers reorder.
    const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    expect((await req('PUT', T.courseOrder(org.id), reader.headers, { ids: [a, b, c] })).statusCode).toBe(403)
  })

  it('modules: the full list reorders; a module of another course is refused', async () => {
    const course = (await req('POST', T.courses(orgA.id), trainer.headers, courseBody())).json().id
    const otherCourse = (await req('POST', T.courses(orgA.id), trainer.headers, courseBody())).json().id
    const [a, b, c] = await three(T.modules(orgA.id, course), trainer.headers, (i) => moduleBody({ title: `M${i}` }))
    const [elsewhere] = await three(T.modules(orgA.id, otherCourse), trainer.headers, () => moduleBody())
    const ok = await req('PUT', T.moduleOrder(orgA.id, course), trainer.headers, { ids: [b, c, a] })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(idsOf(ok.json())).toEqual([b, c, a])
    const bad = await req('PUT', T.moduleOrder(orgA.id, course), trainer.headers, { ids: [b, c, elsewhere] })
    expect(fields(bad)).toEqual([
      ['ids.2', 'training.orderUnknown'],
      ['ids', 'training.orderMissing'],
    ])
    const dup = await req('PUT', T.moduleOrder(orgA.id, course), trainer.headers, { ids: [b, b, c, a] })
    expect(fields(dup)).toEqual([['ids.1', 'training.orderDuplicate']])
    const full = (await req('GET', T.course(orgA.id, course), trainer.headers)).json()
    expect(idsOf(full.modules)).toEqual([b, c, a])
    // Another organisation's course: 404.
    expect((await req('PUT', T.moduleOrder(orgB.id, course), orgB.owner.headers, { ids: [b, c, a] })).statusCode).toBe(
      404,
    )
  })

  it('user manuals: courses and modules reorder the same way', async () => {
    const before = idsOf((await req('GET', M.courses(), admin.headers)).json())
    const [a, b] = await three(M.courses(), admin.headers, (i) => courseBody({ title: `Handleiding ${i}` })).then((x) =>
      x.slice(0, 2),
    )
    const all = idsOf((await req('GET', M.courses(), admin.headers)).json())
    expect(all.slice(0, before.length)).toEqual(before)
    const reversed = [...all].reverse()
    const ok = await req('PUT', M.courseOrder(), admin.headers, { ids: reversed })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(idsOf(ok.json())).toEqual(reversed)
    const missing = await req('PUT', M.courseOrder(), admin.headers, { ids: reversed.slice(1) })
    expect(fields(missing)).toEqual([['ids', 'training.orderMissing']])
    // A training is not a manual.
    const training = (await req('POST', T.courses(orgA.id), trainer.headers, courseBody())).json().id
    const foreign = await req('PUT', M.courseOrder(), admin.headers, { ids: [...reversed, training] })
    expect(fields(foreign)).toEqual([[`ids.${reversed.length}`, 'training.orderUnknown']])
    expect(idsOf((await req('GET', M.courses(), admin.headers)).json())).toEqual(reversed)

    const [m1, m2, m3] = await three(M.modules(a), admin.headers, (i) => moduleBody({ title: `M${i}` }))
    const mOk = await req('PUT', M.moduleOrder(a), admin.headers, { ids: [m3, m1, m2] })
    expect(idsOf(mOk.json())).toEqual([m3, m1, m2])
    expect((await req('PUT', M.moduleOrder(b), admin.headers, { ids: [m3, m1, m2] })).statusCode).toBe(400)
  })
})
