import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { auditEvents } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { freshIp, signupInput } from '../helpers/signup'
import { postQuestionnaire, questionnaireBody } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const statusOf = async (url: string, headers: Record<string, string>) => (await app.inject({ url, headers })).statusCode
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const url = (salon = a1.id, org = orgA.id) => apiUrl(API.questionnaires.list, { org, salon })
const reader = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readQuestionnaires'],
})
const desk = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })

describe('POST/PUT /questionnaires', () => {
  it('questionnaires: creates one with every question type, display logic and a count', async () => {
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const res = await app.inject({
      url: apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: q.id }),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ name: 'Intake test', kind: 'customerQuestionnaire', managedByProvider: false })
    expect(body.questionsCount).toBe(8) // the information block is not a question
    expect(body.questions.map((x: { id: string }) => x.id)).toEqual(questionnaireBody().questions?.map((x) => x.id))
    expect(body.questions[4].displayLogic).toEqual([{ questionId: 'allergic', operator: 'equals', value: true }])
    expect(body.version).toBeGreaterThan(0)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'questionnaireCreate'))
    expect(events.some((e) => (e.data as { questionnaireId: string }).questionnaireId === q.id)).toBe(true)
  })

  it('questionnaires: PUT edits fields, reorders questions and takes a new version', async () => {
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const before = (
      await app.inject({
        url: apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: q.id }),
        headers: owner,
      })
    ).json()
    const questions = [...before.questions].reverse().filter((x: { displayLogic: unknown[] }) => !x.displayLogic.length)
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgA.id, salon: a2.id, id: q.id }),
      headers: owner,
      payload: { name: 'Renamed', hidden: true, messageTemplate: 'Hi {{name}}: {{link}}', questions },
    })
    expect(res.statusCode).toBe(200)
    const after = res.json()
    expect(after).toMatchObject({ name: 'Renamed', hidden: true, messageTemplate: 'Hi {{name}}: {{link}}' })
    expect(after.questions[0].id).toBe('photo')
    expect(after.version).toBeGreaterThan(before.version)
  })

  it('questionnaires: a PUT of one field leaves the others as they were', async () => {
    const q = await postQuestionnaire(
      app,
      orgA.id,
      a1.id,
      owner,
      questionnaireBody({ hidden: true, messageTemplate: 'T' }),
    )
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgA.id, salon: a1.id, id: q.id }),
      headers: owner,
      payload: { name: 'Only name' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Only name', hidden: true, messageTemplate: 'T', questionsCount: 8 })
  })

  it('questionnaires: display logic may only refer to an earlier question', async () => {
    const body = questionnaireBody({
      questions: [
        { id: 'a', name: 'A', type: 'string', displayLogic: [{ questionId: 'b', operator: 'answered' }] },
        { id: 'b', name: 'B', type: 'string' },
      ],
    })
    const res = await app.inject({ method: 'POST', url: url(), headers: owner, payload: body })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toContainEqual({
      code: 'questionnaire.displayLogic',
      params: {},
      path: 'questions.0.displayLogic.0.questionId',
      message: 'Display logic can only refer to an earlier question.',
    })
  })

  it('questionnaires: video URLs accept only YouTube and Vimeo; dropdowns need options; nothing is written', async () => {
    const list = async () => (await app.inject({ url: url(), headers: owner })).json().length
    const n = await list()
    const res = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: questionnaireBody({
        name: '',
        questions: [
          { id: 'v', name: 'Video', type: 'information', videoUrl: 'https://evil.example.com/watch?v=1' },
          { id: 'o', name: 'Pick', type: 'option', options: [] },
          { id: 'o', name: 'Dup', type: 'string' },
        ],
      }),
    })
    expect(res.statusCode).toBe(400)
    const fields = res.json().details.fields
    expect(fields).toContainEqual({
      code: 'questionnaire.videoUrl',
      params: {},
      path: 'questions.0.videoUrl',
      message: 'Video URLs accept only YouTube and Vimeo.',
    })
    expect(fields).toContainEqual({
      code: 'questionnaire.options',
      params: {},
      path: 'questions.1.options',
      message: 'A dropdown question needs at least one option.',
    })
    expect(fields).toContainEqual({
      path: 'questions.2.id',
      code: 'questionnaire.duplicateQuestion',
      params: {},
      message: 'Every question needs its own id.',
    })
    expect(fields.map((f: { path: string }) => f.path)).toContain('name')
    expect(await list()).toBe(n)
    for (const ok of ['https://youtu.be/abc', 'https://vimeo.com/12345', 'https://player.vimeo.com/video/1'])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: url(),
            headers: owner,
            payload: questionnaireBody({ questions: [{ id: 'v', name: 'V', type: 'information', videoUrl: ok }] }),
          })
        ).statusCode,
      ).toBe(201)
  })

  it('questionnaires: PUT on an unknown questionnaire is a 404', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, {
        org: orgA.id,
        salon: a1.id,
        id: '0190a0a0-0000-7000-8000-000000000000',
      }),
      headers: owner,
      payload: { name: 'X' },
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /questionnaires', () => {
  it('questionnaires: lists the organisation questionnaires in any branch', async () => {
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const res = await app.inject({ url: url(a2.id), headers: owner })
    expect(res.statusCode).toBe(200)
    expect(res.json().map((x: { id: string }) => x.id)).toContain(q.id)
  })

  it('questionnaires: a reader may list and read but not create or edit', async () => {
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    expect((await app.inject({ url: url(), headers: reader.headers })).statusCode).toBe(200)
    expect(
      await statusOf(apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: q.id }), reader.headers),
    ).toBe(200)
    const post = await app.inject({ method: 'POST', url: url(), headers: reader.headers, payload: questionnaireBody() })
    expect(post.statusCode).toBe(403)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgA.id, salon: a1.id, id: q.id }),
      headers: reader.headers,
      payload: { name: 'X' },
    })
    expect(put.statusCode).toBe(403)
  })

  it('questionnaires: an employee without questionnaire rights gets 403, also in a branch not theirs', async () => {
    expect((await app.inject({ url: url(), headers: desk.headers })).statusCode).toBe(403)
    expect((await app.inject({ url: url(a2.id), headers: reader.headers })).statusCode).toBe(403)
  })

  it('questionnaires: another organisation cannot read, list or change them', async () => {
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const b = orgB.owner.headers
    expect(
      await statusOf(apiUrl(API.questionnaires.get, { org: orgB.id, salon: orgB.salons[0].id, id: q.id }), b),
    ).toBe(404)
    expect((await app.inject({ url: url(), headers: b })).statusCode).toBe(404)
    expect((await app.inject({ url: url(a1.id, orgB.id), headers: b })).statusCode).toBe(404)
    const put = await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgB.id, salon: orgB.salons[0].id, id: q.id }),
      headers: b,
      payload: { name: 'Stolen' },
    })
    expect(put.statusCode).toBe(404)
    const list = (await app.inject({ url: url(orgB.salons[0].id, orgB.id), headers: b })).json()
    expect(list.map((x: { id: string }) => x.id)).not.toContain(q.id)
  })

  it('questionnaires: a customer lists visible customer questionnaires of their branch only', async () => {
    const visible = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const hidden = await postQuestionnaire(app, orgA.id, a1.id, owner, questionnaireBody({ hidden: true }))
    const staff = await postQuestionnaire(
      app,
      orgA.id,
      a1.id,
      owner,
      questionnaireBody({ kind: 'employeeQuestionnaire' }),
    )
    const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const { token } = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: orgA.id,
      ttlHours: 1,
    })
    const ids = (await app.inject({ url: url(), headers: bearer(token) })).json().map((x: { id: string }) => x.id)
    expect(ids).toContain(visible.id)
    expect(ids).not.toContain(hidden.id)
    expect(ids).not.toContain(staff.id)
    // Hidden: not listed, but a link sent to the customer still opens it.
    expect(
      await statusOf(apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: hidden.id }), bearer(token)),
    ).toBe(200)
    expect(
      await statusOf(apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: staff.id }), bearer(token)),
    ).toBe(404)
    expect((await app.inject({ url: url(a2.id), headers: bearer(token) })).statusCode).toBe(404)
    const post = await app.inject({ method: 'POST', url: url(), headers: bearer(token), payload: questionnaireBody() })
    expect(post.statusCode).toBe(403)
  })

  it('questionnaires: without a session the call is a 401', async () => {
    expect((await app.inject({ url: url() })).statusCode).toBe(401)
  })
})

