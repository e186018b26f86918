import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { questionnaireSubmissions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client, newId, pull, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const q = await postQuestionnaire(app, orgA.id, a1.id, orgA.owner.headers)
const here = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const there = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a2.id] })
const desk = await seedEmployee(app, {
  organisationId: orgA.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const args = (customerId = here.id, salonId = a1.id) => ({
  id: newId(),
  salonId,
  customerId,
  questionnaireId: q.id,
  answers: validAnswers(),
  takenBy: 'customer',
  deviceId: 'kiosk-1',
})

describe('sync: questionnaire submissions', () => {
  it('sync: an offline kiosk submission pushed twice (lost response) is stored once', async () => {
    const c = client()
    const a = args()
    const m = c.m('questionnaireSubmission.create', a)
    const o = { orgId: orgA.id, salonId: a1.id, headers: desk.headers, clientId: c.clientId }
    const first = (await push(app, { ...o, mutations: [m] })).json()
    expect(first.results[0]).toMatchObject({ status: 'applied', result: { id: a.id, employeeId: desk.id } })
    const again = (await push(app, { ...o, mutations: [m] })).json()
    expect(again.results[0].status).toBe('duplicate')
    // A second mutation carrying the same submission (another outbox entry) is answered, not doubled.
    const other = (await push(app, { ...o, mutations: [c.m('questionnaireSubmission.create', a)] })).json()
    expect(other.results[0].status).toBe('applied')
    const rows = await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, a.id))
    expect(rows).toHaveLength(1)
  })

  it('sync: missing required answers are rejected with the question ids and the queue moves on', async () => {
    const c = client()
    const bad = c.m('questionnaireSubmission.create', { ...args(), answers: [] })
    const good = c.m('questionnaireSubmission.create', args())
    const res = (
      await push(app, {
        orgId: orgA.id,
        salonId: a1.id,
        headers: desk.headers,
        clientId: c.clientId,
        mutations: [bad, good],
      })
    ).json()
    expect(res.results[0]).toMatchObject({ status: 'rejected', code: 'QUESTIONS_UNANSWERED' })
    expect(res.results[0].details.questionIds).toContain('name')
    expect(res.results[1].status).toBe('applied')
  })

  it('sync: a submission after a change that moved its customer out of the branch in the same push is refused', async () => {
    // The push shares its reads between submissions (server/services/sync/memo.ts), but never
    // across a mutation of another kind: the customer is read again after the move.
    const moving = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const c = client()
    const res = (
      await push(app, {
        orgId: orgA.id,
        salonId: a1.id,
        headers: orgA.owner.headers,
        clientId: c.clientId,
        mutations: [
          c.m('questionnaireSubmission.create', args(moving.id)),
          c.m('customer.update', { id: moving.id, changes: { salonIds: [a2.id] } }),
          c.m('questionnaireSubmission.create', args(moving.id)),
        ],
      })
    ).json()
    expect(res.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected'])
    expect(res.results[2].code).toBe('CUSTOMER_NOT_FOUND')
  })

  it('sync: an answer edit goes through the queue too', async () => {
    const c = client()
    const a = args()
    const o = { orgId: orgA.id, salonId: a1.id, headers: desk.headers, clientId: c.clientId }
    await push(app, { ...o, mutations: [c.m('questionnaireSubmission.create', a)] })
    const edit = c.m('questionnaireSubmission.updateAnswer', { id: a.id, salonId: a1.id, questionId: 'age', value: 50 })
    const res = (await push(app, { ...o, mutations: [edit] })).json()
    expect(res.results[0].status).toBe('applied')
    expect(res.results[0].result.answers).toContainEqual({ questionId: 'age', value: 50 })
  })

  it("sync: the feed carries the questionnaires and this branch's customers' submissions only", async () => {
    await push(app, {
      orgId: orgA.id,
      salonId: a2.id,
      headers: orgA.owner.headers,
      clientId: client().clientId,
      mutations: [client().m('questionnaireSubmission.create', args(there.id, a2.id))],
    })
    const page = (await pull(app, { orgId: orgA.id, salonId: a1.id, headers: desk.headers })).json()
    const qs = page.changes.filter((c: { entity: string }) => c.entity === 'questionnaire')
    expect(qs.map((c: { row: { id: string } }) => c.row.id)).toContain(q.id)
    const subs = page.changes.filter((c: { entity: string }) => c.entity === 'questionnaireSubmission')
    expect(subs.length).toBeGreaterThan(0)
    expect(subs.every((c: { row: { customerId: string } }) => c.row.customerId === here.id)).toBe(true)
    const versions = page.changes.map((c: { version: number }) => c.version)
    expect(versions).toEqual([...versions].sort((x, y) => x - y))
    // An edit later comes again with a newer version.
    const b = (await pull(app, { orgId: orgB.id, salonId: orgB.salons[0].id, headers: orgB.owner.headers })).json()
    expect(b.changes.some((c: { entity: string }) => c.entity === 'questionnaireSubmission')).toBe(false)
    expect(
      b.changes.some(
        (c: { entity: string; row?: { id: string } }) => c.entity === 'questionnaire' && c.row?.id === q.id,
      ),
    ).toBe(false)
  })

  it('sync: a questionnaire edit reaches replicas after their cursor', async () => {
    const first = (await pull(app, { orgId: orgA.id, salonId: a1.id, headers: desk.headers })).json()
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.questionnaires.update, { org: orgA.id, salon: a1.id, id: q.id }),
      headers: orgA.owner.headers,
      payload: { name: 'Renamed in sync' },
    })
    const next = (
      await pull(app, { orgId: orgA.id, salonId: a1.id, headers: desk.headers, since: first.cursor })
    ).json()
    expect(next.changes).toEqual([
      expect.objectContaining({
        entity: 'questionnaire',
        deleted: false,
        row: expect.objectContaining({ name: 'Renamed in sync' }),
      }),
    ])
  })
})
