import { describe, expect, it } from 'vitest'
import { buildTestApp, unique } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { postQuestionnaire, questionnaireBody } from './questionnaires-fixtures'
import { pull } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Grow modules (issue 11): /organisations/{org}/salons/{salon}/advices, its groups and its
 * conditions. Every endpoint, the validation (names, video, sanitised text, the deleted-question
 * rule), the order, tenants and permissions, and the sync feed with its tombstones.
 */

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readAdvice'] })
const manager = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['manageAdvice'] })
const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
const qB = await postQuestionnaire(app, orgB.id, orgB.salons[0].id, orgB.owner.headers)

type Headers = Record<string, string>
const base = (salon = a1.id, org = orgA.id) => apiUrl(API.advice.list, { org, salon })
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Headers = owner) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const fields = (res: { json: () => { details?: { fields?: { path: string; code: string }[] } } }) =>
  res.json().details?.fields?.map((f) => [f.path, f.code])

const moduleBody = (over: Record<string, unknown> = {}) => ({
  name: unique('Module '),
  kind: 'customerAdvice',
  ...over,
})
const dry = { questionnaireId: q.id, questionId: 'skin', operator: 'equals', value: 'dry' }
const condition = (over: Record<string, unknown> = {}) => ({
  name: unique('Condition '),
  subconditions: [dry],
  ...over,
})

