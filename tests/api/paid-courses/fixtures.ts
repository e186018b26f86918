import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { API } from '../../../contract/endpoints'
import { SYNC_SCHEMA_VERSION } from '../../../contract/sync'
import { progressId } from '../../../contract/trainings'
import type { App } from '../../../server/app'
import { invoices, paidCourseAccess, payments } from '../../../server/db/schema'
import { unique } from '../../helpers/app'
import type { SeededGlobalAdmin } from '../../helpers/global-admin'
import { apiUrl } from '../../helpers/url'
import { courseBody, request, textSegment } from '../trainings/fixtures'

/* Shared pieces of the paid course (Academy) tests, issue 24. */

export type Headers = Record<string, string>
type Who = { id: string; headers: Headers }

export const P = {
  list: (org: string) => apiUrl(API.paidCourses.list, { org }),
  modules: (org: string, id: string) => apiUrl(API.paidCourses.modules, { org, id }),
  segment: (org: string, id: string, segmentId: string) => apiUrl(API.paidCourses.segment, { org, id, segmentId }),
  pay: (org: string, id: string, discountCode?: string) =>
    apiUrl(API.paidCourses.payment, { org, id }, discountCode ? { discountCode } : {}),
  code: (org: string, id: string, code: string) => apiUrl(API.paidCourses.discountCode, { org, id, code }),
  webhook: (org: string) => apiUrl(API.paidCourses.paymentWebhook, { org }),
  payment: (org: string, id: string) => apiUrl(API.subscriptions.payment, { org, id }),
}

/** A paid course by a global admin: one module, a preview segment and two paid ones. */
export async function paidCourse(app: App, admin: SeededGlobalAdmin, over: Record<string, unknown> = {}) {
  const req = request(app)
  const course = await req(
    'POST',
    apiUrl(API.globalPaidCourses.createCourse),
    admin.headers,
    courseBody({ title: unique('Peeling '), priceCents: 4900, ...over }),
  )
  expect(course.statusCode, course.body).toBe(201)
  const id = course.json().id as string
  const mod = await req('POST', apiUrl(API.globalPaidCourses.createModule, { id }), admin.headers, {
    title: 'Les 1',
    segments: [
      textSegment({ title: 'Proefles', text: '<p>proef</p>', preview: true }),
      textSegment({ title: 'Techniek', text: '<p>inhoud</p>' }),
      textSegment({ title: 'Nazorg', text: '<p>meer</p>' }),
    ],
  })
  expect(mod.statusCode, mod.body).toBe(201)
  const segments = mod.json().segments.map((s: { id: string }) => s.id) as string[]
  return { id, moduleId: mod.json().id as string, preview: segments[0], paid: segments.slice(1) }
}

/** A discount code by a global admin (percent in basis points, or fixed cents). */
export async function discountCode(app: App, admin: SeededGlobalAdmin, over: Record<string, unknown> = {}) {
  const code = unique('CODE')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 32)
  const res = await request(app)('POST', apiUrl(API.globalDiscountCodes.create), admin.headers, {
    code,
    type: 'percent',
    value: 2000,
    duration: 'once',
    ...over,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; code: string }
}

/** The webhook as Mollie posts it (form-encoded id). */
export const postWebhook = (app: App, org: string, id: string) =>
  app.inject({
    method: 'POST',
    url: P.webhook(org),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id }).toString(),
  })

export const paymentRow = async (app: App, id: string) =>
  (await app.db.select().from(payments).where(eq(payments.id, id)))[0]

export const invoicesOf = (app: App, paymentId: string) =>
  app.db.select().from(invoices).where(eq(invoices.paymentId, paymentId))

export const accessOf = (app: App, organisationId: string) =>
  app.db.select().from(paidCourseAccess).where(eq(paidCourseAccess.organisationId, organisationId))

/** One progress step through the sync push, as a tablet sends it; the push's result. */
export async function recordProgress(
  app: App,
  o: { org: string; salon: string; who: Who; courseId: string; segmentId: string; completed?: boolean },
) {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.sync.push, { org: o.org, salon: o.salon }),
    headers: o.who.headers,
    payload: {
      clientId: unique('tablet-'),
      schemaVersion: SYNC_SCHEMA_VERSION,
      sentAt: new Date().toISOString(),
      mutations: [
        {
          id: crypto.randomUUID(),
          seq: 0,
          name: 'trainingProgress.record',
          at: new Date().toISOString(),
          args: {
            id: progressId(o.who.id, o.segmentId),
            courseId: o.courseId,
            segmentId: o.segmentId,
            started: true,
            completed: o.completed ?? false,
            positionSeconds: 0,
          },
        },
      ],
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().results[0] as { status: string; code?: string }
}
