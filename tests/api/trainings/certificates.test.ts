import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../../contract/sync'
import { CERTIFICATE_CODE_ALPHABET, formatCertificateCode, progressId } from '../../../contract/trainings'
import { employees } from '../../../server/db/schema'
import { buildTestApp, unique } from '../../helpers/app'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { freshIp } from '../../helpers/signup'
import { apiUrl } from '../../helpers/url'
import { pdfPages } from '../billing-pdf-text'
import { pull } from '../sync-fixtures'
import { courseBody, request, T, textSegment } from './fixtures'
import { eq } from 'drizzle-orm'

/*
 * Certificates (issue 24): issued once when an employee completes every live segment of a
 * training, in the progress write that completes it (so an offline completion pushed later issues
 * it too), dated by the latest completion's corrected device time; the employee's own through REST
 * and the sync feed; the PDF for the employee and those who manage trainings (anyone else, and
 * another organisation, 404); the public verify answers four fields only, and is rate-limited.
 */

const app = await buildTestApp()
const req = request(app)
const org = await seedOrganisation(app)
const salon = org.salons[0].id
const trainer = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: ['manageTrainings'] })
const learner = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: [] })
const colleague = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: [] })
const orgB = await seedOrganisation(app)

const HOUR = 3_600_000
type Cert = { id: string; courseId: string; code: string; issuedAt: string; employeeName: string; courseTitle: string }

const C = {
  mine: (o = org.id) => apiUrl(API.trainings.certificates, { org: o }),
  pdf: (id: string, o = org.id) => apiUrl(API.trainings.downloadCertificate, { org: o, id }),
  verify: (code: string) => apiUrl(API.certificates.verify, { code }),
  progress: (id: string) => apiUrl(API.trainings.courseProgress, { org: org.id, id }),
}

async function course(title: string, count = 2) {
  const c = (await req('POST', T.courses(org.id), trainer.headers, courseBody({ title }))).json()
  const m = await req('POST', T.modules(org.id, c.id), trainer.headers, {
    title: 'M',
    segments: Array.from({ length: count }, (_, i) => textSegment({ title: `S${i}` })),
  })
  expect(m.statusCode, m.body).toBe(201)
  return { id: c.id as string, segments: m.json().segments.map((s: { id: string }) => s.id) as string[] }
}

/**
 * One push of completions. `skew`: how far the device's clock is ahead of the server's; `ago`:
 * how long before sending (by that device's clock) each step was done.
 */
async function complete(
  who: { id: string; headers: Record<string, string> },
  courseId: string,
  segmentIds: string[],
  o: { skew?: number; ago?: number } = {},
) {
  const sentAt = Date.now() + (o.skew ?? 0)
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.sync.push, { org: org.id, salon }),
    headers: who.headers,
    payload: {
      clientId: unique('tablet-'),
      schemaVersion: SYNC_SCHEMA_VERSION,
      sentAt: new Date(sentAt).toISOString(),
      mutations: segmentIds.map((segmentId, seq) => ({
        id: crypto.randomUUID(),
        seq,
        name: 'trainingProgress.record',
        at: new Date(sentAt - (o.ago ?? 0)).toISOString(),
        args: {
          id: progressId(who.id, segmentId),
          courseId,
          segmentId,
          started: true,
          completed: true,
          positionSeconds: 0,
        },
      })),
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(segmentIds.map(() => 'applied'))
}

const certificatesOf = async (headers: Record<string, string>) => (await req('GET', C.mine(), headers)).json() as Cert[]