describe('provider questionnaires', () => {
  it('questionnaires: a new organisation gets the intake and skin questionnaires in its language', async () => {
    for (const lang of ['nl', 'en'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: apiUrl(API.organisations.create),
        payload: signupInput({ invoiceLanguage: lang }),
        remoteAddress: freshIp(),
      })
      expect(res.statusCode).toBe(201)
      const { organisation, session } = res.json()
      const salons = (
        await app.inject({ url: apiUrl(API.salons.list, { org: organisation.id }), headers: bearer(session.token) })
      ).json()
      const list = (
        await app.inject({ url: url(salons[0].id, organisation.id), headers: bearer(session.token) })
      ).json()
      const names = list.map((x: { name: string }) => x.name).sort()
      expect(names).toEqual(
        lang === 'nl'
          ? ['Huidanalyse', 'Huidobservatie specialist', 'Intakeformulier']
          : ['Intake form', 'Skin observation (specialist)', 'Skin questionnaire'],
      )
      // The specialist's observation is filled by staff; the others by the customer.
      const kinds = Object.fromEntries(list.map((x: { name: string; kind: string }) => [x.name, x.kind]))
      expect(kinds[lang === 'nl' ? 'Huidobservatie specialist' : 'Skin observation (specialist)']).toBe(
        'employeeQuestionnaire',
      )
      expect(list.every((x: { managedByProvider: boolean; questionsCount: number }) => x.managedByProvider)).toBe(true)
      expect(list.every((x: { questionsCount: number }) => x.questionsCount >= 5)).toBe(true)
    }
  })
})
