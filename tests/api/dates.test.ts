import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { customerBody } from './customers-fixtures'
import { newId, postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const org = await seedOrganisation(app)
const [salon] = org.salons
const owner = org.owner.headers
const q = await postQuestionnaire(app, org.id, salon.id, owner)
const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })

/** Issue 7 #4/#18: the server checks dates with the same parser as the screens: real days only. */
describe('dates: a day that does not exist is a 400 that names it, and nothing is stored', () => {
  it('dates: date of birth 1990-02-31 is refused; 1992-02-29 (leap year) is kept', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: owner,
      payload: customerBody([salon.id], { dateOfBirth: '1990-02-31' }),
    })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('1990-02-31 is not a valid date.')
    const ok = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: owner,
      payload: customerBody([salon.id], { dateOfBirth: '1992-02-29' }),
    })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().dateOfBirth).toBe('1992-02-29')
  })

  it('dates: a date answer 2025-02-30 is refused by name, not stored as "not answered"', async () => {
    const answers = validAnswers().map((a) => (a.questionId === 'visit' ? { ...a, value: '2025-02-30' } : a))
    const id = newId()
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.submissions.create, { org: org.id, salon: salon.id }),
      headers: owner,
      payload: { id, customerId: customer.id, questionnaireId: q.id, answers },
    })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('2025-02-30 is not a valid date.')
  })
})
