import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../../contract/sync'
import { progressId } from '../../../contract/trainings'
import { buildTestApp, unique } from '../../helpers/app'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { apiUrl } from '../../helpers/url'
import { pull } from '../sync-fixtures'
import { courseBody, request, T, textSegment } from './fixtures'

/*
 * Learning progress (issue 24): recorded through the sync push (`trainingProgress.record`, offline
 * on the tablet), merged so it never goes backwards (earliest start and completion, highest audio
 * position, none once completed), dated by the corrected device time, idempotent on replay, the
 * same on two devices; an "in order" course locks a segment until the one before is completed
 * (REST 403, the feed without content, no progress recorded), and opens it in the feed after.
 */

const app = await buildTestApp()
const req = request(app)
const org = await seedOrganisation(app)
const salon = org.salons[0].id
const trainer = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: ['manageTrainings'] })
const learner = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: [] })
const other = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: [] })
const orgB = await seedOrganisation(app)

const MIN = 60_000
type Step = { segmentId: string; started?: boolean; completed?: boolean; positionSeconds?: number; ago?: number }
type Progress = { segmentId: string; startedAt: string | null; completedAt: string | null; positionSeconds: number }

async function course(inOrder: boolean, count = 3) {
  const c = (await req('POST', T.courses(org.id), trainer.headers, courseBody({ inOrder }))).json()
  const m = await req('POST', T.modules(org.id, c.id), trainer.headers, {
    title: 'M',
    segments: Array.from({ length: count }, (_, i) => textSegment({ title: `S${i}`, text: `<p>inhoud ${i}</p>` })),
  })
  expect(m.statusCode, m.body).toBe(201)
  return { id: c.id as string, segments: m.json().segments.map((s: { id: string }) => s.id) as string[] }
}

/** One push from a device whose clock is right; each step done `ago` ms before sending. */
async function record(
  who: { id: string; headers: Record<string, string> },
  courseId: string,
  steps: Step[],
  o: { clientId?: string; ids?: string[] } = {},
) {
  const sentAt = Date.now()
  const mutations = steps.map((s, i) => ({
    id: o.ids?.[i] ?? crypto.randomUUID(),
    seq: i,
    name: 'trainingProgress.record',
    at: new Date(sentAt - (s.ago ?? 0)).toISOString(),
    args: {
      id: progressId(who.id, s.segmentId),
      courseId,
      segmentId: s.segmentId,
      started: s.started ?? true,
      completed: s.completed ?? false,
      positionSeconds: s.positionSeconds ?? 0,
    },
  }))
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.sync.push, { org: org.id, salon }),
    headers: who.headers,
    payload: {
      clientId: o.clientId ?? unique('tablet-'),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations,
      sentAt: new Date(sentAt).toISOString(),
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().results as { status: string; result?: Progress; code?: string; details?: unknown }[]
}

const mine = async (headers: Record<string, string>) =>
  (await req('GET', T.progress(org.id), headers)).json() as Progress[]
const of = async (headers: Record<string, string>, segmentId: string) =>
  (await mine(headers)).find((p) => p.segmentId === segmentId)
const t = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : null)

