import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { questionnaireSubmissions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { newId, postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Changing one answer applies creation's required rule on the answers as they are after the
// change: "Which allergy?" is required but shown only when "Allergies?" is yes.
const app = await buildTestApp()
const org = await seedOrganisation(app)
const [salon] = org.salons
const owner = org.owner.headers
const url = apiUrl(API.submissions.list, { org: org.id, salon: salon.id })
const q = await postQuestionnaire(app, org.id, salon.id, owner)
const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })
const desk = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [salon.id],
  permissions: ['readCustomers', 'manageCustomers'],
})

const withoutAllergy = () => [
  ...validAnswers().filter((a) => a.questionId !== 'allergic' && a.questionId !== 'allergy'),
  { questionId: 'allergic', value: false },
]
async function submitted(answers = validAnswers()) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: owner,
    payload: { id: newId(), customerId: customer.id, questionnaireId: q.id, answers },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: string; version: number; answers: { questionId: string; value: unknown }[] }
}
const change = (id: string, payload: { questionId: string; value: unknown }) =>
  app.inject({ method: 'POST', url: `${url}/${id}/questionSubmission`, headers: owner, payload })
const stored = async (id: string) =>
  (await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, id)))[0]

describe('POST /questionnaireSubmissions/{id}/questionSubmission: display logic', () => {
  it('submissions: clearing the answer of a required question hidden by display logic is allowed', async () => {
    const s = await submitted()
    expect((await change(s.id, { questionId: 'allergic', value: false })).statusCode).toBe(200)
    // "Which allergy?" is hidden now: its old answer may be cleared.
    const res = await change(s.id, { questionId: 'allergy', value: null })
    expect(res.statusCode).toBe(200)
    expect((await stored(s.id)).answers).not.toContainEqual(expect.objectContaining({ questionId: 'allergy' }))
    // Shown and required, it still may not be cleared.
    const shown = await submitted()
    expect((await change(shown.id, { questionId: 'allergy', value: '' })).json()).toMatchObject({
      code: 'QUESTIONS_UNANSWERED',
      details: { questionIds: ['allergy'] },
    })
  })

  it('submissions: a change revealing a required unanswered question is refused and changes nothing', async () => {
    const s = await submitted(withoutAllergy())
    const res = await change(s.id, { questionId: 'allergic', value: true })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'QUESTIONS_UNANSWERED', details: { questionIds: ['allergy'] } })
    const row = await stored(s.id)
    expect(row.version).toBe(s.version)
    expect(row.answers).toContainEqual({ questionId: 'allergic', value: false })
  })

  it('submissions: the revealed answer sent first (hidden still), then the revealing one, is accepted', async () => {
    const s = await submitted(withoutAllergy())
    expect((await change(s.id, { questionId: 'allergy', value: 'Lanolin' })).statusCode).toBe(200)
    const res = await change(s.id, { questionId: 'allergic', value: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().answers).toEqual(
      expect.arrayContaining([
        { questionId: 'allergic', value: true },
        { questionId: 'allergy', value: 'Lanolin' },
      ]),
    )
  })

  it('sync: an answer edit revealing a required unanswered question is rejected with the question ids', async () => {
    const s = await submitted(withoutAllergy())
    const c = client()
    const res = (
      await push(app, {
        orgId: org.id,
        salonId: salon.id,
        headers: desk.headers,
        clientId: c.clientId,
        mutations: [
          c.m('questionnaireSubmission.updateAnswer', {
            id: s.id,
            salonId: salon.id,
            questionId: 'allergic',
            value: true,
          }),
        ],
      })
    ).json()
    expect(res.results[0]).toMatchObject({
      status: 'rejected',
      code: 'QUESTIONS_UNANSWERED',
      details: { questionIds: ['allergy'] },
    })
    expect((await stored(s.id)).version).toBe(s.version)
  })
})
