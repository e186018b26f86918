import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { buildTestApp, unique } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { postQuestionnaire } from './questionnaires-fixtures'

/*
 * Issue 21 #9: a Grow module and the conditions made in its drawer are saved all or nothing. The
 * drawer sends them with the module (`newConditions`), and the server creates both in one
 * transaction: a refused module (a video address that is not YouTube or Vimeo, an unknown group)
 * leaves no condition, so a retry cannot leave two "Droge huid" conditions.
 */

const app = await buildTestApp()
const org = await seedOrganisation(app)
const salon = org.salons[0]
const owner = org.owner.headers
const q = await postQuestionnaire(app, org.id, salon.id, owner)
const params = { org: org.id, salon: salon.id }
const dry = { questionnaireId: q.id, questionId: 'skin', operator: 'equals', value: 'dry' }

const post = (payload: object) =>
  app.inject({ method: 'POST', url: apiUrl(API.advice.create, params), headers: owner, payload })
const conditionsNamed = async (name: string) =>
  (
    (await app.inject({ method: 'GET', url: apiUrl(API.advice.listConditions, params), headers: owner })).json() as {
      id: string
      name: string
    }[]
  ).filter((c) => c.name === name)

describe('Grow: a module and the conditions made with it', () => {
  it('advice: a module refused for its video address leaves no condition; the retry makes exactly one', async () => {
    const name = unique('Droge huid ')
    const fresh = { id: randomUUID(), name, subconditions: [dry] }
    const body = {
      name: unique('Hydrateren '),
      kind: 'customerAdvice',
      conditionIds: [fresh.id],
      newConditions: [fresh],
    }

    const refused = await post({ ...body, videoUrl: 'https://video.example.test/droge-huid' })
    expect(refused.statusCode).toBe(400)
    expect(await conditionsNamed(name)).toEqual([])

    const saved = await post({ ...body, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })
    expect(saved.statusCode).toBe(201)
    const made = await conditionsNamed(name)
    expect(made.map((c) => c.id)).toEqual([fresh.id])
    expect(saved.json().conditionIds).toEqual([fresh.id])
  })

  it('advice: a module the service refuses (unknown group) leaves no condition either', async () => {
    const name = unique('Droge huid ')
    const fresh = { id: randomUUID(), name, subconditions: [dry] }
    const res = await post({
      name: unique('Module '),
      kind: 'customerAdvice',
      groupId: randomUUID(),
      conditionIds: [fresh.id],
      newConditions: [fresh],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields.map((f: { path: string }) => f.path)).toEqual(['groupId'])
    expect(await conditionsNamed(name)).toEqual([])
  })

  it('advice: a new condition on a question that does not exist refuses the module, at the condition', async () => {
    const name = unique('Onbekend ')
    const fresh = { id: randomUUID(), name, subconditions: [{ ...dry, questionId: 'gone' }] }
    const res = await post({
      name: unique('Module '),
      kind: 'customerAdvice',
      conditionIds: [fresh.id],
      newConditions: [fresh],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields[0].path).toMatch(/^newConditions\.0\.subconditions\.0\./)
    expect(await conditionsNamed(name)).toEqual([])
  })

  it('advice: an edit may make a condition too; one left unticked is not made, an id already used is refused', async () => {
    const module = (await post({ name: unique('Module '), kind: 'customerAdvice' })).json()
    const used = { id: randomUUID(), name: unique('Gebruikt '), subconditions: [dry] }
    const unticked = { id: randomUUID(), name: unique('Niet gekozen '), subconditions: [dry] }
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.advice.update, { ...params, id: module.id }),
        headers: owner,
        payload,
      })
    const edited = await put({
      name: module.name,
      kind: 'customerAdvice',
      conditionIds: [used.id],
      newConditions: [used, unticked],
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().conditionIds).toEqual([used.id])
    expect(await conditionsNamed(used.name)).toHaveLength(1)
    expect(await conditionsNamed(unticked.name)).toEqual([])

    const again = await put({
      name: module.name,
      kind: 'customerAdvice',
      conditionIds: [used.id],
      newConditions: [used],
    })
    expect(again.statusCode).toBe(400)
    expect(await conditionsNamed(used.name)).toHaveLength(1)
  })
})