describe('training progress: merged so it never goes backwards', () => {
  it('audio position only rises; a late replay of older progress lowers nothing', async () => {
    const c = await course(false)
    const s = c.segments[0]
    const [first] = await record(learner, c.id, [{ segmentId: s, positionSeconds: 120, ago: 5 * MIN }])
    expect(first.status).toBe('applied')
    const startedAt = t((await of(learner.headers, s))?.startedAt)
    expect(startedAt).not.toBeNull()
    // A replay from another tablet of an older position, sent later: position and start stay.
    await record(learner, c.id, [{ segmentId: s, positionSeconds: 30, ago: 1 * MIN }])
    expect(await of(learner.headers, s)).toMatchObject({ positionSeconds: 120, completedAt: null })
    expect(t((await of(learner.headers, s))?.startedAt)).toBe(startedAt)
    // An older start (made offline earlier, arriving late) moves the start back: earliest wins.
    await record(learner, c.id, [{ segmentId: s, positionSeconds: 10, ago: 60 * MIN }])
    const p = await of(learner.headers, s)
    expect(t(p?.startedAt)).toBeLessThan(startedAt!)
    expect(p?.positionSeconds).toBe(120)
  })

  it('completed stays completed (earliest completion wins); the position no longer moves once completed', async () => {
    const c = await course(false)
    const s = c.segments[0]
    await record(learner, c.id, [{ segmentId: s, positionSeconds: 50, completed: true, ago: 10 * MIN }])
    const done = await of(learner.headers, s)
    expect(done?.completedAt).not.toBeNull()
    await record(learner, c.id, [{ segmentId: s, positionSeconds: 500, completed: false }])
    await record(learner, c.id, [{ segmentId: s, completed: true, ago: 0 }])
    const after = await of(learner.headers, s)
    expect(after).toMatchObject({ positionSeconds: 50, completedAt: done?.completedAt })
    // Dated by the corrected device time, not the receipt: about 10 minutes ago.
    expect(Date.now() - t(after?.completedAt)!).toBeGreaterThan(9 * MIN)
  })

  it('the same mutation pushed twice is a duplicate; the row and its version do not change', async () => {
    const c = await course(false)
    const s = c.segments[0]
    const id = crypto.randomUUID()
    const [a] = await record(learner, c.id, [{ segmentId: s, positionSeconds: 40 }], {
      ids: [id],
      clientId: 'dup-client-1',
    })
    const before = (await mine(learner.headers)).find((p) => p.segmentId === s) as Progress & { version: number }
    const [b] = await record(learner, c.id, [{ segmentId: s, positionSeconds: 40 }], {
      ids: [id],
      clientId: 'dup-client-1',
    })
    expect([a.status, b.status]).toEqual(['applied', 'duplicate'])
    // A new mutation with the same content changes nothing either (no new version).
    await record(learner, c.id, [{ segmentId: s, positionSeconds: 40 }])
    const after = (await mine(learner.headers)).find((p) => p.segmentId === s) as Progress & { version: number }
    expect(after).toEqual(before)
  })

  it('two devices offline, pushed in either order: one row with the merged progress, on both replicas', async () => {
    const c = await course(false)
    const [s0, s1] = c.segments
    const tabletA = [
      { segmentId: s0, completed: true, positionSeconds: 90, ago: 30 * MIN },
      { segmentId: s1, positionSeconds: 20, ago: 20 * MIN },
    ]
    const tabletB = [
      { segmentId: s0, positionSeconds: 40, ago: 40 * MIN },
      { segmentId: s1, positionSeconds: 75, ago: 10 * MIN },
    ]
    await record(learner, c.id, tabletB, { clientId: 'tablet-b' })
    await record(learner, c.id, tabletA, { clientId: 'tablet-a' })
    // The other order, for another employee: the same result.
    await record(other, c.id, tabletA, { clientId: 'tablet-c' })
    await record(other, c.id, tabletB, { clientId: 'tablet-d' })
    const rows = (await mine(learner.headers)).filter((p) => p.segmentId === s0 || p.segmentId === s1)
    expect(rows).toHaveLength(2)
    const p0 = rows.find((p) => p.segmentId === s0)!
    const p1 = rows.find((p) => p.segmentId === s1)!
    expect(p0.completedAt).not.toBeNull()
    expect(p0.positionSeconds).toBe(90)
    expect(Date.now() - t(p0.startedAt)!).toBeGreaterThan(39 * MIN)
    expect(p1).toMatchObject({ positionSeconds: 75, completedAt: null })
    expect(Date.now() - t(p1.startedAt)!).toBeGreaterThan(19 * MIN)
    const strip = (list: Progress[]) =>
      list
        .filter((p) => p.segmentId === s0 || p.segmentId === s1)
        .map((p) => [p.segmentId, p.positionSeconds, !!p.completedAt, Math.round(t(p.startedAt)! / MIN)])
        .sort()
    expect(strip(await mine(other.headers))).toEqual(strip(rows))
    // Pulled on either tablet: the same rows, only the learner's own.
    const page = (await pull(app, { orgId: org.id, salonId: salon, headers: learner.headers })).json()
    const synced = page.changes.filter((ch: { entity: string }) => ch.entity === 'trainingProgress')
    expect(synced.map((ch: { row: Progress }) => ch.row.segmentId)).toEqual(expect.arrayContaining([s0, s1]))
    expect(synced.every((ch: { row: { employeeId: string } }) => ch.row.employeeId === learner.id)).toBe(true)
    const others = (await pull(app, { orgId: org.id, salonId: salon, headers: trainer.headers })).json()
    expect(others.changes.filter((ch: { entity: string }) => ch.entity === 'trainingProgress')).toEqual([])
  })

  it('a segment of another organisation is not found', async () => {
    const cB = (await req('POST', T.courses(orgB.id), orgB.owner.headers, courseBody())).json()
    const mB = (
      await req('POST', T.modules(orgB.id, cB.id), orgB.owner.headers, { title: 'M', segments: [textSegment()] })
    ).json()
    const [res] = await record(learner, cB.id, [{ segmentId: mB.segments[0].id }])
    expect(res.status).toBe('rejected')
    expect(res.code).toBe('TRAINING_SEGMENT_NOT_FOUND')
  })
})

