import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { customerActivities as activities, questionnaireSubmissions } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedOrganisation } from '../helpers/factories'
import { postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client, newId, pull, push } from './sync-fixtures'

// The customer area's outbox: a signed-in customer pushes their own submissions through sync.
const app = await buildTestApp()
const orgA = await seedOrganisation(app, { salons: 2 })
const orgB = await seedOrganisation(app)
const [a1, a2] = orgA.salons
const q = await postQuestionnaire(app, orgA.id, a1.id, orgA.owner.headers)
const anna = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const bob = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const carol = await insertCustomer(app, { organisationId: orgB.id, salonIds: [orgB.salons[0].id] })
const sessionOf = async (id: string, org: string) =>
  bearer((await createSession(app.db, { kind: 'customer', subjectId: id, organisationId: org, ttlHours: 1 })).token)
const annaAuth = await sessionOf(anna.id, orgA.id)
const carolAuth = await sessionOf(carol.id, orgB.id)

const args = (customerId = anna.id, salonId = a1.id) => ({
  id: newId(),
  salonId,
  customerId,
  questionnaireId: q.id,
  answers: validAnswers(),
  takenBy: 'employee',
})
const stored = async (id: string) =>
  app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.id, id))

describe('sync push: a customer session', () => {
  it('creates their own submission once (taken by the customer), a resend is a duplicate', async () => {
    const c = client()
    const a = args()
    const m = c.m('questionnaireSubmission.create', a)
    const o = { orgId: orgA.id, salonId: a1.id, headers: annaAuth, clientId: c.clientId }
    const first = await push(app, { ...o, mutations: [m] })
    expect(first.statusCode).toBe(200)
    expect(first.json().results[0]).toMatchObject({
      status: 'applied',
      result: { id: a.id, customerId: anna.id, takenBy: 'customer', employeeId: null },
    })
    expect((await push(app, { ...o, mutations: [m] })).json().results[0].status).toBe('duplicate')
    expect(await stored(a.id)).toHaveLength(1)
  })

  it('is refused for another customer of the same organisation, and nothing is stored', async () => {
    const c = client()
    const a = args(bob.id)
    const res = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: annaAuth,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.create', a)],
    })
    expect(res.json().results[0]).toMatchObject({ status: 'rejected', code: 'CUSTOMER_NOT_FOUND' })
    expect(await stored(a.id)).toHaveLength(0)
  })

  it('is refused for other mutations (customer edits)', async () => {
    const c = client()
    const res = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: annaAuth,
      clientId: c.clientId,
      mutations: [c.m('customer.update', { id: anna.id, changes: { firstName: 'X' }, base: { firstName: 'Anna' } })],
    })
    expect(res.json().results.map((r: { code: string }) => r.code)).toEqual(['FORBIDDEN'])
  })

  it('changes an answer of their own submission once and logs answerUpdated by the customer', async () => {
    const c = client()
    const a = args()
    const o = { orgId: orgA.id, salonId: a1.id, headers: annaAuth, clientId: c.clientId }
    const create = c.m('questionnaireSubmission.create', a)
    const edit = c.m('questionnaireSubmission.updateAnswer', { id: a.id, salonId: a1.id, questionId: 'age', value: 41 })
    const res = await push(app, { ...o, mutations: [create, edit] })
    expect(res.json().results[1]).toMatchObject({ status: 'applied', result: { id: a.id, customerId: anna.id } })
    expect((await push(app, { ...o, mutations: [edit] })).json().results[0]).toMatchObject({ status: 'duplicate' })
    const [row] = await stored(a.id)
    expect(row.answers).toContainEqual({ questionId: 'age', value: 41 })
    const logged = await app.db
      .select()
      .from(activities)
      .where(and(eq(activities.customerId, anna.id), eq(activities.type, 'answerUpdated')))
    const mine = logged.filter((l) => (l.data as { submissionId: string }).submissionId === a.id)
    expect(mine).toHaveLength(1)
    expect(mine[0].data).toMatchObject({ questionId: 'age', newValue: 41, by: 'customer', employeeId: null })
  })

  it("is refused for another customer's submission and in another organisation; nothing changes", async () => {
    const staff = client()
    const bobs = args(bob.id)
    await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: orgA.owner.headers,
      clientId: staff.clientId,
      mutations: [staff.m('questionnaireSubmission.create', bobs)],
    })
    const c = client()
    const change = { id: bobs.id, salonId: a1.id, questionId: 'age', value: 99 }
    const res = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: annaAuth,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.updateAnswer', change)],
    })
    expect(res.json().results[0]).toMatchObject({ status: 'rejected', code: 'SUBMISSION_NOT_FOUND' })
    // Carol (organisation B) in her own organisation, naming A's submission: it does not exist there.
    const cross = await push(app, {
      orgId: orgB.id,
      salonId: orgB.salons[0].id,
      headers: carolAuth,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.updateAnswer', { ...change, salonId: orgB.salons[0].id })],
    })
    expect(cross.json().results[0]).toMatchObject({ status: 'rejected', code: 'SUBMISSION_NOT_FOUND' })
    // …and in organisation A's branch she is not a customer at all.
    const into = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: carolAuth,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.updateAnswer', change)],
    })
    expect(into.statusCode).toBe(404)
    const [row] = await stored(bobs.id)
    expect(row.answers).not.toContainEqual({ questionId: 'age', value: 99 })
  })

  it("is refused in a branch the customer does not belong to, in another organisation, and on staff's feed", async () => {
    const c = client()
    const m = c.m('questionnaireSubmission.create', args(anna.id, a2.id))
    const other = await push(app, {
      orgId: orgA.id,
      salonId: a2.id,
      headers: annaAuth,
      clientId: c.clientId,
      mutations: [m],
    })
    expect(other.statusCode).toBe(404)
    expect(other.json().code).toBe('SALON_NOT_FOUND')
    // Carol (organisation B) pushes into organisation A: it does not exist for her.
    const cross = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: carolAuth,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.create', args(anna.id))],
    })
    expect(cross.statusCode).toBe(404)
    // Carol in her own organisation but with a customer of A: refused, nothing stored.
    const a = args(anna.id, orgB.salons[0].id)
    const foreign = await push(app, {
      orgId: orgB.id,
      salonId: orgB.salons[0].id,
      headers: carolAuth,
      clientId: c.clientId,
      mutations: [c.m('questionnaireSubmission.create', a)],
    })
    expect(foreign.json().results[0]).toMatchObject({ status: 'rejected', code: 'CUSTOMER_NOT_FOUND' })
    expect(await stored(a.id)).toHaveLength(0)
    // The changes feed stays staff-only.
    expect((await pull(app, { orgId: orgA.id, salonId: a1.id, headers: annaAuth })).statusCode).toBe(403)
  })

  it("does not answer another client's stored result for a reused mutation id", async () => {
    const staff = client()
    const a = args(bob.id)
    const m = staff.m('questionnaireSubmission.create', a)
    const o = { orgId: orgA.id, salonId: a1.id, clientId: staff.clientId, mutations: [m] }
    expect((await push(app, { ...o, headers: orgA.owner.headers })).json().results[0].status).toBe('applied')
    const replay = (await push(app, { ...o, headers: annaAuth })).json().results[0]
    expect(replay).toMatchObject({ status: 'conflict', code: 'MUTATION_CONFLICT' })
    expect(replay.result).toBeUndefined()
  })
})