describe('certificates: issued once when a course is complete', () => {
  it('not before the last segment; then one certificate with a typeable code, never a second', async () => {
    const c = await course('Kleurtechniek')
    await complete(learner, c.id, [c.segments[0]])
    expect((await certificatesOf(learner.headers)).filter((x) => x.courseId === c.id)).toEqual([])
    await complete(learner, c.id, [c.segments[1]])
    const [cert, ...more] = (await certificatesOf(learner.headers)).filter((x) => x.courseId === c.id)
    expect(more).toEqual([])
    expect(cert).toMatchObject({ courseTitle: 'Kleurtechniek', employeeName: expect.any(String) })
    expect(cert.code).toMatch(new RegExp(`^[${CERTIFICATE_CODE_ALPHABET}]{10}$`))
    // Completing again (another tablet replays it) issues nothing new.
    await complete(learner, c.id, c.segments)
    expect((await certificatesOf(learner.headers)).filter((x) => x.courseId === c.id)).toEqual([cert])
    // The course renamed later: the certificate keeps the title it was issued with.
    await req('PUT', T.course(org.id, c.id), trainer.headers, courseBody({ title: 'Kleur 2.0' }))
    expect((await certificatesOf(learner.headers)).find((x) => x.id === cert.id)?.courseTitle).toBe('Kleurtechniek')
  })

  it('an offline completion pushed two days later issues it, dated by the corrected device time', async () => {
    const c = await course('Offline', 1)
    // A tablet whose clock runs 3 hours ahead completed the course 2 days ago (its clock) and
    // pushes only now: the certificate is dated 2 days ago by the server's time.
    await complete(learner, c.id, c.segments, { skew: 3 * HOUR, ago: 48 * HOUR })
    const cert = (await certificatesOf(learner.headers)).find((x) => x.courseId === c.id)
    expect(cert).toBeDefined()
    const age = Date.now() - new Date(cert!.issuedAt).getTime()
    expect(age).toBeGreaterThan(47.9 * HOUR)
    expect(age).toBeLessThan(48.1 * HOUR)
  })

  it('steps that arrive in any order: dated by the latest completion, not by the arrival', async () => {
    const c = await course('Volgorde')
    await complete(learner, c.id, [c.segments[1]], { ago: 5 * HOUR })
    await complete(learner, c.id, [c.segments[0]], { ago: 10 * HOUR })
    const cert = (await certificatesOf(learner.headers)).find((x) => x.courseId === c.id)!
    const age = Date.now() - new Date(cert.issuedAt).getTime()
    expect(age).toBeGreaterThan(4.9 * HOUR)
    expect(age).toBeLessThan(5.1 * HOUR)
  })

  it('the feed sends the employee their own certificates only', async () => {
    const c = await course('Feed', 1)
    await complete(colleague, c.id, c.segments)
    const mine = (await certificatesOf(colleague.headers)).find((x) => x.courseId === c.id)!
    const page = (await pull(app, { orgId: org.id, salonId: salon, headers: colleague.headers })).json()
    const synced = page.changes.filter((ch: { entity: string }) => ch.entity === 'trainingCertificate')
    expect(synced.map((ch: { row: Cert }) => ch.row)).toEqual(await certificatesOf(colleague.headers))
    expect(synced.map((ch: { row: Cert }) => ch.row.id)).toContain(mine.id)
    const trainers = (await pull(app, { orgId: org.id, salonId: salon, headers: trainer.headers })).json()
    expect(trainers.changes.filter((ch: { entity: string }) => ch.entity === 'trainingCertificate')).toEqual([])
  })
})

