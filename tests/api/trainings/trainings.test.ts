import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, employeeSalonRoles, trainingCourses } from '../../../server/db/schema'
import { buildTestApp } from '../../helpers/app'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { courseBody, fields, moduleBody, request, T, textSegment } from './fixtures'

/*
 * The organisation's trainings (issue 24): /organisations/{org}/trainings/courses and their
 * modules. Permissions (manageTrainings writes, every employee reads the courses shown to their
 * roles), another organisation's ids, segments kept by id, video addresses, audit.
 */

const app = await buildTestApp()
const req = request(app)
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const a1 = orgA.salons[0]
const owner = orgA.owner.headers
const trainer = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['manageTrainings'],
})
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const ownerB = orgB.owner.headers

async function newCourse(over: Record<string, unknown> = {}, headers = trainer.headers, org = orgA.id) {
  const res = await req('POST', T.courses(org), headers, courseBody(over))
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}
async function newModule(courseId: string, over: Record<string, unknown> = {}, headers = trainer.headers) {
  const res = await req('POST', T.modules(orgA.id, courseId), headers, moduleBody(over))
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

describe('trainings: courses', () => {
  it('manageTrainings creates, reads, updates and deletes a course; every employee reads it', async () => {
    const course = await newCourse({ inOrder: true, titleEn: 'Colours' })
    expect(course).toMatchObject({ kind: 'training', title: 'Kleuren', titleEn: 'Colours', inOrder: true, modules: [] })
    expect((await req('GET', T.course(orgA.id, course.id), reader.headers)).json().title).toBe('Kleuren')
    const list = (await req('GET', T.courses(orgA.id), reader.headers)).json()
    expect(list.map((c: { id: string }) => c.id)).toContain(course.id)

    const updated = await req('PUT', T.course(orgA.id, course.id), trainer.headers, courseBody({ title: 'Kleur 2' }))
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({ title: 'Kleur 2', inOrder: false })
    expect(updated.json().version).toBeGreaterThan(course.version)

    expect((await req('DELETE', T.course(orgA.id, course.id), trainer.headers)).statusCode).toBe(204)
    expect((await req('GET', T.course(orgA.id, course.id), reader.headers)).statusCode).toBe(404)
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, orgA.id), eq(auditEvents.actorId, trainer.id)))
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['trainingCourseCreate', 'trainingCourseUpdate', 'trainingCourseDelete']),
    )
  })

  it('without manageTrainings every write is 403 and nothing changes', async () => {
    const course = await newCourse()
    const mod = await newModule(course.id)
    const h = reader.headers
    const attempts = [
      await req('POST', T.courses(orgA.id), h, courseBody()),
      await req('PUT', T.course(orgA.id, course.id), h, courseBody({ title: 'X' })),
      await req('DELETE', T.course(orgA.id, course.id), h),
      await req('PUT', T.courseOrder(orgA.id), h, { ids: [course.id] }),
      await req('POST', T.modules(orgA.id, course.id), h, moduleBody()),
      await req('PUT', T.module(orgA.id, course.id, mod.id), h, moduleBody({ title: 'X' })),
      await req('DELETE', T.module(orgA.id, course.id, mod.id), h),
      await req('PUT', T.moduleOrder(orgA.id, course.id), h, { ids: [mod.id] }),
    ]
    expect(attempts.map((r) => r.statusCode)).toEqual(attempts.map(() => 403))
    expect((await req('GET', T.course(orgA.id, course.id), h)).json()).toMatchObject({ title: 'Kleuren' })
  })

  it('the owner (every permission, manageTrainings among them) writes; ownOrganisation alone does not', async () => {
    expect((await req('POST', T.courses(orgA.id), owner, courseBody())).statusCode).toBe(201)
    const admin = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [a1.id],
      permissions: ['ownOrganisation'],
    })
    expect((await req('POST', T.courses(orgA.id), admin.headers, courseBody())).statusCode).toBe(403)
  })

  it("another organisation's course and module ids are 404, also for its own owner", async () => {
    const course = await newCourse()
    const mod = await newModule(course.id)
    const foreign = [
      await req('GET', T.course(orgB.id, course.id), ownerB),
      await req('PUT', T.course(orgB.id, course.id), ownerB, courseBody()),
      await req('DELETE', T.course(orgB.id, course.id), ownerB),
      await req('GET', T.modules(orgB.id, course.id), ownerB),
      await req('GET', T.module(orgB.id, course.id, mod.id), ownerB),
      await req('PUT', T.module(orgB.id, course.id, mod.id), ownerB, moduleBody()),
      await req('DELETE', T.module(orgB.id, course.id, mod.id), ownerB),
      await req('POST', T.modules(orgB.id, course.id), ownerB, moduleBody()),
      await req('GET', T.segment(orgB.id, course.id, mod.segments[0].id), ownerB),
    ]
    expect(foreign.map((r) => r.statusCode)).toEqual(foreign.map(() => 404))
    // Asking in our organisation's path for it with a session of the other: 404 too (not its organisation).
    expect((await req('GET', T.course(orgA.id, course.id), ownerB)).statusCode).toBe(404)
    const [row] = await app.db.select().from(trainingCourses).where(eq(trainingCourses.id, course.id))
    expect(row.deletedAt).toBeNull()
  })

  it('a course shown to some roles: employees without them neither list nor open it; writers do', async () => {
    const roleHolder = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: [] })
    const [role] = await app.db
      .select({ id: employeeSalonRoles.roleId })
      .from(employeeSalonRoles)
      .where(eq(employeeSalonRoles.employeeId, roleHolder.id))
    const course = await newCourse({ roleIds: [role.id] })
    const ids = async (h: Record<string, string>) =>
      (await req('GET', T.courses(orgA.id), h)).json().map((c: { id: string }) => c.id)
    expect(await ids(roleHolder.headers)).toContain(course.id)
    expect(await ids(trainer.headers)).toContain(course.id)
    expect(await ids(reader.headers)).not.toContain(course.id)
    expect((await req('GET', T.course(orgA.id, course.id), reader.headers)).statusCode).toBe(404)
    // A role of another organisation is refused.
    const bad = await req('POST', T.courses(orgA.id), trainer.headers, courseBody({ roleIds: [orgB.id] }))
    expect(bad.statusCode).toBe(400)
    expect(fields(bad)).toEqual([['roleIds.0', 'training.role']])
  })
})

