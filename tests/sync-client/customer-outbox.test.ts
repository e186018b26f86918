import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { UPLOAD_MSG } from '../../contract/questionnaires'
import { createSession } from '../../server/auth/sessions'
import { discardEntry } from '../../src/local-db/mutations'
import { isLocalPhoto, storePhoto } from '../../src/local-db/photos'
import { and, eq } from 'drizzle-orm'
import { customerActivities } from '../../server/db/schema'
import { submitQuestionnaire, updateSubmissionAnswers } from '../../src/local-db/submission-mutations'
import { postQuestionnaire, validAnswers } from '../api/questionnaires-fixtures'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// The customer area's outbox (push only) and photos of image answers, against the real server.
const app = await buildTestApp()
const apiBase = await listen(app)
// A 1×1 PNG: the server recognises images by their first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function setup() {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const questionnaire = await postQuestionnaire(app, org.id, salonId, org.owner.headers)
  const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salonId] })
  const session = await createSession(app.db, {
    kind: 'customer',
    subjectId: customer.id,
    organisationId: org.id,
    ttlHours: 1,
  })
  const net = network()
  const customerDevice = device({
    apiBase,
    orgId: org.id,
    salonId,
    token: session.token,
    fetch: net.fetch,
    pull: false,
  })
  const submit = (answers = validAnswers()) =>
    submitQuestionnaire(customerDevice.db, {
      salonId,
      customerId: customer.id,
      questionnaireId: questionnaire.id,
      answers,
      takenBy: 'customer',
    })
  const stored = async (id: string) => {
    const res = await app.inject({
      url: apiUrl(API.submissions.get, { org: org.id, salon: salonId, id }),
      headers: org.owner.headers,
    })
    return res.statusCode === 200 ? (res.json() as { answers: { questionId: string; value: unknown }[] }) : null
  }
  const answerUpdates = async () =>
    app.db
      .select()
      .from(customerActivities)
      .where(and(eq(customerActivities.customerId, customer.id), eq(customerActivities.type, 'answerUpdated')))
  return { ...customerDevice, net, submit, stored, answerUpdates, customerId: customer.id, token: session.token }
}

const photoOf = async (s: { answers: { questionId: string; value: unknown }[] } | null) =>
  s?.answers.find((a) => a.questionId === 'photo')?.value as string | undefined

describe('customer outbox: one sync engine, push only', () => {
  it('a submission made offline is sent once on reconnect; nothing is pulled', async () => {
    const { db, engine, net, submit, stored } = await setup()
    net.up = false
    const id = await submit()
    expect(await engine.syncOnce()).toBe('offline')
    expect(await db.outbox.count()).toBe(1)
    net.up = true
    net.loseNextPushResponses = 1
    expect(await engine.syncOnce()).toBe('offline')
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect((await stored(id))?.answers.length).toBeGreaterThan(3)
    // Push only: the staff feed (customers, questionnaires) never lands on a customer's device.
    expect(await db.customers.count()).toBe(0)
    expect(await db.questionnaires.count()).toBe(0)
  })

  it('a refused submission stays as needsAttention with the reason', async () => {
    const { db, engine, submit, stored } = await setup()
    const id = await submit([])
    expect(await engine.syncOnce()).toBe('idle')
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ status: 'needsAttention', error: { code: 'QUESTIONS_UNANSWERED' } })
    expect((await db.submissions.get(id))?._error).toBe('QUESTIONS_UNANSWERED')
    expect(await stored(id)).toBeNull()
  })

  it('a signed-out session (401) pauses the queue until a new token', async () => {
    const { db, engine, submit } = await setup()
    engine.setToken('not-a-session')
    await submit()
    expect(await engine.syncOnce()).toBe('needsSignIn')
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('customer outbox: changing a submitted answer', () => {
  it('an edit made offline shows at once (pending), is sent once on reconnect and logged once', async () => {
    const { db, engine, net, submit, stored, answerUpdates } = await setup()
    const id = await submit()
    expect(await engine.syncOnce()).toBe('idle')
    net.up = false
    await updateSubmissionAnswers(db, id, [{ questionId: 'age', value: 52 }])
    const local = await db.submissions.get(id)
    expect(local?._pending).toBe(1)
    expect(local?.answers).toContainEqual({ questionId: 'age', value: 52 })
    expect(await engine.syncOnce()).toBe('offline')
    net.up = true
    // The server applies the edit but its answer is lost: the resend is a duplicate, not a second edit.
    net.loseNextPushResponses = 1
    expect(await engine.syncOnce()).toBe('offline')
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect((await stored(id))?.answers).toContainEqual({ questionId: 'age', value: 52 })
    expect(await db.submissions.get(id)).toMatchObject({ _pending: 0 })
    expect((await db.submissions.get(id))?.answers).toContainEqual({ questionId: 'age', value: 52 })
    const logged = await answerUpdates()
    expect(logged).toHaveLength(1)
    expect(logged[0].data).toMatchObject({ submissionId: id, questionId: 'age', newValue: 52, by: 'customer' })
  })

  it('a refused edit stays needsAttention on the answer; undoing it shows the server answer again', async () => {
    const { db, engine, submit, stored, answerUpdates } = await setup()
    const id = await submit()
    expect(await engine.syncOnce()).toBe('idle')
    // Clearing a required answer: the server refuses it.
    await updateSubmissionAnswers(db, id, [{ questionId: 'name', value: null }])
    expect(await engine.syncOnce()).toBe('idle')
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ status: 'needsAttention', error: { code: 'QUESTIONS_UNANSWERED' } })
    expect((await db.submissions.get(id))?._error).toBe('QUESTIONS_UNANSWERED')
    await discardEntry(db, entry.seq!)
    expect(await db.submissions.get(id)).toMatchObject({ _pending: 0, _error: null })
    expect((await db.submissions.get(id))?.answers).toContainEqual({ questionId: 'name', value: 'Sas' })
    expect((await stored(id))?.answers).toContainEqual({ questionId: 'name', value: 'Sas' })
    expect(await answerUpdates()).toHaveLength(0)
  })
})

