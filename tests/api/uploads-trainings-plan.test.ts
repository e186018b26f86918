import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import type { PlanFeature } from '../../contract/subscriptions'
import { encodeMp3 } from '../../shared/audio/encode'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { multipartForm } from '../helpers/multipart'
import { apiUrl } from '../helpers/url'
import { seedPlan, subscribe } from './billing-limits-fixtures'

/*
 * Issue 24: training audio and PDFs go through the Grow and documents uploads, whose plan need
 * is "any of" (grow or trainings; documents or trainings). A trainings-only plan's trainer uploads
 * both and uses them in a training; a plan with none of their features is refused.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-trainings-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })

const MP3 = Buffer.from(await encodeMp3([new Float32Array(44100).map((_, i) => 0.3 * Math.sin(i / 20))], 44100))
const PDF = Buffer.from(
  await (async () => {
    const doc = await PDFDocument.create()
    doc.addPage([595, 842])
    return doc.save()
  })(),
)

async function trainerUnder(features: PlanFeature[]) {
  const org = await seedOrganisation(app)
  await subscribe(app, org.id, await seedPlan(app, { features }))
  const trainer = await seedEmployee(app, {
    organisationId: org.id,
    salonIds: [org.salons[0].id],
    permissions: ['manageTrainings'],
  })
  const upload = (e: typeof API.uploads.audio | typeof API.uploads.pdf, bytes: Buffer, name: string, mime: string) => {
    const f = multipartForm({ bytes, filename: name, mime })
    return app.inject({
      method: 'POST',
      url: apiUrl(e, { org: org.id }),
      headers: { ...trainer.headers, ...f.headers },
      payload: f.payload,
    })
  }
  return {
    org,
    trainer,
    audio: () => upload(API.uploads.audio, MP3, 'uitleg.mp3', 'audio/mpeg'),
    pdf: () => upload(API.uploads.pdf, PDF, 'kleuren.pdf', 'application/pdf'),
  }
}

describe('uploads for trainings', () => {
  it('a trainings-only plan: a trainer uploads audio and a PDF and uses them in a training', async () => {
    const { org, trainer, audio, pdf } = await trainerUnder(['trainings'])
    const a = await audio()
    expect(a.statusCode, a.body).toBe(201)
    const p = await pdf()
    expect(p.statusCode, p.body).toBe(201)
    const course = await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createCourse, { org: org.id }),
      headers: trainer.headers,
      payload: { title: 'Kleuren' },
    })
    expect(course.statusCode, course.body).toBe(201)
    const module = await app.inject({
      method: 'POST',
      url: apiUrl(API.trainings.createModule, { org: org.id, id: course.json().id }),
      headers: trainer.headers,
      payload: {
        title: 'Basis',
        segments: [
          { kind: 'audio', title: 'Uitleg', audio: a.json() },
          { kind: 'pdf', title: 'Kleurencirkel', pdf: p.json() },
        ],
      },
    })
    expect(module.statusCode, module.body).toBe(201)
    expect(module.json().segments.map((s: { audio: unknown; pdf: unknown }) => [!!s.audio, !!s.pdf])).toEqual([
      [true, false],
      [false, true],
    ])
  })

  it('a plan with none of their features: both refused FEATURE_NOT_IN_PLAN, naming what would do', async () => {
    const { audio, pdf } = await trainerUnder(['customerImport'])
    const a = await audio()
    expect(a.statusCode).toBe(402)
    expect(a.json()).toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      details: { feature: 'grow', anyOf: ['grow', 'trainings'] },
    })
    const p = await pdf()
    expect(p.statusCode).toBe(402)
    expect(p.json()).toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      details: { feature: 'documents', anyOf: ['documents', 'trainings'] },
    })
  })
})
