import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import {
  auditEvents,
  consentEvidence,
  customerActivities,
  customerComments,
  customerDocuments,
  customers,
  questionnaireSubmissions,
  skinAnalyses,
} from '../../server/db/schema'
import { verifyChain } from '../../server/services/documents/evidence/evidence-chain'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { PNG_DATA_URL, tempDataDir } from '../helpers/files'
import { apiUrl } from '../helpers/url'
import { seedDocument } from '../documents/fixtures'
import { postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client } from './sync-fixtures'

/*
 * Issue 21 #1/#2 (ARCHITECTURE "Time"): every record made offline is stored with when it
 * happened — the device's write time corrected by the device's offset, derived from the clock it
 * sent the push at — and when it was received; no raw device clock dates or orders anything.
 */
const app = await buildTestApp({ dataDir: tempDataDir('sync-time-') })
const HOUR = 3_600_000
const MINUTE = 60_000

async function setUp() {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [salonId] })
  const questionnaire = await postQuestionnaire(app, org.id, salonId, org.owner.headers)
  const consent = await seedDocument(app, org.id)
  return { org, salonId, customerId: customer.id, questionnaire, consent }
}

/** One push from a tablet whose clock is `skew` off; each mutation done `ago` before it was sent. */
async function pushFromTablet(
  o: Awaited<ReturnType<typeof setUp>>,
  skew: number,
  work: { name: string; args: unknown; ago: number }[],
) {
  const c = client()
  const deviceNow = Date.now() + skew
  const mutations = work.map((w) => ({ ...c.m(w.name, w.args), at: new Date(deviceNow - w.ago).toISOString() }))
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.sync.push, { org: o.org.id, salon: o.salonId }),
    headers: o.org.owner.headers,
    payload: {
      clientId: c.clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations,
      sentAt: new Date(deviceNow).toISOString(),
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  const statuses = (res.json().results as { status: string }[]).map((r) => r.status)
  expect(statuses, res.body).toEqual(work.map(() => 'applied'))
  return mutations
}

const ms = (d: Date | null | undefined) => d?.getTime() ?? Number.NaN

