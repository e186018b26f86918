import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { questionnaireSubmissions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { newId, postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client, pull, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 7 #22: a submission names the device it was taken on ("Tablet balie"), not its UUID.
const app = await buildTestApp()
const org = await seedOrganisation(app)
const salon = org.salons[0]
const owner = org.owner.headers
const q = await postQuestionnaire(app, org.id, salon.id, owner)
const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })
const url = apiUrl(API.submissions.list, { org: org.id, salon: salon.id })
const body = (o: Record<string, unknown> = {}) => ({
  id: newId(),
  customerId: customer.id,
  questionnaireId: q.id,
  answers: validAnswers(),
  takenBy: 'employee',
  deviceId: `d-${newId()}`,
  ...o,
})

describe('submissions: the device’s name', () => {
  it('REST: stored and answered with the submission; a resend is the same submission', async () => {
    const payload = body({ deviceName: '  Tablet balie ' })
    const res = await app.inject({ method: 'POST', url, headers: owner, payload })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ deviceName: 'Tablet balie', deviceId: payload.deviceId })
    const [row] = await app.db
      .select()
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.id, payload.id))
    expect(row.deviceName).toBe('Tablet balie')
    const again = await app.inject({ method: 'POST', url, headers: owner, payload })
    expect(again.statusCode).toBeLessThan(300)
  })

  it('sync: pushed with the submission and in the changes feed; none given is null (older apps)', async () => {
    const c = client()
    const named = body({ salonId: salon.id, deviceName: 'Tablet raam' })
    const unnamed = body({ salonId: salon.id })
    const res = await push(app, {
      orgId: org.id,
      salonId: salon.id,
      headers: owner,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.create', named), c.m('questionnaireSubmission.create', unnamed)],
    })
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied'])
    const feed = await pull(app, { orgId: org.id, salonId: salon.id, headers: owner })
    const rows = feed.json().changes.filter((ch: { entity: string }) => ch.entity === 'questionnaireSubmission')
    const byId = new Map(rows.map((ch: { row: { id: string } }) => [ch.row.id, ch.row]))
    expect(byId.get(named.id)).toMatchObject({ deviceName: 'Tablet raam' })
    expect(byId.get(unnamed.id)).toMatchObject({ deviceName: null })
  })

  it('a name longer than 60 characters is a 400 naming the field', async () => {
    const res = await app.inject({ method: 'POST', url, headers: owner, payload: body({ deviceName: 'x'.repeat(61) }) })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields.map((f: { path: string }) => f.path)).toContain('deviceName')
  })
})
