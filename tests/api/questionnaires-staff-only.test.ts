import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Question } from '../../contract/questionnaires'
import { createSession } from '../../server/auth/sessions'
import { questionnaires } from '../../server/db/schema'
import { copyProviderQuestionnaires } from '../../server/services/questionnaires'
import { PROVIDER_TEMPLATES } from '../../server/services/questionnaires/provider-templates'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedOrganisation } from '../helpers/factories'
import { newId, postQuestionnaire } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 7 #14: questions of the "employee" section group are for staff (a specialist's notes).
 * A customer never sees, answers or reads them: not in the questionnaire they fill, not in what
 * they submitted, not through an answer change.
 */
const app = await buildTestApp()
const org = await seedOrganisation(app)
const salon = org.salons[0]
const owner = org.owner.headers
await copyProviderQuestionnaires(app.db, org.id, 'nl')
const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })
const me = bearer(
  (await createSession(app.db, { kind: 'customer', subjectId: customer.id, organisationId: org.id, ttlHours: 1 }))
    .token,
)
const base = apiUrl(API.salons.get, { org: org.id, salon: salon.id })
const [skin] = await app.db
  .select()
  .from(questionnaires)
  .where(and(eq(questionnaires.organisationId, org.id), eq(questionnaires.providerKey, 'skin')))
const get = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${base}${url}`, headers })
const ids = (qs: { id: string }[]) => qs.map((q) => q.id)

describe('staff-only (employee group) questions', () => {
  it('the provider questionnaires put staff questions in the employee group ("Notities van de specialist")', () => {
    const notes = PROVIDER_TEMPLATES.flatMap((t) => t.questions).filter((q) =>
      /specialist|notities|notes/i.test(q.name.en),
    )
    expect(notes.length).toBeGreaterThan(0)
    for (const q of notes) expect(q.group).toBe('employee')
  })

  it('a customer reading a questionnaire (one or the list) never gets staff-only questions; staff do', async () => {
    const mine = await get(`/questionnaires/${skin.id}`, me)
    expect(mine.statusCode).toBe(200)
    expect(ids(mine.json().questions)).not.toContain('skin-notes')
    expect(mine.body).not.toContain('Notities van de specialist')
    const list = await get('/questionnaires', me)
    for (const q of list.json() as { questions: Question[] }[])
      expect(q.questions.filter((x) => x.group === 'employee')).toEqual([])
    const staff = await get(`/questionnaires/${skin.id}`, owner)
    expect(ids(staff.json().questions)).toContain('skin-notes')
  })

  it("a customer's answer to a staff-only question is not stored; staff's later note is never shown to them", async () => {
    const id = newId()
    const res = await app.inject({
      method: 'POST',
      url: `${base}/questionnaireSubmissions`,
      headers: me,
      payload: {
        id,
        customerId: customer.id,
        questionnaireId: skin.id,
        answers: [
          { questionId: 'skin-type', value: 'dry' },
          { questionId: 'sunbed', value: false },
          { questionId: 'skin-notes', value: 'written by the customer' },
        ],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(ids(res.json().answers.map((a: { questionId: string }) => ({ id: a.questionId })))).not.toContain(
      'skin-notes',
    )

    // Staff add the specialist's note afterwards.
    const note = await app.inject({
      method: 'POST',
      url: `${base}/questionnaireSubmissions/${id}/questionSubmission`,
      headers: owner,
      payload: { questionId: 'skin-notes', value: 'Rosacea, avoid peeling' },
    })
    expect(note.statusCode).toBe(200)
    expect((await get(`/questionnaireSubmissions/${id}`, owner)).body).toContain('Rosacea, avoid peeling')

    for (const url of [
      `/questionnaireSubmissions/${id}`,
      '/questionnaireSubmissions',
      '/questionnaireSubmissions/recent',
    ]) {
      const r = await get(url, me)
      if (r.statusCode === 403) continue // not every list is open to customers
      expect(r.statusCode).toBe(200)
      expect(r.body).not.toContain('Rosacea')
      expect(r.body).not.toContain('skin-notes')
    }

    // Changing another answer keeps the staff note; the answer does not carry it back to the customer.
    const change = await app.inject({
      method: 'POST',
      url: `${base}/questionnaireSubmissions/${id}/questionSubmission`,
      headers: me,
      payload: { questionId: 'skin-type', value: 'oily' },
    })
    expect(change.statusCode).toBe(200)
    expect(change.body).not.toContain('Rosacea')
    expect((await get(`/questionnaireSubmissions/${id}`, owner)).body).toContain('Rosacea, avoid peeling')

    // And the customer cannot write into it.
    const forged = await app.inject({
      method: 'POST',
      url: `${base}/questionnaireSubmissions/${id}/questionSubmission`,
      headers: me,
      payload: { questionId: 'skin-notes', value: 'all fine' },
    })
    expect(forged.statusCode).toBe(400)
    expect((await get(`/questionnaireSubmissions/${id}`, owner)).body).toContain('Rosacea, avoid peeling')
  })

  it('a required staff-only question does not block the kiosk (taken by the employee who handed over)', async () => {
    const q = await postQuestionnaire(app, org.id, salon.id, owner, {
      name: 'Peeling intake',
      kind: 'customerQuestionnaire',
      questions: [
        { id: 'ok', name: 'Ready?', type: 'boolean', required: true },
        { id: 'staff', name: 'Skin checked by', type: 'string', required: true, group: 'employee' },
      ],
    })
    const res = await app.inject({
      method: 'POST',
      url: `${base}/questionnaireSubmissions`,
      headers: owner,
      payload: {
        id: newId(),
        customerId: customer.id,
        questionnaireId: q.id,
        answers: [{ questionId: 'ok', value: true }],
        takenBy: 'employee',
        employeeId: org.owner.id,
      },
    })
    expect(res.statusCode).toBe(201)
  })
})