describe('trainings: modules and segments', () => {
  it('a module carries its ordered segments; an update keeps segments named by id and removes the rest', async () => {
    const course = await newCourse()
    const mod = await newModule(course.id, {
      segments: [
        textSegment({ title: 'Een' }),
        { kind: 'video', title: 'Twee', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        textSegment({ title: 'Drie', text: '<p>ok</p><script>alert(1)</script>' }),
      ],
    })
    expect(mod.segments.map((s: { title: string }) => s.title)).toEqual(['Een', 'Twee', 'Drie'])
    expect(mod.segments[2].text).not.toContain('script')
    const [one, two, three] = mod.segments
    const res = await req('PUT', T.module(orgA.id, course.id, mod.id), trainer.headers, {
      title: 'Basis 2',
      segments: [
        { ...textSegment({ title: 'Drie!' }), id: three.id },
        textSegment({ title: 'Nieuw' }),
        { kind: 'video', title: 'Twee', videoUrl: 'https://vimeo.com/76979871', id: two.id },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const segs = res.json().segments
    expect(segs.map((s: { title: string }) => s.title)).toEqual(['Drie!', 'Nieuw', 'Twee'])
    expect(segs[0].id).toBe(three.id)
    expect(segs[2].id).toBe(two.id)
    expect(segs.map((s: { id: string }) => s.id)).not.toContain(one.id)
    // A segment id that is not this module's is refused, nothing changes.
    const other = await newModule(course.id)
    const bad = await req('PUT', T.module(orgA.id, course.id, mod.id), trainer.headers, {
      title: 'X',
      segments: [{ ...textSegment(), id: other.segments[0].id }],
    })
    expect(bad.statusCode).toBe(400)
    expect(fields(bad)).toEqual([['segments.0.id', 'training.segment']])
    expect((await req('GET', T.module(orgA.id, course.id, mod.id), reader.headers)).json().title).toBe('Basis 2')
    // Deleted: gone from the course.
    expect((await req('DELETE', T.module(orgA.id, course.id, mod.id), trainer.headers)).statusCode).toBe(204)
    expect((await req('GET', T.module(orgA.id, course.id, mod.id), reader.headers)).statusCode).toBe(404)
    const full = (await req('GET', T.course(orgA.id, course.id), reader.headers)).json()
    expect(full.modules.map((m: { id: string }) => m.id)).toEqual([other.id])
  })

  it('video addresses: only YouTube and Vimeo videos over https, checked strictly', async () => {
    const course = await newCourse()
    const ok = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871?h=abc',
    ]
    const refused = [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://evil.test/https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ/../../x',
      'https://www.youtube.com/watch?v=short',
      'https://vimeo.com/channels/staffpicks',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'https://www.dailymotion.com/video/x7u5',
    ]
    for (const videoUrl of ok) {
      const res = await req('POST', T.modules(orgA.id, course.id), trainer.headers, {
        title: 'Video',
        segments: [{ kind: 'video', title: 'V', videoUrl }],
      })
      expect(res.statusCode, `${videoUrl}: ${res.body}`).toBe(201)
    }
    for (const videoUrl of refused) {
      const res = await req('POST', T.modules(orgA.id, course.id), trainer.headers, {
        title: 'Video',
        segments: [{ kind: 'video', title: 'V', videoUrl }],
      })
      expect(res.statusCode, videoUrl).toBe(400)
      expect(fields(res), videoUrl).toEqual([['segments.0.videoUrl', 'training.videoUrl']])
    }
    // A video segment needs its address.
    const none = await req('POST', T.modules(orgA.id, course.id), trainer.headers, {
      title: 'Video',
      segments: [{ kind: 'video', title: 'V' }],
    })
    expect(fields(none)).toEqual([['segments.0.videoUrl', 'training.content']])
  })

  it("uploads must be the organisation's own", async () => {
    const course = await newCourse()
    const audio = (path: string) => ({ kind: 'audio', title: 'A', audio: { path, url: 'x', durationSeconds: 10 } })
    const pdf = (path: string) => ({ kind: 'pdf', title: 'P', pdf: { path, url: 'x', name: 'a.pdf' } })
    const good = await req('POST', T.modules(orgA.id, course.id), trainer.headers, {
      title: 'Media',
      segments: [audio(`${orgA.id}/audio/abc.mp3`), pdf(`${orgA.id}/pdf/abc.pdf`)],
    })
    expect(good.statusCode, good.body).toBe(201)
    expect(good.json().segments[0].audio.url).toBe(`/storage/${orgA.id}/audio/abc.mp3`)
    const bad = await req('POST', T.modules(orgA.id, course.id), trainer.headers, {
      title: 'Media',
      segments: [audio(`${orgB.id}/audio/abc.mp3`), pdf('../etc/passwd.pdf')],
    })
    expect(fields(bad)).toEqual([
      ['segments.0.audio', 'training.audio'],
      ['segments.1.pdf', 'training.pdf'],
    ])
  })
})
