import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { newId, postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const q = await postQuestionnaire(app, orgA.id, a1.id, owner, questionnaireBody({ name: 'Intake, "2026"' }))
const url = (salon = a1.id, org = orgA.id, id = q.id) => apiUrl(API.questionnaires.export, { org, salon, id })
const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const elsewhere = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a2.id] })
const submit = async (customerId: string, salonId: string, answers: { questionId: string; value: unknown }[]) => {
  const { token } = await createSession(app.db, {
    kind: 'customer',
    subjectId: customerId,
    organisationId: orgA.id,
    ttlHours: 1,
  })
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.submissions.create, { org: orgA.id, salon: salonId }),
    headers: bearer(token),
    payload: { id: newId(), customerId, questionnaireId: q.id, answers },
  })
  expect(res.statusCode).toBe(201)
}
await submit(customer.id, a1.id, validAnswers())
await submit(customer.id, a1.id, [
  ...validAnswers().filter((a) => !['name', 'allergic', 'allergy'].includes(a.questionId)),
  { questionId: 'name', value: '=HYPERLINK("x"), "quoted"\nline' },
  { questionId: 'allergic', value: false },
])
await submit(elsewhere.id, a2.id, validAnswers())
const reader = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readQuestionnaires'],
})
const desk = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })

describe('GET /questionnaires/{id}/export', () => {
  it('export: a CSV attachment with a BOM, one row per submission and one column per question', async () => {
    const res = await app.inject({ url: url(), headers: reader.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Intake 2026\.csv"/)
    expect(res.body.charCodeAt(0)).toBe(0xfeff)
    const parsed = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const [header, ...rows] = parsed.data
    expect(header).toEqual([
      'Ingevuld op',
      'Klant',
      'E-mail',
      'Nickname',
      'Skin type',
      'Allergies?',
      'Which allergy?',
      'Age',
      'Last visit',
      'Rating',
      'Photo',
    ])
    // Only this branch's customers; option titles (staff's), dates dd-MM-yyyy, booleans as words.
    expect(rows).toHaveLength(2)
    expect(rows[0].slice(1)).toEqual([
      'Sanne Jansen',
      customer.email,
      'Sas',
      'Dry skin (xerosis)',
      'Ja',
      'nuts',
      '34',
      '31-01-2026',
      '4',
      '',
    ])
    expect(rows[0][0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
    // Quotes, commas and line breaks survive; a formula is neutralised.
    expect(rows[1][3]).toBe('\'=HYPERLINK("x"), "quoted"\nline')
    expect(rows[1][5]).toBe('Nee')
    expect(rows[1][6]).toBe('')
  })

  it('export: permission 403; unknown questionnaire and another organisation 404', async () => {
    expect((await app.inject({ url: url(), headers: desk.headers })).statusCode).toBe(403)
    expect((await app.inject({ url: url(a1.id, orgA.id, newId()), headers: owner })).statusCode).toBe(404)
    const b = orgB.owner.headers
    expect((await app.inject({ url: url(orgB.salons[0].id, orgB.id), headers: b })).statusCode).toBe(404)
    expect((await app.inject({ url: url(a1.id, orgB.id), headers: b })).statusCode).toBe(404)
  })
})
