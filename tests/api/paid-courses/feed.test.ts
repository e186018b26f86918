import { describe, expect, it } from 'vitest'
import { API } from '../../../contract/endpoints'
import type { Change } from '../../../contract/sync'
import { seedEmployee, seedOrganisation } from '../../helpers/factories'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { apiUrl } from '../../helpers/url'
import { billingApp } from '../subscriptions/fixtures'
import { pull } from '../sync-fixtures'
import { request, textSegment } from '../trainings/fixtures'
import { P, paidCourse, paymentRow, recordProgress } from './fixtures'

/*
 * Issue 24, Academy offline: the trainings feed also carries the paid courses the organisation
 * owns, whole (as the REST reads answer them), to every employee, so they are learned offline like
 * Blueprint courses. A change by the platform reaches them; a refund takes the course out.
 */

const { app, sandbox } = await billingApp()
const req = request(app)
const admin = await seedGlobalAdmin(app)
const org = await seedOrganisation(app)
const salon = org.salons[0].id
const employee = await seedEmployee(app, { organisationId: org.id, salonIds: [salon], permissions: ['readCustomers'] })

type Course = {
  id: string
  kind: string
  version: number
  modules: { segments: { text: string; locked: boolean }[] }[]
}

const coursesIn = (changes: Change[]) =>
  changes.filter((c) => c.entity === 'trainingCourse') as (Change & { entity: 'trainingCourse' })[]

async function feed(headers: Record<string, string>, since = 0) {
  const res = await pull(app, { orgId: org.id, salonId: salon, headers, since })
  expect(res.statusCode, res.body).toBe(200)
  return { changes: coursesIn(res.json().changes), cursor: res.json().cursor as number }
}
const rowOf = (changes: Change[], id: string) =>
  changes.find((c) => !c.deleted && c.entity === 'trainingCourse' && c.row.id === id) as
    | (Change & { deleted: false; row: Course })
    | undefined

async function buy(courseId: string) {
  const res = await req('POST', P.pay(org.id, courseId), org.owner.headers)
  expect(res.statusCode, res.body).toBe(201)
  const { providerPaymentId } = await paymentRow(app, res.json().payment.id)
  await sandbox.choose(providerPaymentId as string, 'paid')
  return providerPaymentId as string
}

describe('academy in the replica', () => {
  it('academy: an owned course reaches every employee whole, exactly as REST reads it; a platform change re-sends it; a refund sends a tombstone', async () => {
    const course = await paidCourse(app, admin)
    const unowned = await paidCourse(app, admin)
    const before = await feed(employee.headers)
    expect(rowOf(before.changes, course.id)).toBeUndefined()

    const providerId = await buy(course.id)
    for (const who of [employee, org.owner]) {
      const { changes } = await feed(who.headers, before.cursor)
      const row = rowOf(changes, course.id)?.row
      expect(row?.kind).toBe('paid')
      expect(row?.modules[0].segments.map((s) => s.locked)).toEqual([false, false, false])
      // The feed = the REST read for this reader: the catalogue's course with its modules.
      const offer = (await req('GET', P.list(org.id), who.headers))
        .json()
        .find((c: { id: string }) => c.id === course.id)
      const modules = (await req('GET', P.modules(org.id, course.id), who.headers)).json()
      const { owned, priceExVatCents, priceIncVatCents, vatRateBasisPoints, version: _v, ...rest } = offer
      const { version, ...fed } = row as Course & Record<string, unknown>
      expect(fed).toEqual({ ...rest, modules })
      expect(version).toBeGreaterThan(before.cursor)
      expect(rowOf(changes, unowned.id)).toBeUndefined()
    }
    // A fresh replica holds it too.
    expect(rowOf((await feed(employee.headers)).changes, course.id)).toBeDefined()

    // The platform edits a module: owners' replicas receive the new text.
    const mark = await feed(employee.headers)
    const edited = await req(
      'PUT',
      apiUrl(API.globalPaidCourses.updateModule, { id: course.id, moduleId: course.moduleId }),
      admin.headers,
      { title: 'Les 1', segments: [textSegment({ title: 'Proefles', text: '<p>nieuw</p>', preview: true })] },
    )
    expect(edited.statusCode, edited.body).toBe(200)
    const after = rowOf((await feed(employee.headers, mark.cursor)).changes, course.id)
    expect(after?.row.modules[0].segments.map((s) => s.text)).toEqual(['<p>nieuw</p>'])

    // Refunded: a tombstone for those who hold it; a fresh replica no longer has it.
    const held = await feed(employee.headers)
    await sandbox.refund({ paymentId: providerId, amountCents: 5929, currency: 'EUR', description: 'refund' })
    await sandbox.deliverWebhook(providerId)
    const gone = (await feed(employee.headers, held.cursor)).changes.filter((c) => c.deleted)
    expect(gone.map((c) => (c.deleted ? c.id : null))).toEqual([course.id])
    expect(rowOf((await feed(employee.headers)).changes, course.id)).toBeUndefined()
  })

  it('academy: an owned "in order" course is locked per employee in the replica, and a completion re-sends it opened', async () => {
    const course = await paidCourse(app, admin, { inOrder: true })
    await buy(course.id)
    const { changes, cursor } = await feed(employee.headers)
    const locked = rowOf(changes, course.id)?.row.modules[0].segments.map((s) => s.locked)
    expect(locked).toEqual([false, true, true])
    const result = await recordProgress(app, {
      org: org.id,
      salon,
      who: { id: employee.id, headers: employee.headers },
      courseId: course.id,
      segmentId: course.preview,
      completed: true,
    })
    expect(result.status).toBe('applied')
    const next = rowOf((await feed(employee.headers, cursor)).changes, course.id)
    expect(next?.row.modules[0].segments.map((s) => s.locked)).toEqual([false, false, true])
  })
})