describe('Grow modules', () => {
  it('advice: create, list in order, edit and delete a module with every field', async () => {
    const group = (
      await req('POST', apiUrl(API.advice.createGroup, { org: orgA.id, salon: a1.id }), { name: unique('Huid ') })
    ).json()
    const cond = (
      await req('POST', apiUrl(API.advice.createCondition, { org: orgA.id, salon: a1.id }), condition())
    ).json()
    const created = await req(
      'POST',
      base(),
      moduleBody({
        name: '  Hydrateren  ',
        text: '<p>Drink <strong>water</strong></p>',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        podcastUrl: 'https://podcast.example.test/afl-1',
        groupId: group.id,
        category: 'Treatment',
        length: 'Long',
        markers: ['Wishes', 'Persistent'],
        conditionIds: [cond.id],
        audio: { path: `${orgA.id}/audio/abc-123.mp3`, url: 'ignored', durationSeconds: 12.5 },
      }),
      manager.headers,
    )
    expect(created.statusCode).toBe(201)
    const a = created.json()
    expect(a).toMatchObject({
      name: 'Hydrateren',
      salonId: a1.id,
      contentType: 'text',
      text: '<p>Drink <strong>water</strong></p>',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      groupId: group.id,
      kind: 'customerAdvice',
      category: 'Treatment',
      length: 'Long',
      markers: ['Wishes', 'Persistent'],
      conditionIds: [cond.id],
      audio: {
        path: `${orgA.id}/audio/abc-123.mp3`,
        url: `/storage/${orgA.id}/audio/abc-123.mp3`,
        durationSeconds: 12.5,
      },
    })
    const b = (await req('POST', base(), moduleBody({ kind: 'employeeAdvice' }))).json()
    expect(b.position).toBeGreaterThan(a.position)

    const list = await req('GET', base(), undefined, reader.headers)
    expect(list.statusCode).toBe(200)
    expect(list.json().map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]))

    const edited = await req(
      'PUT',
      apiUrl(API.advice.update, { org: orgA.id, salon: a1.id, id: a.id }),
      moduleBody({ name: 'Hydrateren 2', contentType: 'url', url: 'https://salon.example.test/advies', groupId: null }),
      manager.headers,
    )
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ name: 'Hydrateren 2', contentType: 'url', groupId: null, conditionIds: [] })
    expect(edited.json().version).toBeGreaterThan(a.version)

    expect((await req('DELETE', apiUrl(API.advice.remove, { org: orgA.id, salon: a1.id, id: a.id }))).statusCode).toBe(
      204,
    )
    expect((await req('GET', base())).json().map((x: { id: string }) => x.id)).not.toContain(a.id)
    expect((await req('DELETE', apiUrl(API.advice.remove, { org: orgA.id, salon: a1.id, id: a.id }))).statusCode).toBe(
      404,
    )
    expect(
      (await req('PUT', apiUrl(API.advice.update, { org: orgA.id, salon: a1.id, id: a.id }), moduleBody())).statusCode,
    ).toBe(404)
  })

  it('advice: validation — name, kind, video only YouTube or Vimeo, http(s) addresses, audio under the organisation', async () => {
    const empty = await req('POST', base(), { name: '  ', kind: 'customerAdvice' })
    expect(empty.statusCode).toBe(400)
    expect(fields(empty)).toEqual([['name', 'advice.name']])
    expect(empty.json().details.fields[0].message).toBe('Name is required.')

    const video = await req('POST', base(), moduleBody({ videoUrl: 'https://dailymotion.com/video/x1' }))
    expect(video.statusCode).toBe(400)
    expect(fields(video)).toEqual([['videoUrl', 'advice.videoUrl']])
    expect(video.json().details.fields[0].message).toBe('Video URLs accept only YouTube and Vimeo.')
    for (const ok of ['https://vimeo.com/76979871', 'https://www.youtube.com/watch?v=abcdefghijk'])
      expect((await req('POST', base(), moduleBody({ videoUrl: ok }))).statusCode).toBe(201)

    const bad = await req(
      'POST',
      base(),
      moduleBody({ podcastUrl: 'javascript:alert(1)', contentType: 'url', url: 'ftp://files.example.test/x' }),
    )
    expect(fields(bad)).toEqual(
      expect.arrayContaining([
        ['podcastUrl', 'advice.url'],
        ['url', 'advice.url'],
      ]),
    )
    const noUrl = await req('POST', base(), moduleBody({ contentType: 'url' }))
    expect(fields(noUrl)).toEqual([['url', 'advice.url']])

    const foreignAudio = await req(
      'POST',
      base(),
      moduleBody({ audio: { path: `${orgB.id}/audio/x.mp3`, url: '', durationSeconds: 1 } }),
    )
    expect(foreignAudio.statusCode).toBe(400)
    expect(fields(foreignAudio)).toEqual([['audio', 'advice.audio']])
    const outside = await req(
      'POST',
      base(),
      moduleBody({ audio: { path: `${orgA.id}/audio/../logo/x.mp3`, url: '', durationSeconds: 1 } }),
    )
    expect(fields(outside)).toEqual([['audio', 'advice.audio']])

    expect(fields(await req('POST', base(), moduleBody({ kind: 'other' })))?.[0]?.[0]).toBe('kind')
  })

  it('advice: the rich text is sanitised on the server (scripts, handlers, javascript: links are dropped)', async () => {
    const res = await req(
      'POST',
      base(),
      moduleBody({
        text:
          '<p onclick="steal()">Hallo <script>alert(1)</script><img src=x onerror="alert(2)">' +
          '<a href="javascript:alert(3)">slecht</a> <a href="https://example.test">goed</a></p>' +
          '<h1>Kop</h1><h2 style="color:red">Sub</h2><ul><li>een</li></ul><iframe src="https://evil.test"></iframe>',
      }),
    )
    expect(res.statusCode).toBe(201)
    const text: string = res.json().text
    expect(text).not.toMatch(/script|onerror|onclick|javascript:|<img|<iframe|style=|<h1/i)
    expect(text).toContain('<a href="https://example.test" rel="noopener noreferrer" target="_blank">goed</a>')
    expect(text).toContain('<h2>Sub</h2>')
    expect(text).toContain('<ul><li>een</li></ul>')
    expect(text).toContain('slecht')
  })

  it('advice: a group or condition of another branch is refused at its field', async () => {
    const otherGroup = (
      await req('POST', apiUrl(API.advice.createGroup, { org: orgA.id, salon: a2.id }), { name: unique('G ') })
    ).json()
    const otherCond = (
      await req('POST', apiUrl(API.advice.createCondition, { org: orgA.id, salon: a2.id }), condition())
    ).json()
    const res = await req('POST', base(), moduleBody({ groupId: otherGroup.id, conditionIds: [otherCond.id] }))
    expect(res.statusCode).toBe(400)
    expect(fields(res)).toEqual(
      expect.arrayContaining([
        ['groupId', 'advice.group'],
        ['conditionIds.0', 'advice.condition'],
      ]),
    )
  })

  it('advice: PUT /order sets the whole order and moves modules between groups', async () => {
    const salon = a2.id
    const g = (
      await req('POST', apiUrl(API.advice.createGroup, { org: orgA.id, salon }), { name: unique('Orde ') })
    ).json()
    const ids: string[] = []
    for (const n of ['Een', 'Twee', 'Drie'])
      ids.push((await req('POST', base(salon), moduleBody({ name: n }))).json().id)
    const live = (await req('GET', base(salon))).json().map((x: { id: string }) => x.id) as string[]
    const wanted = [ids[2], ids[0], ids[1], ...live.filter((x) => !ids.includes(x))]
    const res = await req('PUT', apiUrl(API.advice.reorder, { org: orgA.id, salon }), {
      ids: wanted,
      groups: { [ids[0]]: g.id },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().map((x: { id: string }) => x.id)).toEqual(wanted)
    expect(res.json().find((x: { id: string }) => x.id === ids[0]).groupId).toBe(g.id)
    // A module not named keeps its place after the named ones; an unknown id is not found.
    const partial = await req('PUT', apiUrl(API.advice.reorder, { org: orgA.id, salon }), { ids: [ids[1]] })
    expect(partial.json()[0].id).toBe(ids[1])
    expect(
      (await req('PUT', apiUrl(API.advice.reorder, { org: orgA.id, salon }), { ids: [crypto.randomUUID()] }))
        .statusCode,
    ).toBe(404)
    const badGroup = await req('PUT', apiUrl(API.advice.reorder, { org: orgA.id, salon }), {
      ids: [],
      groups: { [ids[0]]: crypto.randomUUID() },
    })
    expect(badGroup.statusCode).toBe(400)
  })
})

