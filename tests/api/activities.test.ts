import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { customerActivities } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer } from '../helpers/factories'
import { createSession } from '../../server/auth/sessions'
import { newId, postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl, type Query } from '../helpers/url'
import { twoOrganisations } from '../helpers/two-organisations'

const app = await buildTestApp()
const { org: orgA, orgB, s1: a1, s2: a2, owner, staff } = await twoOrganisations(app)
const url = (query: Query = {}, org = orgA.id) => apiUrl(API.customers.activities, { org }, query)
const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const other = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a2.id] })
const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
const { token } = await createSession(app.db, {
  kind: 'customer',
  subjectId: customer.id,
  organisationId: orgA.id,
  ttlHours: 1,
})
const sub = await app.inject({
  method: 'POST',
  url: apiUrl(API.submissions.create, { org: orgA.id, salon: a1.id }),
  headers: bearer(token),
  payload: { id: newId(), customerId: customer.id, questionnaireId: q.id, answers: validAnswers() },
})
await app.inject({
  method: 'POST',
  url: apiUrl(API.submissions.updateAnswer, { org: orgA.id, salon: a1.id, id: sub.json().id }),
  headers: bearer(token),
  payload: { questionId: 'age', value: 35 },
})
// Older entries, written straight into the log.
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000)
await app.db.insert(customerActivities).values([
  { id: uuidv7(), organisationId: orgA.id, customerId: customer.id, type: 'login', createdAt: daysAgo(10) },
  { id: uuidv7(), organisationId: orgA.id, customerId: customer.id, type: 'codeRequest', createdAt: daysAgo(40) },
  { id: uuidv7(), organisationId: orgA.id, customerId: customer.id, type: 'documentSent', createdAt: daysAgo(1) },
  // A type outside the spec's list is never shown.
  { id: uuidv7(), organisationId: orgA.id, customerId: customer.id, type: 'somethingElse', createdAt: daysAgo(1) },
  { id: uuidv7(), organisationId: orgA.id, customerId: other.id, type: 'failedLogin', createdAt: daysAgo(2) },
])
const reader = await staff(['readCustomers'])
const nobody = await staff(['readQuestionnaires'])
const types = (res: { json: () => { type: string }[] }) => res.json().map((a) => a.type)

describe('GET /customers/activities', () => {
  it('activities: not swallowed by /customers/{id}; newest first with the answer edit old and new', async () => {
    const res = await app.inject({ url: url({ customerId: customer.id }), headers: owner })
    expect(res.statusCode).toBe(200)
    expect(types(res)).toEqual(['answerUpdated', 'submissionCreated', 'documentSent', 'login', 'codeRequest'])
    expect(res.json()[0]).toMatchObject({
      customerName: 'Sanne Jansen',
      data: { questionId: 'age', oldValue: 34, newValue: 35 },
    })
  })

  it('activities: the period filter offers last 7 days, last 30 days and all', async () => {
    const q7 = await app.inject({ url: url({ customerId: customer.id, period: '7d' }), headers: owner })
    expect(types(q7)).toEqual(['answerUpdated', 'submissionCreated', 'documentSent'])
    const q30 = await app.inject({ url: url({ customerId: customer.id, period: '30d' }), headers: owner })
    expect(types(q30)).toEqual(['answerUpdated', 'submissionCreated', 'documentSent', 'login'])
    expect((await app.inject({ url: url({ period: 'year' }), headers: owner })).statusCode).toBe(400)
  })

  it("activities: without a customer, only the employee's branches", async () => {
    const res = await app.inject({ url: url(), headers: reader.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().every((a: { customerId: string }) => a.customerId === customer.id)).toBe(true)
    expect(types(await app.inject({ url: url(), headers: owner }))).toContain('failedLogin')
    expect((await app.inject({ url: url({ customerId: other.id }), headers: reader.headers })).statusCode).toBe(404)
  })

  it('activities: an employee without readCustomers gets 403; another organisation 404', async () => {
    expect((await app.inject({ url: url(), headers: nobody.headers })).statusCode).toBe(403)
    expect((await app.inject({ url: url(), headers: orgB.owner.headers })).statusCode).toBe(404)
    const b = await app.inject({ url: url({ customerId: customer.id }, orgB.id), headers: orgB.owner.headers })
    expect(b.statusCode).toBe(404)
  })
})