describe('photos of image answers', () => {
  it('taken offline: kept as a Blob, uploaded before the push, the answer carries the storage path', async () => {
    const { db, engine, net, submit, stored, token } = await setup()
    net.up = false
    const ref = await storePhoto(db, new Blob([PNG], { type: 'image/png' }))
    expect(isLocalPhoto(ref)).toBe(true)
    const id = await submit([...validAnswers(), { questionId: 'photo', value: ref }])
    expect(await engine.syncOnce()).toBe('offline')
    expect(await db.photos.count()).toBe(1)

    net.up = true
    // The first upload's answer is lost: the engine uploads again and the submission still goes.
    net.loseNextUploadResponses = 1
    expect(await engine.syncOnce()).toBe('offline')
    expect(await engine.syncOnce()).toBe('idle')
    expect(net.uploads).toBe(2)
    const photoId = ref.slice('local-photo:'.length)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.photos.count()).toBe(0)
    const photo = await photoOf(await stored(id))
    // Both uploads carried the photo's id: one file, under that id.
    expect(photo).toMatch(new RegExp(`^[\\w-]+/images/${photoId}\\.png$`))
    // The stored file is the photo taken (served read-only under /storage to the organisation's sessions).
    const file = await app.inject({ url: `/storage/${photo}`, cookies: { storage_session: token } })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PNG)).toBe(true)
  })

  it('a photo the server refuses (type) marks the submission needsAttention; later ones still go', async () => {
    const { db, engine, submit, stored } = await setup()
    const bad = await storePhoto(db, new Blob(['not an image'], { type: 'image/png' }))
    const refused = await submit([...validAnswers(), { questionId: 'photo', value: bad }])
    const fine = await submit()
    expect(await engine.syncOnce()).toBe('idle')
    const [entry] = await db.outbox.toArray()
    expect(entry.entityId).toBe(refused)
    expect(entry.status).toBe('needsAttention')
    expect(entry.error?.code).toBe('VALIDATION_FAILED')
    expect((entry.error?.details as { fields: { message: string }[] } | undefined)?.fields[0].message).toBe(
      UPLOAD_MSG.imageType,
    )
    expect(await stored(refused)).toBeNull()
    expect(await stored(fine)).not.toBeNull()
  })

  it("staff (a kiosk hand-over by a receptionist) send photos through the staff replica's engine", async () => {
    const org = await seedOrganisation(app)
    const salonId = org.salons[0].id
    const questionnaire = await postQuestionnaire(app, org.id, salonId, org.owner.headers)
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salonId] })
    const desk = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [salonId],
      permissions: ['readCustomers', 'manageCustomers'],
    })
    const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: desk.token, fetch: network().fetch })
    const ref = await storePhoto(db, new Blob([PNG], { type: 'image/png' }))
    const id = await submitQuestionnaire(db, {
      salonId,
      customerId: customer.id,
      questionnaireId: questionnaire.id,
      answers: [...validAnswers(), { questionId: 'photo', value: ref }],
      takenBy: 'employee',
      deviceId: 'tablet-1',
    })
    expect(await engine.syncOnce()).toBe('idle')
    const row = await db.submissions.get(id)
    expect(row).toMatchObject({ _pending: 0, employeeId: desk.id, deviceId: 'tablet-1' })
    expect(row?.answers.find((a) => a.questionId === 'photo')?.value).toMatch(/\/images\/[\w-]+\.png$/)
    expect(await db.photos.count()).toBe(0)
  })

  it('discarding a refused submission drops its photo; keepPhotos leaves it for the draft', async () => {
    const { db, engine, submit } = await setup()
    const refs = [await storePhoto(db, new Blob(['x'])), await storePhoto(db, new Blob(['y']))]
    for (const ref of refs) await submit([{ questionId: 'photo', value: ref }])
    expect(await engine.syncOnce()).toBe('idle')
    const [first, second] = await db.outbox.orderBy('seq').toArray()
    expect([first.status, second.status]).toEqual(['needsAttention', 'needsAttention'])
    await discardEntry(db, first.seq!)
    await discardEntry(db, second.seq!, { keepPhotos: true })
    expect(await db.outbox.count()).toBe(0)
    expect((await db.photos.toArray()).map((p) => `local-photo:${p.id}`)).toEqual([refs[1]])
  })

  it('a missing photo Blob is refused locally, never sent as a local reference', async () => {
    const { db, engine, submit, stored } = await setup()
    const id = await submit([...validAnswers(), { questionId: 'photo', value: `local-photo:${uuidv7()}` }])
    expect(await engine.syncOnce()).toBe('idle')
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'needsAttention', error: { code: 'PHOTO_MISSING' } })
    expect(await stored(id)).toBeNull()
  })
})