describe('Grow groups', () => {
  it('advice groups: create, rename, order, delete (its modules stay without a group); the name is unique per branch', async () => {
    const url = apiUrl(API.advice.listGroups, { org: orgA.id, salon: a1.id })
    const name = unique('Gezicht ')
    const g = await req('POST', url, { name })
    expect(g.statusCode).toBe(201)
    const taken = await req('POST', url, { name: name.toUpperCase() })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({
      code: 'ADVICE_GROUP_NAME_TAKEN',
      message: 'A group with the given name already exists.',
    })
    // Another branch may use the name.
    expect(
      (await req('POST', apiUrl(API.advice.createGroup, { org: orgA.id, salon: a2.id }), { name })).statusCode,
    ).toBe(201)
    expect(fields(await req('POST', url, { name: '' }))).toEqual([['name', 'advice.name']])

    const h = (await req('POST', url, { name: unique('Lichaam ') })).json()
    expect((await req('PUT', `${url}/${h.id}`, { name })).statusCode).toBe(409)
    const renamed = await req('PUT', `${url}/${h.id}`, { name: `${name} 2` })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().name).toBe(`${name} 2`)

    const order = await req('PUT', `${url}/order`, { ids: [h.id, g.json().id] })
    expect(order.statusCode).toBe(200)
    const ordered = order.json().map((x: { id: string }) => x.id) as string[]
    expect(ordered.indexOf(h.id)).toBeLessThan(ordered.indexOf(g.json().id))

    const member = (await req('POST', base(), moduleBody({ groupId: g.json().id }))).json()
    expect((await req('DELETE', `${url}/${g.json().id}`)).statusCode).toBe(204)
    const after = (await req('GET', base())).json().find((x: { id: string }) => x.id === member.id)
    expect(after.groupId).toBeNull()
    expect(after.version).toBeGreaterThan(member.version)
    expect((await req('GET', url)).json().map((x: { id: string }) => x.id)).not.toContain(g.json().id)
    // The name is free again once deleted.
    expect((await req('POST', url, { name })).statusCode).toBe(201)
    expect((await req('DELETE', `${url}/${g.json().id}`)).statusCode).toBe(404)
  })
})

