import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { questionnaireSubmissions } from '../../server/db/schema'
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

  it('is refused for other mutations (customer edits, answer edits)', async () => {
    const c = client()
    const res = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: annaAuth,
      clientId: c.clientId,
      mutations: [
        c.m('customer.update', { id: anna.id, changes: { firstName: 'X' }, base: { firstName: 'Anna' } }),
        c.m('questionnaireSubmission.updateAnswer', { id: newId(), salonId: a1.id, questionId: 'age', value: 3 }),
      ],
    })
    expect(res.json().results.map((r: { code: string }) => r.code)).toEqual(['FORBIDDEN', 'FORBIDDEN'])
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
