import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { recordProgress } from '../../src/local-db/training-progress'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { device, listen, network } from './harness'

// Training progress in the replica (issue 24), against the real server over HTTP: made offline on
// two tablets, pushed by the engine, merged on the server, pulled back into both.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setUp() {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const learner = await seedEmployee(app, { organisationId: org.id, salonIds: [salonId], permissions: [] })
  const h = org.owner.headers
  const course = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createCourse, { org: org.id }),
      headers: h,
      payload: { title: 'Kleuren', inOrder: true },
    })
  ).json()
  const module = (
    await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createModule, { org: org.id, id: course.id }),
      headers: h,
      payload: {
        title: 'Basis',
        segments: [
          { kind: 'text', title: 'Een', text: '<p>een</p>' },
          { kind: 'text', title: 'Twee', text: '<p>twee</p>' },
        ],
      },
    })
  ).json()
  return {
    org,
    salonId,
    learner,
    courseId: course.id as string,
    segments: module.segments.map((s: { id: string }) => s.id),
  }
}

describe('sync engine: training progress', () => {
  it('made offline on two tablets: shown at once, merged on the server, the same on both; the next segment opens', async () => {
    const { org, salonId, learner, courseId, segments } = await setUp()
    const [s0, s1] = segments
    const net = network()
    const make = () => device({ apiBase, orgId: org.id, salonId, token: learner.token, fetch: net.fetch })
    const a = make()
    const b = make()
    await a.engine.syncOnce()
    await b.engine.syncOnce()
    const courseOn = async (d: typeof a) => (await d.db.trainingCourses.get(courseId))?.modules[0].segments
    expect((await courseOn(a))?.map((s) => [s.locked, s.text])).toEqual([
      [false, '<p>een</p>'],
      [true, ''],
    ])

    net.up = false
    // Tablet A listens to the first segment up to 80 s and completes it; tablet B got to 120 s.
    await recordProgress(a.db, learner.id, { courseId, segmentId: s0, positionSeconds: 80 })
    await recordProgress(a.db, learner.id, { courseId, segmentId: s0, positionSeconds: 90, completed: true })
    await recordProgress(b.db, learner.id, { courseId, segmentId: s0, positionSeconds: 120 })
    const shown = await a.db.trainingProgress.where('segmentId').equals(s0).first()
    expect(shown).toMatchObject({ _pending: 1, positionSeconds: 90 })
    expect(shown?.completedAt).not.toBeNull()
    expect(await a.engine.syncOnce()).toBe('offline')

    net.up = true
    expect(await b.engine.syncOnce()).toBe('idle')
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await b.engine.syncOnce()).toBe('idle')
    for (const d of [a, b]) {
      expect(await d.db.outbox.count()).toBe(0)
      const rows = await d.db.trainingProgress.toArray()
      expect(rows).toHaveLength(1)
      // B's 120 s arrived first, then A's completion: the highest position before completion stays.
      expect(rows[0]).toMatchObject({ segmentId: s0, positionSeconds: 120, _pending: 0, employeeId: learner.id })
      expect(rows[0].completedAt).not.toBeNull()
      // The completion reached the server: the next segment's content came with the course.
      expect((await courseOn(d))?.map((s) => s.locked)).toEqual([false, false])
    }
    expect((await courseOn(b))?.[1].text).toBe('<p>twee</p>')
    // s1 is untouched.
    expect(await a.db.trainingProgress.where('segmentId').equals(s1).count()).toBe(0)
  })
})
