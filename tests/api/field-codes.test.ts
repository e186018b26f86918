import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { customerBody } from './customers-fixtures'
import { newId, postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const org = await seedOrganisation(app)
const [salon] = org.salons
const owner = org.owner.headers
const q = await postQuestionnaire(app, org.id, salon.id, owner)
const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })

type Field = { path: string; code: string; params?: Record<string, unknown>; message: string }
const fieldsOf = (res: { statusCode: number; json: () => unknown }): Record<string, Field> => {
  expect(res.statusCode).toBe(400)
  const body = res.json() as { code: string; details: { fields: Field[] } }
  expect(body.code).toBe('VALIDATION_FAILED')
  return Object.fromEntries(body.details.fields.map((f) => [f.path, f]))
}
const postCustomer = (overrides: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.customers.create, { org: org.id }),
    headers: owner,
    payload: { ...customerBody([salon.id]), ...overrides },
  })
const submit = (answers: { questionId: string; value: unknown }[]) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.submissions.create, { org: org.id, salon: salon.id }),
    headers: owner,
    payload: { id: newId(), customerId: customer.id, questionnaireId: q.id, answers },
  })

/**
 * Issue 8 §4: a refusal names its contract message by key (`code`) with the values it fills in
 * (`params`), so a client translates without reading the English `message` (which stays the spec's).
 */
describe('field errors: {path, code, params} with the message key and its values', () => {
  it('an invalid date of birth: dateInvalid with the value', async () => {
    const f = fieldsOf(await postCustomer({ dateOfBirth: '1990-02-31' }))
    expect(f.dateOfBirth).toEqual({
      path: 'dateOfBirth',
      code: 'dateInvalid',
      params: { value: '1990-02-31' },
      message: '1990-02-31 is not a valid date.',
    })
  })

  it('a bad e-mail and an empty required name: email and required, no zod internals in params', async () => {
    const f = fieldsOf(await postCustomer({ email: 'nope', firstName: '  ' }))
    expect(f.email).toEqual({ path: 'email', code: 'email', params: {}, message: 'Valid email address is required.' })
    expect(f.firstName).toEqual({ path: 'firstName', code: 'required', params: {}, message: 'This field is required.' })
  })

  it('a customer without any messaging type (the service’s rule): required', async () => {
    const f = fieldsOf(await postCustomer({ allowedMessagingTypes: [] }))
    expect(f.allowedMessagingTypes).toEqual({
      path: 'allowedMessagingTypes',
      code: 'required',
      params: {},
      message: 'This field is required.',
    })
  })

  it('a duplicate question id: questionnaire.duplicateQuestion', async () => {
    const body = questionnaireBody({
      questions: [
        { id: 'a', name: 'A', type: 'string' },
        { id: 'a', name: 'B', type: 'string' },
      ],
    })
    const f = fieldsOf(
      await app.inject({
        method: 'POST',
        url: apiUrl(API.questionnaires.create, { org: org.id, salon: salon.id }),
        headers: owner,
        payload: body,
      }),
    )
    expect(f['questions.1.id']).toEqual({
      path: 'questions.1.id',
      code: 'questionnaire.duplicateQuestion',
      params: {},
      message: 'Every question needs its own id.',
    })
  })

  it('answers that do not fit: dateInvalid and numberInvalid with the values, from the answer rules', async () => {
    const answers = validAnswers().map((a) =>
      a.questionId === 'visit' ? { ...a, value: '2025-02-30' } : a.questionId === 'age' ? { ...a, value: 'twelve' } : a,
    )
    const f = fieldsOf(await submit(answers))
    expect(f['answers.visit']).toEqual({
      path: 'answers.visit',
      code: 'dateInvalid',
      params: { value: '2025-02-30' },
      message: '2025-02-30 is not a valid date.',
    })
    expect(f['answers.age']).toEqual({
      path: 'answers.age',
      code: 'numberInvalid',
      params: { value: 'twelve' },
      message: 'twelve is not a number.',
    })
  })

  it('an answer to a question the questionnaire does not have: questionnaire.unknownQuestion', async () => {
    const f = fieldsOf(await submit([...validAnswers(), { questionId: 'nope', value: 'x' }]))
    expect(f['answers.nope']).toEqual({
      path: 'answers.nope',
      code: 'questionnaire.unknownQuestion',
      params: {},
      message: 'This question is not part of the questionnaire.',
    })
  })
})