describe('Grow conditions', () => {
  const url = apiUrl(API.advice.listConditions, { org: orgA.id, salon: a1.id })

  it('advice conditions: create, list, edit and delete; operators that fit each question type', async () => {
    const c = await req(
      'POST',
      url,
      condition({
        subconditions: [
          { questionnaireId: q.id, questionId: 'skin', operator: 'anyOf', values: ['dry', 'oily'] },
          { questionnaireId: q.id, questionId: 'age', operator: 'atLeast', value: 40 },
          { questionnaireId: q.id, questionId: 'visit', operator: 'lessThan', value: '2026-01-01' },
          { questionnaireId: q.id, questionId: 'stars', operator: 'greaterThan', value: 3 },
          { questionnaireId: q.id, questionId: 'allergic', operator: 'equals', value: true },
          { questionnaireId: q.id, questionId: 'name', operator: 'includes', value: 'an' },
          { questionnaireId: q.id, questionId: 'photo', operator: 'notAnswered' },
        ],
      }),
      manager.headers,
    )
    expect(c.statusCode).toBe(201)
    expect(c.json().subconditions).toHaveLength(7)
    expect((await req('GET', url, undefined, reader.headers)).json().map((x: { id: string }) => x.id)).toContain(
      c.json().id,
    )
    const edited = await req('PUT', `${url}/${c.json().id}`, condition({ name: 'Droog' }))
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ name: 'Droog', subconditions: [dry] })

    const unfit = await req(
      'POST',
      url,
      condition({
        subconditions: [
          { questionnaireId: q.id, questionId: 'skin', operator: 'greaterThan', value: 3 },
          { questionnaireId: q.id, questionId: 'age', operator: 'anyOf', values: ['1'] },
          { questionnaireId: q.id, questionId: 'name', operator: 'atLeast', value: 'x' },
          { questionnaireId: q.id, questionId: 'age', operator: 'atLeast' },
          { questionnaireId: q.id, questionId: 'intro', operator: 'answered' },
        ],
      }),
    )
    expect(unfit.statusCode).toBe(400)
    expect(fields(unfit)).toEqual([
      ['subconditions.0.operator', 'advice.operator'],
      ['subconditions.1.operator', 'advice.operator'],
      ['subconditions.2.operator', 'advice.operator'],
      ['subconditions.3.value', 'advice.value'],
      ['subconditions.4.questionId', 'advice.question'],
    ])
    expect(unfit.json().details.fields[3].message).toBe('Subcondition 4: choose a value.')
    expect(fields(await req('POST', url, { name: '', subconditions: [] }))).toEqual([
      ['name', 'advice.name'],
      ['subconditions', 'advice.subconditions'],
    ])

    expect((await req('DELETE', `${url}/${c.json().id}`)).statusCode).toBe(204)
    expect((await req('GET', url)).json().map((x: { id: string }) => x.id)).not.toContain(c.json().id)
    expect((await req('DELETE', `${url}/${c.json().id}`)).statusCode).toBe(404)
  })

  it('advice conditions: a deleted question or option, or another organisation’s questionnaire, is refused naming the subcondition', async () => {
    const own = await postQuestionnaire(app, orgA.id, a1.id, owner, questionnaireBody({ name: 'Tijdelijk' }))
    const on = (questionId: string, extra: object) => ({ questionnaireId: own.id, questionId, ...extra })
    const ok = await req('POST', url, condition({ subconditions: [on('skin', { operator: 'equals', value: 'oily' })] }))
    expect(ok.statusCode).toBe(201)
    // The questionnaire loses the option `oily` and the question `age`.
    const body = questionnaireBody()
    const questions = (body.questions ?? [])
      .filter((x) => x.id !== 'age')
      .map((x) => (x.id === 'skin' ? { ...x, options: x.options?.filter((o) => o.id !== 'oily') } : x))
    const changed = await req('PUT', apiUrl(API.questionnaires.get, { org: orgA.id, salon: a1.id, id: own.id }), {
      questions,
    })
    expect(changed.statusCode).toBe(200)

    const refused = await req(
      'POST',
      url,
      condition({
        subconditions: [
          on('skin', { operator: 'equals', value: 'dry' }),
          on('skin', { operator: 'noneOf', values: ['dry', 'oily'] }),
          on('age', { operator: 'answered' }),
          { questionnaireId: qB.id, questionId: 'skin', operator: 'answered' },
        ],
      }),
    )
    expect(refused.statusCode).toBe(400)
    expect(fields(refused)).toEqual([
      ['subconditions.1.values.1', 'advice.option'],
      ['subconditions.2.questionId', 'advice.question'],
      ['subconditions.3.questionnaireId', 'advice.questionnaire'],
    ])
    expect(refused.json().details.fields[1].message).toBe('Subcondition 3: the question no longer exists.')
    // Saving the stored condition that now points to the removed option is refused too.
    const again = await req('PUT', `${url}/${ok.json().id}`, condition({ subconditions: ok.json().subconditions }))
    expect(fields(again)).toEqual([['subconditions.0.value', 'advice.option']])

    // The questionnaire editor's warning: the usage of that questionnaire lists the condition.
    const usage = await req('GET', apiUrl(API.advice.questionnaireUsage, { org: orgA.id, salon: a1.id, id: own.id }))
    expect(usage.statusCode).toBe(200)
    expect(usage.json()).toEqual([
      expect.objectContaining({ conditionId: ok.json().id, questionId: 'skin', optionIds: ['oily'], modules: [] }),
    ])
  })

  it('advice conditions: one used by modules is not deleted (the modules are named)', async () => {
    const c = (await req('POST', url, condition())).json()
    const m = (await req('POST', base(), moduleBody({ name: 'Gebruikt', conditionIds: [c.id] }))).json()
    const refused = await req('DELETE', `${url}/${c.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'ADVICE_CONDITION_IN_USE',
      details: { modules: [{ id: m.id, name: 'Gebruikt' }] },
    })
    const usage = await req('GET', apiUrl(API.advice.questionnaireUsage, { org: orgA.id, salon: a1.id, id: q.id }))
    expect(usage.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ conditionId: c.id, questionId: 'skin', modules: [{ id: m.id, name: 'Gebruikt' }] }),
      ]),
    )
    await req(
      'PUT',
      apiUrl(API.advice.update, { org: orgA.id, salon: a1.id, id: m.id }),
      moduleBody({ name: 'Gebruikt', conditionIds: [] }),
    )
    expect((await req('DELETE', `${url}/${c.id}`)).statusCode).toBe(204)
  })
})

describe('Grow: tenants, permissions and sync', () => {
  it('advice: another organisation’s branch or rows are not found; another branch’s row is not found', async () => {
    const theirs = (await req('POST', base(orgB.salons[0].id, orgB.id), moduleBody(), orgB.owner.headers)).json()
    const theirGroup = (
      await req(
        'POST',
        apiUrl(API.advice.createGroup, { org: orgB.id, salon: orgB.salons[0].id }),
        { name: 'X' },
        orgB.owner.headers,
      )
    ).json()
    expect((await req('GET', base(orgB.salons[0].id))).statusCode).toBe(404)
    expect((await req('GET', base(orgB.salons[0].id, orgB.id))).statusCode).toBe(404)
    expect(
      (await req('PUT', apiUrl(API.advice.update, { org: orgA.id, salon: a1.id, id: theirs.id }), moduleBody()))
        .statusCode,
    ).toBe(404)
    expect(
      (await req('DELETE', apiUrl(API.advice.remove, { org: orgA.id, salon: a1.id, id: theirs.id }))).statusCode,
    ).toBe(404)
    expect(
      (
        await req('PUT', apiUrl(API.advice.updateGroup, { org: orgA.id, salon: a1.id, id: theirGroup.id }), {
          name: 'Y',
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await req('PUT', apiUrl(API.advice.reorder, { org: orgA.id, salon: a1.id }), { ids: [theirs.id] })).statusCode,
    ).toBe(404)
    expect(fields(await req('POST', base(), moduleBody({ groupId: theirGroup.id })))).toEqual([
      ['groupId', 'advice.group'],
    ])
    const ours = (await req('POST', base(a2.id), moduleBody())).json()
    expect(
      (await req('PUT', apiUrl(API.advice.update, { org: orgA.id, salon: a1.id, id: ours.id }), moduleBody()))
        .statusCode,
    ).toBe(404)
  })

  it('advice: readers read, only managers change; nothing changes on a refused call', async () => {
    expect((await req('GET', base(), undefined, reader.headers)).statusCode).toBe(200)
    const refused = await req('POST', base(), moduleBody({ name: 'Niet' }), reader.headers)
    expect(refused.statusCode).toBe(403)
    expect(
      (
        await req(
          'POST',
          apiUrl(API.advice.createGroup, { org: orgA.id, salon: a1.id }),
          { name: 'Niet' },
          reader.headers,
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await req(
          'POST',
          apiUrl(API.advice.createCondition, { org: orgA.id, salon: a1.id }),
          condition(),
          reader.headers,
        )
      ).statusCode,
    ).toBe(403)
    expect((await req('GET', base())).json().some((x: { name: string }) => x.name === 'Niet')).toBe(false)
    // The manager of branch 1 manages nothing in branch 2.
    expect((await req('GET', base(a2.id), undefined, manager.headers)).statusCode).toBe(403)
    expect((await req('POST', base(a2.id), moduleBody(), manager.headers)).statusCode).toBe(403)
    const nobody = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [a1.id],
      permissions: ['readCustomers'],
    })
    expect(
      (await req('GET', apiUrl(API.advice.listConditions, { org: orgA.id, salon: a1.id }), undefined, nobody.headers))
        .statusCode,
    ).toBe(403)
  })

  it('advice: modules, groups and conditions arrive through the feed; deletes as tombstones', async () => {
    const first = await pull(app, { orgId: orgA.id, salonId: a1.id, headers: reader.headers })
    const since = first.json().cursor as number
    const g = (
      await req('POST', apiUrl(API.advice.createGroup, { org: orgA.id, salon: a1.id }), { name: unique('Sync ') })
    ).json()
    const c = (
      await req('POST', apiUrl(API.advice.createCondition, { org: orgA.id, salon: a1.id }), condition())
    ).json()
    const m = (await req('POST', base(), moduleBody({ groupId: g.id, conditionIds: [c.id] }))).json()
    const next = await pull(app, { orgId: orgA.id, salonId: a1.id, headers: reader.headers, since })
    const changes = next.json().changes as { entity: string; id?: string; deleted?: boolean; row?: { id: string } }[]
    expect(changes.find((x) => x.entity === 'advice' && x.row?.id === m.id)?.row).toEqual(m)
    expect(changes.find((x) => x.entity === 'adviceGroup' && x.row?.id === g.id)?.row).toEqual(g)
    expect(changes.find((x) => x.entity === 'adviceCondition' && x.row?.id === c.id)?.row).toEqual(c)

    const cursor = next.json().cursor as number
    await req('DELETE', apiUrl(API.advice.remove, { org: orgA.id, salon: a1.id, id: m.id }))
    await req('DELETE', apiUrl(API.advice.removeCondition, { org: orgA.id, salon: a1.id, id: c.id }))
    await req('DELETE', apiUrl(API.advice.removeGroup, { org: orgA.id, salon: a1.id, id: g.id }))
    const gone = (await pull(app, { orgId: orgA.id, salonId: a1.id, headers: reader.headers, since: cursor })).json()
      .changes as { entity: string; id: string; deleted?: boolean }[]
    for (const [entity, id] of [
      ['advice', m.id],
      ['adviceCondition', c.id],
      ['adviceGroup', g.id],
    ])
      expect(gone).toContainEqual(expect.objectContaining({ entity, id, deleted: true }))
    // Someone who does not read advice gets none of it.
    const nobody = await seedEmployee(app, {
      organisationId: orgA.id,
      salonIds: [a1.id],
      permissions: ['readCustomers'],
    })
    const theirs = (await pull(app, { orgId: orgA.id, salonId: a1.id, headers: nobody.headers })).json()
    expect(theirs.withheld).toEqual(expect.arrayContaining(['advice', 'adviceGroup', 'adviceCondition']))
  })
})