describe('certificates: who may download the PDF', () => {
  it('the employee and those who manage trainings; a colleague and another organisation get 404', async () => {
    const c = await course('Downloaden', 1)
    await complete(learner, c.id, c.segments)
    const cert = (await certificatesOf(learner.headers)).find((x) => x.courseId === c.id)!
    const own = await req('GET', C.pdf(cert.id), learner.headers)
    expect(own.statusCode).toBe(200)
    expect(own.headers['content-type']).toBe('application/pdf')
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await req('GET', C.pdf(cert.id), trainer.headers)).statusCode).toBe(200)
    const colleagues = await req('GET', C.pdf(cert.id), colleague.headers)
    expect(colleagues.statusCode).toBe(404)
    expect(colleagues.json().code).toBe('TRAINING_CERTIFICATE_NOT_FOUND')
    // Another organisation's owner, in their own organisation's path and in ours.
    expect((await req('GET', C.pdf(cert.id, orgB.id), orgB.owner.headers)).statusCode).toBe(404)
    expect((await req('GET', C.pdf(cert.id), orgB.owner.headers)).statusCode).toBe(404)
    expect((await req('GET', C.mine(orgB.id), orgB.owner.headers)).json()).toEqual([])
  })

  it('the PDF holds the employee, the course, the organisation, the date and the code, in the employee’s language', async () => {
    const c = await course('Huidanalyse', 1)
    await complete(learner, c.id, c.segments)
    const cert = (await certificatesOf(learner.headers)).find((x) => x.courseId === c.id)!
    const speaks = (language: string) => app.db.update(employees).set({ language }).where(eq(employees.id, learner.id))
    await speaks('nl')
    const nl = (await pdfPages((await req('GET', C.pdf(cert.id), learner.headers)).rawPayload)).join('\n')
    expect(nl).toContain('CERTIFICAAT')
    expect(nl).toContain(cert.employeeName)
    expect(nl).toContain('Huidanalyse')
    expect(nl).toContain(org.companyName)
    expect(nl).toContain(formatCertificateCode(cert.code))
    expect(nl).toContain(`/certificates/${cert.code}`)
    expect(nl).toContain('heeft afgerond')
    await speaks('en')
    // The trainer downloads it too: in the employee's language, not the downloader's.
    const en = (await pdfPages((await req('GET', C.pdf(cert.id), trainer.headers)).rawPayload)).join('\n')
    expect(en).toContain('CERTIFICATE')
    expect(en).toContain('has completed the training')
    expect(en).toContain(formatCertificateCode(cert.code))
  })

  it('the course progress names each employee’s certificate', async () => {
    const c = await course('Voortgang', 1)
    await complete(learner, c.id, c.segments)
    const cert = (await certificatesOf(learner.headers)).find((x) => x.courseId === c.id)!
    const rows = (await req('GET', C.progress(c.id), trainer.headers)).json()
    expect(rows).toEqual([
      expect.objectContaining({
        employeeId: learner.id,
        certificate: { id: cert.id, code: cert.code, issuedAt: cert.issuedAt },
      }),
    ])
    expect((await req('GET', C.progress(c.id), learner.headers)).statusCode).toBe(403)
    expect(
      (await req('GET', apiUrl(API.trainings.courseProgress, { org: orgB.id, id: c.id }), orgB.owner.headers))
        .statusCode,
    ).toBe(404)
  })
})

describe('certificates: the public verify', () => {
  it('answers only the course title, the employee, the organisation and the date, without signing in', async () => {
    const c = await course('Verifiëren', 1)
    await complete(learner, c.id, c.segments)
    const cert = (await certificatesOf(learner.headers)).find((x) => x.courseId === c.id)!
    const res = await app.inject({ method: 'GET', url: C.verify(cert.code), remoteAddress: freshIp() })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      courseTitle: 'Verifiëren',
      courseTitleEn: null,
      employeeName: cert.employeeName,
      organisationName: org.companyName,
      issuedAt: cert.issuedAt,
    })
    // Typed loosely: lower case, with the dash and spaces of the printed form.
    const typed = ` ${formatCertificateCode(cert.code).toLowerCase()} `
    expect((await app.inject({ method: 'GET', url: C.verify(typed), remoteAddress: freshIp() })).statusCode).toBe(200)
  })

  it('an unknown code is 404 with one clear message', async () => {
    for (const code of ['ABCDEFGHJK', 'short', '0000000000']) {
      const res = await app.inject({ method: 'GET', url: C.verify(code), remoteAddress: freshIp() })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({
        code: 'TRAINING_CERTIFICATE_NOT_FOUND',
        message: 'Certificate not found.',
      })
    }
  })

  it('is rate-limited per IP: 30 per 15 minutes, then 429', async () => {
    const ip = freshIp()
    const codes: number[] = []
    for (let i = 0; i < 31; i++)
      codes.push((await app.inject({ method: 'GET', url: C.verify('ABCDEFGHJK'), remoteAddress: ip })).statusCode)
    expect(codes.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(codes[30]).toBe(429)
    expect(
      (await app.inject({ method: 'GET', url: C.verify('ABCDEFGHJK'), remoteAddress: freshIp() })).statusCode,
    ).toBe(404)
  })
})
