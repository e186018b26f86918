import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { customers, type questionnaires } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { newId, postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/** Odd input gets a clear 4xx with a stable code and changes nothing (issue 7 #7, #15). */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bad-input-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })
const orgA = await seedOrganisation(app)
const orgB = await seedOrganisation(app)
const a1 = orgA.salons[0]
const b1 = orgB.salons[0]
const owner = orgA.owner.headers
const countOf = async (table: typeof customers | typeof questionnaires, orgId = orgA.id) =>
  (await app.db.select().from(table).where(eq(table.organisationId, orgId))).length
const MALFORMED = { code: 'VALIDATION_FAILED', message: 'The request is not valid.' }

describe('malformed requests', () => {
  it('bad input: broken percent-encoding in a URL is a 4xx with a stable code, never a 500', async () => {
    const stored = await app.inject({ url: '/storage/anything/%25' })
    expect(stored.statusCode).toBe(404)
    expect(stored.json().code).toBe('FILE_NOT_FOUND')
    const broken = await app.inject({ url: `/api/organisations/${orgA.id}/customers/%E0%A4%A`, headers: owner })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toEqual(MALFORMED)
  })

  it('bad input: malformed JSON says VALIDATION_FAILED with the catalogue text, not the parser text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: orgA.id }),
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(MALFORMED)
  })

  it('bad input: a multipart upload with no boundary or cut short is a 400 and stores nothing', async () => {
    const url = apiUrl(API.uploads.image, { org: orgA.id })
    const noBoundary = await app.inject({
      method: 'POST',
      url,
      headers: { ...owner, 'content-type': 'multipart/form-data' },
      payload: 'xx',
    })
    expect(noBoundary.statusCode).toBe(400)
    expect(noBoundary.json()).toEqual(MALFORMED)
    const cut = await app.inject({
      method: 'POST',
      url,
      headers: { ...owner, 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    })
    expect(cut.statusCode).toBe(400)
    expect(cut.json()).toEqual(MALFORMED)
    expect(readdirSync(dataDir)).toEqual([])
  })

  it('bad input: a JSON body nested 20,000 levels deep is a 400 too_deep on a REST route', async () => {
    const payload = JSON.stringify({ ...customerBody([a1.id]), notes: 'DEEP' }).replace(
      '"DEEP"',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    )
    const before = await countOf(customers)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: orgA.id }),
      headers: { ...owner, 'content-type': 'application/json' },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toEqual([
      {
        path: 'notes.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0',
        code: 'too_deep',
        params: { maximum: 32 },
        message: 'This value is nested too deeply.',
      },
    ])
    expect(await countOf(customers)).toBe(before)
  })

  it('bad input: numbers the database cannot hold (page 1e20) are a 400, not a 500', async () => {
    const list = await app.inject({
      url: apiUrl(API.customers.list, { org: orgA.id }, { page: '100000000000000000000' }),
      headers: owner,
    })
    expect(list.statusCode).toBe(400)
    expect(list.json().code).toBe('VALIDATION_FAILED')
    // The field is named, like every other validation error.
    expect(list.json().details.fields).toContainEqual(expect.objectContaining({ path: 'page', code: 'too_big' }))
    // Beyond any real list, but a number the database could take: still a 400 on the field.
    const far = await app.inject({
      url: apiUrl(API.customers.list, { org: orgA.id }, { page: 20000 }),
      headers: owner,
    })
    expect(far.statusCode).toBe(400)
    expect(far.json().details.fields).toEqual([
      expect.objectContaining({ path: 'page', code: 'too_big', params: expect.objectContaining({ maximum: 10_000 }) }),
    ])
    const feed = await app.inject({
      url: apiUrl(API.sync.changes, { org: orgA.id, salon: a1.id }, { since: '1e30' }),
      headers: owner,
    })
    expect(feed.statusCode).toBe(400)
  })
})

