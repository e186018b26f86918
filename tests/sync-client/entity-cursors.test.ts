import { describe, expect, it } from 'vitest'
import type { Change, Cursors } from '../../contract/sync'
import type { FetchFn } from '../../src-worker/sync/transport'
import { createCustomer } from '../../src/local-db/mutations'
import { submitQuestionnaire } from '../../src/local-db/submission-mutations'
import { postQuestionnaire, validAnswers } from '../api/questionnaires-fixtures'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen } from './harness'

// Issue 8 §3: per-entity cursors. A new entity or a new field of one fills in on its own; the
// replica keeps the rest and pulls nothing of it again. Against the real server over HTTP.
const app = await buildTestApp()
const apiBase = await listen(app)

/** A network that records every change the feed sent, per entity. */
function recording() {
  const pulled: Change[] = []
  const fetchFn: FetchFn = async (url, init) => {
    const res = await fetch(url, init)
    if (String(url).includes('/sync/changes')) pulled.push(...((await res.clone().json()).changes as Change[]))
    return res
  }
  return { pulled, fetch: fetchFn, of: (entity: Change['entity']) => pulled.filter((c) => c.entity === entity) }
}

async function setup() {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const auth = { authorization: `Bearer ${org.owner.token}` }
  const questionnaire = await postQuestionnaire(app, org.id, salonId, auth)
  const net = recording()
  const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: org.owner.token, fetch: net.fetch })
  await createCustomer(db, customerInput(salonId))
  expect(await engine.syncOnce()).toBe('idle')
  const customerId = (await db.customers.toArray())[0].id
  await submitQuestionnaire(db, { salonId, customerId, questionnaireId: questionnaire.id, answers: validAnswers() })
  expect(await engine.syncOnce()).toBe('idle')
  net.pulled.length = 0
  return { org, salonId, questionnaire, db, engine, net }
}

describe('sync engine: per-entity cursors', () => {
  it('a field new to one entity (a replica holding its older shape) refills that entity only', async () => {
    const { db, engine, net, questionnaire } = await setup()
    // As an older build left it: submissions without the questionnaire's name, shape 1.
    const shapes = (await db.getMeta<Record<string, number>>('shapes')) ?? {}
    await db.setMeta('shapes', { ...shapes, questionnaireSubmission: 1 })
    for (const s of await db.serverSubmissions.toArray()) {
      const { questionnaireName: _gone, ...old } = s
      await db.serverSubmissions.put(old)
    }
    expect(await engine.syncOnce()).toBe('idle')
    expect(net.of('questionnaireSubmission')).toHaveLength(1)
    expect(net.of('customer')).toEqual([])
    expect(net.of('questionnaire')).toEqual([])
    expect((await db.submissions.toArray()).map((s) => s.questionnaireName)).toEqual([questionnaire.name])
    expect(await db.customers.count()).toBe(1)
  })

  it('a replica of the single-cursor builds keeps what it has and pulls only the new shape', async () => {
    const { db, engine, net } = await setup()
    const cursors = (await db.getMeta<Cursors>('cursors')) ?? {}
    // What a build before per-entity cursors kept: one cursor and its table-set number.
    await db.meta.bulkDelete(['cursors', 'shapes'])
    await db.setMeta('cursor', Math.max(...Object.values(cursors)))
    await db.setMeta('replicaSchema', 2)
    expect(await engine.syncOnce()).toBe('idle')
    // Those builds held customers and submissions in shape 1: both refill (custom values,
    // questionnaire names); salons and questionnaires keep the single cursor.
    expect(net.of('customer')).toHaveLength(1)
    expect(net.of('salon')).toEqual([])
    expect(net.of('questionnaire')).toEqual([])
    expect(net.of('questionnaireSubmission')).toHaveLength(1)
    const after = (await db.getMeta<Cursors>('cursors')) ?? {}
    expect(after.salon).toBe(Math.max(...Object.values(cursors)))
    expect(await db.customers.count()).toBe(1)
  })

  it('what the policy withholds (questionnaires for a customer reader without kiosk rights) is emptied from a replica that has it', async () => {
    const { org, salonId, db: ownerDb, questionnaire } = await setup()
    const desk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [salonId],
      permissions: ['readCustomers'],
    })
    const net = recording()
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: desk.token, fetch: net.fetch })
    // A replica pulled before the feed followed the policy held every questionnaire.
    const held = await ownerDb.questionnaires.get(questionnaire.id)
    await db.questionnaires.put(held!)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.questionnaires.count()).toBe(0)
    expect(net.of('questionnaire')).toEqual([])
    // Her customers' submissions still come, named.
    expect((await db.submissions.toArray()).map((s) => s.questionnaireName)).toEqual([questionnaire.name])
  })

  it('an outbox entry written in a shape this server does not know is refused explicitly, never dropped', async () => {
    const { db, engine, salonId } = await setup()
    const id = await createCustomer(db, customerInput(salonId))
    await db.outbox
      .where('entityId')
      .equals(id)
      .modify((e) => {
        e.v = 99
      })
    const before = await createCustomer(db, customerInput(salonId, { firstName: 'Old' }))
    // Entries written before shape versions existed carry none: they are version 1 and apply.
    await db.outbox
      .where('entityId')
      .equals(before)
      .modify((e) => {
        delete e.v
      })
    expect(await engine.syncOnce()).toBe('idle')
    const left = await db.outbox.toArray()
    expect(left.map((e) => [e.entityId, e.status, e.error?.code])).toEqual([
      [id, 'needsAttention', 'SCHEMA_VERSION_UNSUPPORTED'],
    ])
    expect((await db.customers.get(before))?._pending).toBe(0)
  })
})
