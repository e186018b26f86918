import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { customerActivities, questionnaireSubmissions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { newId, postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const statusOf = async (url: string, headers: Record<string, string>) => (await app.inject({ url, headers })).statusCode
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const url = (salon = a1.id, org = orgA.id) => apiUrl(API.submissions.list, { org, salon })
const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const other = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a2.id] })
const customerSession = async (id: string, org = orgA.id) =>
  bearer((await createSession(app.db, { kind: 'customer', subjectId: id, organisationId: org, ttlHours: 1 })).token)
const me = await customerSession(customer.id)
// Receptionist in branch 1: manages customers (kiosk hand-over), no questionnaire rights.
const desk = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const nobody = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readEmployees'] })

const body = (overrides: Record<string, unknown> = {}) => ({
  id: newId(),
  customerId: customer.id,
  questionnaireId: q.id,
  answers: validAnswers(),
  ...overrides,
})
const submit = (headers: Record<string, string>, payload: Record<string, unknown>, salon = a1.id) =>
  app.inject({ method: 'POST', url: url(salon), headers, payload })

describe('POST /questionnaireSubmissions', () => {
  it('submissions: a customer submits for themselves; the server dates it and logs submissionCreated', async () => {
    const payload = body({ takenBy: 'employee', deviceId: 'tablet-1' })
    const before = Date.now()
    const res = await submit(me, payload)
    expect(res.statusCode).toBe(201)
    const s = res.json()
    expect(s).toMatchObject({
      id: payload.id,
      customerId: customer.id,
      takenBy: 'customer',
      employeeId: null,
      employeeName: null,
    })
    expect(Date.parse(s.submittedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(s.answers).toHaveLength(7)
    const acts = await app.db
      .select()
      .from(customerActivities)
      .where(and(eq(customerActivities.customerId, customer.id), eq(customerActivities.type, 'submissionCreated')))
    expect(acts.some((a) => (a.data as { submissionId: string }).submissionId === payload.id)).toBe(true)
  })

  it('submissions: kiosk hand-over is recorded as taken by that employee on that device', async () => {
    const res = await submit(desk.headers, body({ takenBy: 'customer', deviceId: 'kiosk-7' }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ takenBy: 'customer', employeeId: desk.id, deviceId: 'kiosk-7', salonId: a1.id })
    // Named as they were then, so staff read who took it from the replica, offline too.
    expect(res.json().employeeName).toBe('Test Employee')
  })

  it('submissions: the same id and content again answers the stored one once; other content is a conflict', async () => {
    const payload = body()
    const first = await submit(me, payload)
    const again = await submit(me, { ...payload, answers: [...payload.answers].reverse().map((a) => ({ ...a })) })
    expect(first.statusCode).toBe(201)
    // The answers in another order are the same submission.
    expect(again.statusCode).toBe(200)
    const same = await submit(me, payload)
    expect(same.statusCode).toBe(200)
    expect(same.json()).toEqual(first.json())
    const changed = await submit(me, {
      ...payload,
      answers: validAnswers().map((a) => (a.questionId === 'age' ? { ...a, value: 99 } : a)),
    })
    expect(changed.statusCode).toBe(409)
    expect(changed.json().code).toBe('MUTATION_CONFLICT')
    const rows = await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, payload.id))
    expect(rows).toHaveLength(1)
  })

  it('submissions: a repeat is answered even after the questionnaire gained a required question', async () => {
    const q2 = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const payload = body({ questionnaireId: q2.id })
    expect((await submit(me, payload)).statusCode).toBe(201)
    const full = (
      await app.inject({
        url: apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: q2.id }),
        headers: owner,
      })
    ).json()
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgA.id, salon: a1.id, id: q2.id }),
      headers: owner,
      payload: { questions: [...full.questions, { id: 'new', name: 'New', type: 'string', required: true }] },
    })
    expect((await submit(me, payload)).statusCode).toBe(200)
    expect((await submit(me, { ...payload, id: newId() })).json().code).toBe('QUESTIONS_UNANSWERED')
  })

  it('submissions: missing required answers are named; display logic hides questions and their answers', async () => {
    const res = await submit(me, body({ answers: [{ questionId: 'allergic', value: true }] }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'QUESTIONS_UNANSWERED',
      message: 'Some required questions have not been answered.',
      details: { questionIds: ['name', 'skin', 'allergy'] },
    })
    // "allergy" only shows when allergic = true: with false it is neither required nor kept.
    const answers = validAnswers().map((a) => (a.questionId === 'allergic' ? { ...a, value: false } : a))
    const ok = await submit(me, body({ answers }))
    expect(ok.statusCode).toBe(201)
    expect(ok.json().answers.map((a: { questionId: string }) => a.questionId)).not.toContain('allergy')
  })

  it('submissions: answers that do not fit their question are refused with the question named', async () => {
    const answers = [
      ...validAnswers().filter((a) => !['skin', 'stars', 'visit'].includes(a.questionId)),
      { questionId: 'skin', value: 'purple' },
      { questionId: 'stars', value: 9 },
      { questionId: 'visit', value: '31-01-2026' },
      { questionId: 'ghost', value: 'boo' },
    ]
    const res = await submit(me, body({ answers }))
    expect(res.statusCode).toBe(400)
    const paths = res.json().details.fields.map((f: { path: string }) => f.path)
    expect(paths).toEqual(expect.arrayContaining(['answers.skin', 'answers.stars', 'answers.visit', 'answers.ghost']))
  })

  it('submissions: a customer cannot submit for someone else; staff only for customers of the branch', async () => {
    expect((await submit(me, body({ customerId: other.id }))).statusCode).toBe(404)
    expect((await submit(desk.headers, body({ customerId: other.id }))).statusCode).toBe(404)
    expect((await submit(me, body(), a2.id)).statusCode).toBe(404)
  })

  it('submissions: an employee without the right permission gets 403', async () => {
    expect((await submit(nobody.headers, body())).statusCode).toBe(403)
    expect((await app.inject({ url: url(), headers: nobody.headers })).statusCode).toBe(403)
  })

  it('submissions: another organisation gets 404 for the branch, the customer and the questionnaire', async () => {
    const b = orgB.owner.headers
    expect((await submit(b, body())).statusCode).toBe(404)
    const bCustomer = await insertCustomer(app, { organisationId: orgB.id, salonIds: [orgB.salons[0].id] })
    expect((await submit(b, body({ customerId: bCustomer.id }), orgB.salons[0].id)).statusCode).toBe(404)
  })

  it("submissions: another organisation's submission id is a 404, not a conflict that reveals it exists", async () => {
    const b1 = orgB.salons[0].id
    const bq = await postQuestionnaire(app, orgB.id, b1, orgB.owner.headers)
    const bCustomer = await insertCustomer(app, { organisationId: orgB.id, salonIds: [b1] })
    const theirs = body({ customerId: bCustomer.id, questionnaireId: bq.id })
    const made = await app.inject({
      method: 'POST',
      url: url(b1, orgB.id),
      headers: orgB.owner.headers,
      payload: theirs,
    })
    expect(made.statusCode).toBe(201)
    // The same id from organisation A, by staff and by a customer: as if it did not exist.
    for (const headers of [owner, me]) {
      const res = await submit(headers, body({ id: theirs.id }))
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('SUBMISSION_NOT_FOUND')
    }
    const [row] = await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, theirs.id))
    expect(row.organisationId).toBe(orgB.id)
  })

  it("submissions: a customer reusing another customer's submission id gets a 404", async () => {
    const theirs = body({ customerId: other.id })
    expect((await submit(owner, theirs, a2.id)).statusCode).toBe(201)
    const otherInA1 = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const res = await submit(await customerSession(otherInA1.id), body({ id: theirs.id, customerId: otherInA1.id }))
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /questionnaireSubmissions', () => {
  const s1 = body()
  it('submissions: lists with filters and paging, newest first, with names', async () => {
    await submit(me, s1)
    const res = await app.inject({
      url: apiUrl(
        API.submissions.list,
        { org: orgA.id, salon: a1.id },
        { customerId: customer.id, questionnaireId: q.id, pageSize: '2' },
      ),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.total).toBeGreaterThanOrEqual(3)
    expect(list.items).toHaveLength(2)
    expect(list.items[0]).toMatchObject({ customerName: 'Sanne Jansen', questionnaireName: 'Intake test' })
    const page2 = (
      await app.inject({
        url: apiUrl(
          API.submissions.list,
          { org: orgA.id, salon: a1.id },
          { customerId: customer.id, pageSize: '2', page: '2' },
        ),
        headers: owner,
      })
    ).json()
    expect(page2.items[0].id).not.toBe(list.items[0].id)
    const none = (
      await app.inject({
        url: apiUrl(API.submissions.list, { org: orgA.id, salon: a1.id }, { customerId: other.id }),
        headers: owner,
      })
    ).json()
    expect(none.total).toBe(0)
  })

  it('submissions: recent ones of the branch for the dashboard', async () => {
    const res = await app.inject({
      url: apiUrl(API.submissions.recent, { org: orgA.id, salon: a1.id }),
      headers: desk.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().length).toBeGreaterThan(0)
    expect(res.json().length).toBeLessThanOrEqual(10)
  })

  it('submissions: the detail shows the shown questions with employee titles; a customer reads customer titles', async () => {
    const res = await app.inject({
      url: apiUrl(API.submissions.get, { org: orgA.id, salon: a1.id, id: s1.id }),
      headers: owner,
    })
    expect(res.statusCode).toBe(200)
    const d = res.json()
    const skin = d.items.find((i: { question: { id: string } }) => i.question.id === 'skin')
    expect(skin).toMatchObject({ value: 'dry', text: 'Dry skin (xerosis)' })
    expect(d.items.find((i: { question: { id: string } }) => i.question.id === 'visit').text).toBe('31-01-2026')
    expect(d.items.some((i: { question: { id: string } }) => i.question.id === 'intro')).toBe(false)
    const mine = (
      await app.inject({ url: apiUrl(API.submissions.get, { org: orgA.id, salon: a1.id, id: s1.id }), headers: me })
    ).json()
    expect(mine.items.find((i: { question: { id: string } }) => i.question.id === 'skin').text).toBe('Dry')
  })

  it('submissions: a customer lists only their own; other customers and organisations get 404', async () => {
    const otherMe = await customerSession(other.id)
    const mine = (await app.inject({ url: url(), headers: me })).json()
    expect(mine.items.every((s: { customerId: string }) => s.customerId === customer.id)).toBe(true)
    expect(await statusOf(apiUrl(API.submissions.get, { org: orgA.id, salon: a2.id, id: s1.id }), otherMe)).toBe(404)
    expect(await statusOf(apiUrl(API.submissions.get, { org: orgA.id, salon: a2.id, id: s1.id }), owner)).toBe(404)
    const b = orgB.owner.headers
    expect(await statusOf(apiUrl(API.submissions.get, { org: orgB.id, salon: orgB.salons[0].id, id: s1.id }), b)).toBe(
      404,
    )
    expect((await app.inject({ url: url(a1.id, orgB.id), headers: b })).statusCode).toBe(404)
  })
})

describe('POST /questionnaireSubmissions/{id}/questionSubmission', () => {
  it('submissions: editing an answer keeps the others, takes a new version and logs answerUpdated', async () => {
    const s = (await submit(me, body())).json()
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.submissions.updateAnswer, { org: orgA.id, salon: a1.id, id: s.id }),
      headers: me,
      payload: { questionId: 'skin', value: 'oily' },
    })
    expect(res.statusCode).toBe(200)
    const after = res.json()
    expect(after.answers.find((a: { questionId: string }) => a.questionId === 'skin').value).toBe('oily')
    expect(after.answers).toHaveLength(s.answers.length)
    expect(after.version).toBeGreaterThan(s.version)
    const acts = await app.db
      .select()
      .from(customerActivities)
      .where(and(eq(customerActivities.customerId, customer.id), eq(customerActivities.type, 'answerUpdated')))
    expect(acts.map((a) => a.data)).toContainEqual(
      expect.objectContaining({ submissionId: s.id, questionId: 'skin', oldValue: 'dry', newValue: 'oily' }),
    )
  })

  it('submissions: a bad value or clearing a required answer changes nothing', async () => {
    const s = (await submit(me, body())).json()
    const post = (payload: Record<string, unknown>, headers = owner) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.submissions.updateAnswer, { org: orgA.id, salon: a1.id, id: s.id }),
        headers,
        payload,
      })
    expect((await post({ questionId: 'stars', value: 'five' })).statusCode).toBe(400)
    expect((await post({ questionId: 'name', value: '' })).json().code).toBe('QUESTIONS_UNANSWERED')
    expect((await post({ questionId: 'nope', value: 'x' })).statusCode).toBe(400)
    expect((await post({ questionId: 'age', value: 40 }, nobody.headers)).statusCode).toBe(403)
    expect((await post({ questionId: 'age', value: 40 }, orgB.owner.headers)).statusCode).toBe(404)
    const [row] = await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, s.id))
    expect(row.version).toBe(s.version)
  })
})