describe('sync push: when it happened', () => {
  for (const [label, skew] of [
    ['6 hours slow', -6 * HOUR],
    ['3 hours fast', 3 * HOUR],
  ] as const) {
    it(`time: every kind of offline work from a tablet ${label} is stored with the corrected time and the receipt`, async () => {
      const o = await setUp()
      const { customerId, salonId } = o
      const ids = {
        submission: uuidv7(),
        comment: uuidv7(),
        analysis: uuidv7(),
        document: uuidv7(),
        customer: uuidv7(),
      }
      const before = Date.now()
      const sent = await pushFromTablet(o, skew, [
        {
          name: 'questionnaireSubmission.create',
          ago: 50 * MINUTE,
          args: {
            id: ids.submission,
            customerId,
            questionnaireId: o.questionnaire.id,
            answers: validAnswers(),
            takenBy: 'employee',
            salonId,
          },
        },
        {
          name: 'questionnaireSubmission.updateAnswer',
          ago: 40 * MINUTE,
          args: { id: ids.submission, salonId, questionId: 'age', value: 35 },
        },
        {
          name: 'customerComment.create',
          ago: 30 * MINUTE,
          args: { id: ids.comment, customerId, salonId, text: 'Noten' },
        },
        {
          name: 'skinAnalysis.save',
          ago: 20 * MINUTE,
          args: {
            id: ids.analysis,
            customerId,
            salonId,
            analysedOn: '2026-11-23',
            skinType: null,
            fitzpatrick: null,
            findings: [],
            notes: '',
            photos: [],
          },
        },
        {
          name: 'customerDocument.respond',
          ago: 10 * MINUTE,
          args: {
            id: ids.document,
            customerId,
            salonId,
            status: 'accepted',
            signature: PNG_DATA_URL,
            typedName: 'Sanne Jansen',
            deviceTime: new Date(Date.now() + skew - 10 * MINUTE).toISOString(),
            deviceName: 'Tablet balie',
            handOver: {
              documentId: o.consent.documentId,
              versionId: o.consent.versionId,
              name: 'Consent',
              versionNumber: 1,
            },
          },
        },
        {
          name: 'customer.create',
          ago: 5 * MINUTE,
          args: {
            id: ids.customer,
            email: `${ids.customer}@example.test`,
            firstName: 'Offline',
            lastName: 'Klant',
            salonIds: [salonId],
          },
        },
      ])
      const after = Date.now()

      const [submission] = await app.db
        .select()
        .from(questionnaireSubmissions)
        .where(eq(questionnaireSubmissions.id, ids.submission))
      const received = ms(submission.receivedAt)
      expect(received).toBeGreaterThanOrEqual(before - 5)
      expect(received).toBeLessThanOrEqual(after + 5)
      // Corrected: exactly as long before the receipt as the work was done before the send.
      expect(ms(submission.submittedAt)).toBe(received - 50 * MINUTE)
      expect(ms(submission.updatedAt)).toBe(received - 40 * MINUTE)

      const [comment] = await app.db.select().from(customerComments).where(eq(customerComments.id, ids.comment))
      expect([ms(comment.createdAt), ms(comment.receivedAt)]).toEqual([received - 30 * MINUTE, received])
      const [analysis] = await app.db.select().from(skinAnalyses).where(eq(skinAnalyses.id, ids.analysis))
      expect([ms(analysis.createdAt), ms(analysis.receivedAt)]).toEqual([received - 20 * MINUTE, received])
      const [doc] = await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, ids.document))
      expect([ms(doc.sentAt), ms(doc.respondedAt), ms(doc.responseReceivedAt)]).toEqual([
        received - 10 * MINUTE,
        received - 10 * MINUTE,
        received,
      ])
      const [evidence] = await app.db
        .select()
        .from(consentEvidence)
        .where(eq(consentEvidence.customerDocumentId, ids.document))
      expect([ms(evidence.occurredAt), ms(evidence.receivedAt)]).toEqual([received - 10 * MINUTE, received])
      // The corrected time is part of what the record proves, and the chain still verifies.
      expect((await verifyChain(app.db, o.org.id)).breaks).toEqual([])
      const [created] = await app.db.select().from(customers).where(eq(customers.id, ids.customer))
      expect(ms(created.createdAt)).toBe(received - 5 * MINUTE)

      // The customer's activities (submission, answer, consent) are dated when they happened.
      const activities = await app.db
        .select()
        .from(customerActivities)
        .where(and(eq(customerActivities.organisationId, o.org.id), eq(customerActivities.customerId, customerId)))
      const byType = Object.fromEntries(activities.map((a) => [a.type, a]))
      expect(ms(byType.submissionCreated.createdAt)).toBe(received - 50 * MINUTE)
      expect(ms(byType.answerUpdated.createdAt)).toBe(received - 40 * MINUTE)
      expect(ms(byType.documentStatusUpdated.createdAt)).toBe(received - 10 * MINUTE)
      for (const a of activities) expect(ms(a.receivedAt)).toBe(received)

      // The audit keeps both clocks: the tablet's as it reported it, and the receipt.
      const audit = await app.db.select().from(auditEvents).where(eq(auditEvents.organisationId, o.org.id))
      const offline = audit.filter((a) => a.deviceTime !== null)
      expect(offline.map((a) => a.event).sort()).toEqual(
        [
          'answerUpdated',
          'customerCommentAdd',
          'customerCreate',
          'customerSkinAnalysisUpdate',
          'submissionCreated',
        ].sort(),
      )
      const agoOf = {
        submissionCreated: 0,
        answerUpdated: 1,
        customerCommentAdd: 2,
        customerSkinAnalysisUpdate: 3,
        customerCreate: 5,
      }
      const agos = [50, 40, 30, 20, 10, 5].map((m) => m * MINUTE)
      for (const a of offline) {
        const i = agoOf[a.event as keyof typeof agoOf]
        expect(a.deviceTime?.toISOString(), a.event).toBe(sent[i].at)
        expect(ms(a.occurredAt), a.event).toBe(received - agos[i])
        expect(ms(a.createdAt), a.event).toBe(received)
      }
    })
  }

  it('time: the employee activity log lists a fresh change from a slow tablet first, never later than received', async () => {
    const o = await setUp()
    const online = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerComments.create, { org: o.org.id }),
      headers: o.org.owner.headers,
      payload: { id: uuidv7(), customerId: o.customerId, salonId: o.salonId, text: 'Online, net' },
    })
    expect(online.statusCode, online.body).toBe(201)
    // Six hours slow, the change made just before sending: by its clock, 6 hours ago.
    const [m] = await pushFromTablet(o, -6 * HOUR, [
      { name: 'customer.update', ago: 0, args: { id: o.customerId, changes: { city: 'Haarlem' } } },
    ])
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.employees.activities, { org: o.org.id }),
      headers: o.org.owner.headers,
      payload: { period: '7d' },
    })
    const items = (
      res.json() as { items: { type: string; occurredAt: string; receivedAt: string; deviceTime: string }[] }
    ).items
    // Newest first: the tablet's change (just now by the server's clock), then the comment.
    expect(items.slice(0, 2).map((i) => i.type)).toEqual(['customerUpdate', 'customerCommentAdd'])
    expect(items[0].deviceTime).toBe(m.at)
    expect(items[0].occurredAt).toBe(items[0].receivedAt)
    for (const i of items)
      expect(Date.parse(i.occurredAt ?? i.receivedAt)).toBeLessThanOrEqual(Date.parse(i.receivedAt))
  })
})