describe('ids another organisation uses', () => {
  it('ids: creating a customer or questionnaire with an id taken elsewhere answers exactly like one taken here', async () => {
    const theirs = await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([b1.id]))
    const ours = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const before = await countOf(customers)
    const create = (id: string) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.customers.create, { org: orgA.id }),
        headers: owner,
        payload: { ...customerBody([a1.id]), id },
      })
    const elsewhere = await create(theirs.id)
    const here = await create(ours.id)
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json()).toEqual(here.json())
    expect(elsewhere.json().details.fields).toEqual([{ path: 'id', code: 'id_taken', message: 'Id already used.' }])
    expect(await countOf(customers)).toBe(before)

    const qTheirs = await postQuestionnaire(app, orgB.id, b1.id, orgB.owner.headers)
    const qOurs = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const qCreate = (id: string) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.questionnaires.create, { org: orgA.id, salon: a1.id }),
        headers: owner,
        payload: { ...questionnaireBody(), id },
      })
    const qElsewhere = await qCreate(qTheirs.id)
    expect(qElsewhere.statusCode).toBe(400)
    expect(qElsewhere.json()).toEqual((await qCreate(qOurs.id)).json())
  })

  it('ids: a submission with an id taken elsewhere is a 404 like every foreign row and shows nothing of it', async () => {
    const qB = await postQuestionnaire(app, orgB.id, b1.id, orgB.owner.headers)
    const custB = await insertCustomer(app, { organisationId: orgB.id, salonIds: [b1.id] })
    const theirs = newId()
    const url = (org: string, salon: string) => apiUrl(API.submissions.create, { org, salon })
    const made = await app.inject({
      method: 'POST',
      url: url(orgB.id, b1.id),
      headers: orgB.owner.headers,
      payload: { id: theirs, customerId: custB.id, questionnaireId: qB.id, answers: validAnswers() },
    })
    expect(made.statusCode).toBe(201)

    const qA = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const custA = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const submit = (id: string, answers = validAnswers()) =>
      app.inject({
        method: 'POST',
        url: url(orgA.id, a1.id),
        headers: owner,
        payload: { id, customerId: custA.id, questionnaireId: qA.id, answers },
      })
    const ours = newId()
    expect((await submit(ours)).statusCode).toBe(201)
    const hereOther = await submit(
      ours,
      validAnswers().map((a) => (a.questionId === 'age' ? { ...a, value: 35 } : a)),
    )
    expect(hereOther.statusCode).toBe(409)
    // Issue 8 §4: another organisation's id is not a conflict here (which said it exists): it is
    // answered 404 like every foreign row.
    const elsewhere = await submit(theirs)
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json().code).toBe('SUBMISSION_NOT_FOUND')
    expect(elsewhere.body).not.toContain(custB.id)
  })
})

describe('validation errors carry code and params (issue 7 #15)', () => {
  it('validation: each field says its zod code and what a translation needs, beside the English message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: orgA.id }),
      headers: owner,
      payload: {
        ...customerBody([a1.id]),
        email: 'nope',
        firstName: 'x'.repeat(101),
        lastName: undefined,
        gender: 'other-thing',
      },
    })
    expect(res.statusCode).toBe(400)
    const byPath = Object.fromEntries((res.json().details.fields as { path: string }[]).map((f) => [f.path, f]))
    expect(byPath.email).toEqual({
      path: 'email',
      code: 'email',
      params: {},
      message: 'Valid email address is required.',
    })
    expect(byPath.firstName).toMatchObject({
      code: 'too_big',
      params: { origin: 'string', maximum: 100, inclusive: true },
    })
    expect(byPath.lastName).toMatchObject({ code: 'invalid_type', params: { expected: 'string' } })
    expect(byPath.gender).toMatchObject({ code: 'invalid_value', params: { values: expect.any(Array) } })
    for (const f of Object.values(byPath)) expect(Object.keys(f).sort()).toEqual(['code', 'message', 'params', 'path'])
  })

  it('validation: text the database cannot store is code text_unstorable on the named field', async () => {
    const before = await countOf(customers)
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: orgA.id }),
      headers: owner,
      payload: { ...customerBody([a1.id]), notes: 'ok\u0000' },
    })
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid.',
      details: {
        fields: [
          { path: 'notes', code: 'text_unstorable', message: 'This text contains characters that cannot be stored.' },
        ],
      },
    })
    expect(await countOf(customers)).toBe(before)
  })
})
