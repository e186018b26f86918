import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { REPLICA_SCHEMA } from '../../src/local-db/db'
import { submitQuestionnaire, updateSubmissionAnswer } from '../../src/local-db/submission-mutations'
import { postQuestionnaire, validAnswers } from '../api/questionnaires-fixtures'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Questionnaires and submissions in the replica, against the real server over HTTP.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setup() {
  const org = await seedOrganisation(app)
  const net = network()
  const salonId = org.salons[0].id
  const auth = { authorization: `Bearer ${org.owner.token}` }
  const questionnaire = await postQuestionnaire(app, org.id, salonId, auth)
  const customer = await app.inject({
    method: 'POST',
    url: apiUrl(API.customers.create, { org: org.id }),
    headers: auth,
    payload: customerInput(salonId),
  })
  expect(customer.statusCode).toBe(201)
  const make = () => device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
  return { org, net, salonId, auth, questionnaire, customerId: customer.json().id as string, make }
}

async function serverSubmissions(orgId: string, salonId: string, auth: Record<string, string>, customerId: string) {
  const res = await app.inject({
    url: apiUrl(API.submissions.list, { org: orgId, salon: salonId }),
    query: { customerId },
    headers: auth,
  })
  expect(res.statusCode).toBe(200)
  return res.json().items as { id: string; answers: { questionId: string; value: unknown }[] }[]
}

describe('sync engine: questionnaires', () => {
  it('pull: questionnaires and submissions land in the replica', async () => {
    const { questionnaire, make } = await setup()
    const { db, engine } = make()
    expect(await engine.syncOnce()).toBe('idle')
    const row = await db.questionnaires.get(questionnaire.id)
    expect(row?.name).toBe('Intake test')
    expect(row?.questions.length).toBeGreaterThan(3)
    expect(await db.getMeta<number>('replicaSchema')).toBe(REPLICA_SCHEMA)
  })

  it('submit offline: pending row, then sent once and acknowledged; an answer edit replays over pulls', async () => {
    const { org, net, salonId, auth, questionnaire, customerId, make } = await setup()
    const { db, engine } = make()
    await engine.syncOnce()
    net.up = false
    const id = await submitQuestionnaire(db, {
      salonId,
      customerId,
      questionnaireId: questionnaire.id,
      answers: validAnswers(),
    })
    // A second tap with the same id queues nothing more.
    await submitQuestionnaire(db, {
      id,
      salonId,
      customerId,
      questionnaireId: questionnaire.id,
      answers: validAnswers(),
    })
    expect(await db.outbox.count()).toBe(1)
    expect((await db.submissions.get(id))?._pending).toBe(1)
    expect(await engine.syncOnce()).toBe('offline')

    net.up = true
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    const acked = await db.submissions.get(id)
    expect(acked?._pending).toBe(0)
    expect(acked?.version).toBeGreaterThan(0)
    expect((await serverSubmissions(org.id, salonId, auth, customerId)).map((s) => s.id)).toEqual([id])

    net.up = false
    await updateSubmissionAnswer(db, id, { questionId: 'name', value: 'Sanne' })
    const edited = await db.submissions.get(id)
    expect(edited?._pending).toBe(1)
    expect(edited?.answers.find((a) => a.questionId === 'name')?.value).toBe('Sanne')
    net.up = true
    expect(await engine.syncOnce()).toBe('idle')
    const after = await db.submissions.get(id)
    expect(after?._pending).toBe(0)
    expect(after?.answers.find((a) => a.questionId === 'name')?.value).toBe('Sanne')
    const server = (await serverSubmissions(org.id, salonId, auth, customerId))[0]
    expect(server.answers.find((a) => a.questionId === 'name')?.value).toBe('Sanne')
  })

  it('a replica made by an older build re-pulls from 0 and keeps its outbox', async () => {
    const { salonId, questionnaire, customerId, make, net } = await setup()
    const { db, engine } = make()
    expect(await engine.syncOnce()).toBe('idle')
    // Simulate the old build: it skipped questionnaires but advanced the cursor past them.
    await db.questionnaires.clear()
    await db.setMeta('replicaSchema', 1)
    net.up = false
    const id = await submitQuestionnaire(db, {
      id: uuidv7(),
      salonId,
      customerId,
      questionnaireId: questionnaire.id,
      answers: validAnswers(),
    })
    net.up = true
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.questionnaires.get(questionnaire.id)).toBeDefined()
    expect(await db.getMeta<number>('replicaSchema')).toBe(REPLICA_SCHEMA)
    expect((await db.submissions.get(id))?._pending).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})
