import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DashboardConfig, DashboardConfigurationRead } from '../../contract/dashboard'
import { auditEvents, dashboardConfigurations } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { postQuestionnaire, questionnaireBody } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const owner = orgA.owner.headers
const url = (salon = a1.id, org = orgA.id) => apiUrl(API.dashboardConfigurations.get, { org, salon })
const reader = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const nobody = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: [] })
const salonManager = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['manageSalons'],
})

const qn = await postQuestionnaire(
  app,
  orgA.id,
  a1.id,
  owner,
  questionnaireBody({
    name: 'Card intake',
    questions: [
      { id: 'goal', name: 'What do you wish for?', type: 'string', group: 'wishes' },
      { id: 'type', name: 'Skin feels', type: 'string', group: 'skin' },
      { id: 'sleep', name: 'Hours of sleep', type: 'number', group: 'vitality' },
      { id: 'free', name: 'Anything else', type: 'string' },
    ],
  }),
)

const el = (id: string, source: DashboardConfig['modules'][number]['elements'][number]['source'], over = {}) => ({
  id,
  type: 'Direct' as const,
  labelPosition: 'top' as const,
  label: '',
  labelPostfix: '',
  maxLabelWidth: null,
  size: 'Default' as const,
  source,
  condition: null,
  ...over,
})
const config = (
  wishes = [el('w1', { kind: 'question', questionnaireId: qn.id, questionId: 'goal' })],
): DashboardConfig => ({
  modules: [
    { kind: 'Wishes', enabled: true, elements: wishes },
    {
      kind: 'Skin',
      enabled: true,
      elements: [el('s1', { kind: 'question', questionnaireId: qn.id, questionId: 'type' })],
    },
    {
      kind: 'Basic',
      enabled: true,
      elements: [el('b1', { kind: 'field', field: 'phoneNumber' }, { type: 'Persistent' })],
    },
    { kind: 'Advice', enabled: false, elements: [] },
  ],
})
const post = (headers: Record<string, string>, body: object, salon = a1.id, org = orgA.id) =>
  app.inject({ method: 'POST', url: url(salon, org), headers, payload: body })

describe('GET /dashboard-configurations', () => {
  it('dashboard: without a stored configuration answers the default, built from the grouped questions', async () => {
    const res = await app.inject({ method: 'GET', url: url(a2.id), headers: owner })
    expect(res.statusCode).toBe(200)
    const body = res.json() as DashboardConfigurationRead
    expect(body).toMatchObject({ id: a2.id, salonId: a2.id, isDefault: true, version: 0, problems: [] })
    const wishes = body.config.modules.find((m) => m.kind === 'Wishes')
    expect(wishes?.elements.map((e) => e.source)).toContainEqual({
      kind: 'question',
      questionnaireId: qn.id,
      questionId: 'goal',
    })
    const skin = body.config.modules.find((m) => m.kind === 'Skin')
    expect(skin?.elements.some((e) => e.source.kind === 'question' && e.source.questionId === 'free')).toBe(false)
    expect(body.config.modules.map((m) => m.kind).sort()).toEqual(
      ['Advice', 'Basic', 'Documents', 'Reporting', 'Skin', 'Vitality', 'Wishes', 'Wishes2'].sort(),
    )
  })

  it('dashboard: a reader of customers may read it; no rights is 403; another organisation or branch is 404', async () => {
    expect((await app.inject({ method: 'GET', url: url(), headers: reader.headers })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: url(), headers: nobody.headers })).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: url(orgB.salons[0].id), headers: owner })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: url(orgB.salons[0].id, orgB.id), headers: owner })).statusCode).toBe(
      404,
    )
    expect((await app.inject({ method: 'GET', url: url(a1.id), headers: orgB.owner.headers })).statusCode).toBe(404)
  })
})