describe('training progress: "in order" courses', () => {
  it('a segment opens once the one before it is completed: REST 403, the feed without content, no progress', async () => {
    const c = await course(true)
    const [s0, s1, s2] = c.segments
    expect((await req('GET', T.segment(org.id, c.id, s0), learner.headers)).statusCode).toBe(200)
    const locked = await req('GET', T.segment(org.id, c.id, s1), learner.headers)
    expect(locked.statusCode).toBe(403)
    expect(locked.json()).toMatchObject({ code: 'TRAINING_SEGMENT_LOCKED', details: { previousSegmentId: s0 } })
    // Writers read every segment.
    expect((await req('GET', T.segment(org.id, c.id, s2), trainer.headers)).statusCode).toBe(200)

    const full = (await req('GET', T.course(org.id, c.id), learner.headers)).json()
    expect(full.modules[0].segments.map((s: { locked: boolean; text: string }) => [s.locked, s.text])).toEqual([
      [false, '<p>inhoud 0</p>'],
      [true, ''],
      [true, ''],
    ])
    const feedRow = async (since = 0) => {
      const page = (await pull(app, { orgId: org.id, salonId: salon, headers: learner.headers, since })).json()
      return page.changes.find((ch: { entity: string; row?: { id: string } }) => ch.row?.id === c.id)
    }
    const before = await feedRow()
    expect(before.row.modules[0].segments.map((s: { locked: boolean }) => s.locked)).toEqual([false, true, true])

    // Progress in a locked segment is refused (its content never left the server).
    const [early] = await record(learner, c.id, [{ segmentId: s2, completed: true }])
    expect(early.code).toBe('TRAINING_SEGMENT_LOCKED')

    await record(learner, c.id, [{ segmentId: s0, completed: true }])
    expect((await req('GET', T.segment(org.id, c.id, s1), learner.headers)).json().text).toBe('<p>inhoud 1</p>')
    // The completion re-sends the course to the learner's replica, the next segment now open.
    const after = await feedRow(before.version)
    expect(after.version).toBeGreaterThan(before.version)
    expect(after.row.modules[0].segments.map((s: { locked: boolean }) => s.locked)).toEqual([false, false, true])
    // Another employee's replica is not affected.
    const page = (
      await pull(app, { orgId: org.id, salonId: salon, headers: other.headers, since: before.version })
    ).json()
    expect(page.changes.find((ch: { row?: { id: string } }) => ch.row?.id === c.id)).toBeUndefined()
  })

  it('a course that is not in order opens every segment', async () => {
    const c = await course(false)
    expect((await req('GET', T.segment(org.id, c.id, c.segments[2]), learner.headers)).statusCode).toBe(200)
  })

  it('a deleted course reaches replicas as a tombstone', async () => {
    const c = await course(false)
    const first = (await pull(app, { orgId: org.id, salonId: salon, headers: learner.headers })).json()
    const seen = first.changes.find((ch: { row?: { id: string } }) => ch.row?.id === c.id)
    expect(seen).toBeDefined()
    await req('DELETE', T.course(org.id, c.id), trainer.headers)
    const page = (
      await pull(app, { orgId: org.id, salonId: salon, headers: learner.headers, since: seen.version })
    ).json()
    expect(page.changes).toContainEqual(expect.objectContaining({ entity: 'trainingCourse', deleted: true, id: c.id }))
  })
})

describe('course progress per employee (trainings.manage)', () => {
  it('counts the live segments each employee completed; the last completion once all are done', async () => {
    const c = await course(false, 2)
    const [s0, s1] = c.segments
    await record(learner, c.id, [{ segmentId: s0, completed: true, ago: 30 * MIN }])
    await record(other, c.id, [
      { segmentId: s0, completed: true, ago: 20 * MIN },
      { segmentId: s1, completed: true, ago: 10 * MIN },
    ])
    const url = apiUrl(API.trainings.courseProgress, { org: org.id, id: c.id })
    const res = await req('GET', url, trainer.headers)
    expect(res.statusCode, res.body).toBe(200)
    const byId = new Map(
      (
        res.json() as {
          employeeId: string
          completedSegments: number
          totalSegments: number
          completedAt: string | null
        }[]
      ).map((p) => [p.employeeId, p]),
    )
    expect(byId.get(learner.id)).toMatchObject({ completedSegments: 1, totalSegments: 2, completedAt: null })
    expect(byId.get(other.id)).toMatchObject({ completedSegments: 2, totalSegments: 2 })
    expect(Date.now() - t(byId.get(other.id)?.completedAt)!).toBeGreaterThan(9 * MIN)
    // Only those who manage trainings; another organisation's course is not found.
    expect((await req('GET', url, learner.headers)).statusCode).toBe(403)
    expect(
      (await req('GET', apiUrl(API.trainings.courseProgress, { org: orgB.id, id: c.id }), orgB.owner.headers))
        .statusCode,
    ).toBe(404)
  })
})