describe('POST /dashboard-configurations', () => {
  it('dashboard: saves the branch card with a new version, audited as dashboardConfigurationUpdate', async () => {
    const res = await post(owner, { config: config() })
    expect(res.statusCode).toBe(200)
    const body = res.json() as DashboardConfigurationRead
    expect(body).toMatchObject({ id: a1.id, isDefault: false, problems: [] })
    expect(body.version).toBeGreaterThan(0)
    // Kinds left out are kept, switched off.
    expect(body.config.modules).toHaveLength(8)
    expect(body.config.modules.find((m) => m.kind === 'Documents')).toMatchObject({ enabled: false })
    const again = (await app.inject({ method: 'GET', url: url(), headers: reader.headers })).json()
    expect(again).toEqual(body)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'dashboardConfigurationUpdate'))
    expect(events.some((e) => e.salonId === a1.id && e.actorId === orgA.owner.id)).toBe(true)
    // One row per branch: saving again updates it.
    const second = (await post(owner, { config: config([]) })).json() as DashboardConfigurationRead
    expect(second.version).toBeGreaterThan(body.version)
    expect(
      await app.db.select().from(dashboardConfigurations).where(eq(dashboardConfigurations.salonId, a1.id)),
    ).toHaveLength(1)
    // The other branch still has the default.
    expect((await app.inject({ method: 'GET', url: url(a2.id), headers: owner })).json()).toMatchObject({
      isDefault: true,
    })
  })

  it('dashboard: an element pointing to a missing question is refused with its path, nothing changes', async () => {
    const before = await app.db.select().from(dashboardConfigurations)
    const res = await post(owner, {
      config: config([el('w1', { kind: 'question', questionnaireId: qn.id, questionId: 'gone' })]),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toContainEqual(
      expect.objectContaining({ path: 'config.modules.0.elements.0.source', code: 'dashboard.questionMissing' }),
    )
    expect(await app.db.select().from(dashboardConfigurations)).toEqual(before)
  })

  it('dashboard: a question of another group, a customer field outside Basic/Reporting and elements on Advice are refused', async () => {
    const wrongGroup = await post(owner, {
      config: config([el('w1', { kind: 'question', questionnaireId: qn.id, questionId: 'sleep' })]),
    })
    expect(wrongGroup.statusCode).toBe(400)
    expect(wrongGroup.json().details.fields[0].code).toBe('dashboard.groupMismatch')
    const field = await post(owner, { config: config([el('w1', { kind: 'field', field: 'email' })]) })
    expect(field.statusCode).toBe(400)
    const advice = await post(owner, {
      config: { modules: [{ kind: 'Advice', enabled: true, elements: [el('a', { kind: 'field', field: 'email' })] }] },
    })
    expect(advice.statusCode).toBe(400)
  })

  it('dashboard: bad input is a clear 400 (duplicate kinds, unknown label position, Conditional without condition)', async () => {
    const dup = await post(owner, {
      config: {
        modules: [
          { kind: 'Wishes', enabled: true, elements: [] },
          { kind: 'Wishes', enabled: false, elements: [] },
        ],
      },
    })
    expect(dup.statusCode).toBe(400)
    const pos = await post(owner, {
      config: config([
        el('w1', { kind: 'question', questionnaireId: qn.id, questionId: 'goal' }, { labelPosition: 'middle' }),
      ]),
    })
    expect(pos.statusCode).toBe(400)
    const cond = await post(owner, {
      config: config([
        el('w1', { kind: 'question', questionnaireId: qn.id, questionId: 'goal' }, { type: 'Conditional' }),
      ]),
    })
    expect(cond.statusCode).toBe(400)
    const ok = await post(owner, {
      config: config([
        el(
          'w1',
          { kind: 'question', questionnaireId: qn.id, questionId: 'goal' },
          { type: 'Conditional', condition: { operator: 'answered' } },
        ),
      ]),
    })
    expect(ok.statusCode).toBe(200)
  })

  it('dashboard: managing needs manageSalons (or owning the organisation); readers are 403; another organisation 404', async () => {
    expect((await post(reader.headers, { config: config() })).statusCode).toBe(403)
    expect((await post(salonManager.headers, { config: config() })).statusCode).toBe(200)
    expect((await post(owner, { config: config() }, orgB.salons[0].id)).statusCode).toBe(404)
    expect((await post(orgB.owner.headers, { config: config() })).statusCode).toBe(404)
  })

  it('dashboard: a stored element whose question was removed later is flagged on GET', async () => {
    await post(owner, { config: config() })
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgA.id, salon: a1.id, id: qn.id }),
      headers: owner,
      payload: questionnaireBody({
        name: 'Card intake',
        questions: [
          { id: 'type', name: 'Skin feels', type: 'string', group: 'skin' },
          { id: 'sleep', name: 'Hours of sleep', type: 'number', group: 'vitality' },
        ],
      }),
    })
    expect(res.statusCode).toBe(200)
    const body = (await app.inject({ method: 'GET', url: url(), headers: owner })).json() as DashboardConfigurationRead
    expect(body.problems).toEqual([{ kind: 'Wishes', elementId: 'w1', code: 'dashboard.questionMissing' }])
  })
})
