import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { EmployeeActivity, EmployeeActivityPage } from '../../contract/employees'
import { createSession } from '../../server/auth/sessions'
import { auditEvents, employeeSalonRoles, employees } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, TEST_PASSWORD } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client, push, type TestMutation } from './sync-fixtures'
import { SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { twoOrganisations } from '../helpers/two-organisations'

const app = await buildTestApp()
const { org: orgA, orgB, s1: a1, s2: a2, owner, staff } = await twoOrganisations(app)
const url = (org = orgA.id) => apiUrl(API.employees.activities, { org })
const customerStaff = ['readCustomers', 'manageCustomers', 'readQuestionnaires'] as const
// Receptionists in branch 1 and branch 2; a manager who reads employees in branch 1 only.
const desk1 = await staff(customerStaff)
const desk2 = await staff(customerStaff, [a2.id])
const manager1 = await staff(['readEmployees'])
const nobody = await staff(['readCustomers'])
await app.db.update(employees).set({ firstName: 'Bas', lastName: 'Balie' }).where(eq(employees.id, desk1.id))
await app.db.update(employees).set({ firstName: 'Eva', lastName: 'Tweede' }).where(eq(employees.id, desk2.id))

const list = async (body: Record<string, unknown> = {}, headers = owner, org = orgA.id) => {
  const res = await app.inject({ method: 'POST', url: url(org), headers, payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as EmployeeActivityPage
}
const mine = (page: EmployeeActivityPage, employeeId: string) => page.items.filter((i) => i.employeeId === employeeId)

const created1 = await postCustomer(app, orgA.id, desk1.headers, customerBody([a1.id], { firstName: 'Mila' }))
const created2 = await postCustomer(app, orgA.id, desk2.headers, customerBody([a2.id], { firstName: 'Noor' }))

describe('POST /employees/activities', () => {
  it('activity log: a customer created by a receptionist shows employee, branch and who it was about', async () => {
    const page = await list({ employeeId: desk1.id, type: 'customerCreate' })
    const [e] = page.items
    expect(page.total).toBe(1)
    expect(e).toMatchObject({
      employeeId: desk1.id,
      employeeName: 'Bas Balie',
      type: 'customerCreate',
      salonId: a1.id,
      contacted: { customerId: created1.id, name: `Mila ${created1.lastName}` },
      deviceTime: null,
    })
    // Done online: it happened when the server received it.
    expect(e.occurredAt).toBe(e.receivedAt)
    expect(Date.parse(e.receivedAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('activity log: the contacted name is the current one; a customer removed for good has none', async () => {
    await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: orgA.id, id: created1.id }),
      headers: desk1.headers,
      payload: { changes: { firstName: 'Milou' } },
    })
    const page = await list({ employeeId: desk1.id })
    expect(page.items.filter((i) => i.contacted?.customerId === created1.id).map((i) => i.contacted?.name)).toEqual([
      `Milou ${created1.lastName}`,
      `Milou ${created1.lastName}`,
    ])
    const update = page.items.find((i) => i.type === 'customerUpdate')
    expect(update?.data).toMatchObject({ fields: ['firstName'] })
    // No personal data in the entry itself: the name is not stored with it.
    expect(JSON.stringify(update?.data)).not.toContain('Milou')

    const gone = uuidv7()
    await app.db.insert(auditEvents).values({
      id: uuidv7(),
      organisationId: orgA.id,
      actorKind: 'employee',
      actorId: desk1.id,
      event: 'customerUpdate',
      customerId: gone,
      salonId: a1.id,
      data: { customerId: gone, fields: ['city'] },
    })
    const after = await list({ employeeId: desk1.id })
    expect(after.items.find((i) => i.contacted?.customerId === gone)?.contacted).toEqual({
      customerId: gone,
      name: null,
    })
  })

  it('activity log: the owner sees every employee; a branch manager only those of their branch', async () => {
    const all = await list()
    expect(mine(all, desk1.id).length).toBeGreaterThan(0)
    expect(mine(all, desk2.id).length).toBeGreaterThan(0)
    const branch1 = await list({}, manager1.headers)
    expect(mine(branch1, desk1.id).length).toBeGreaterThan(0)
    expect(mine(branch1, desk2.id)).toEqual([])
    // The employee filter's choices follow the same rule.
    expect(all.employees).toEqual(expect.arrayContaining([{ id: desk2.id, name: 'Eva Tweede' }]))
    expect(branch1.employees.map((e) => e.id)).toContain(desk1.id)
    expect(branch1.employees.map((e) => e.id)).not.toContain(desk2.id)
    // Asking for an employee they may not read is an empty list, not their history.
    expect((await list({ employeeId: desk2.id }, manager1.headers)).total).toBe(0)
  })

  it('activity log: without readEmployees or manageEmployees it is 403', async () => {
    for (const headers of [nobody.headers, desk1.headers]) {
      const res = await app.inject({ method: 'POST', url: url(), headers, payload: {} })
      expect(res.statusCode).toBe(403)
    }
    expect((await app.inject({ method: 'POST', url: url(), payload: {} })).statusCode).toBe(401)
  })

  it('activity log: another organisation cannot read it, and sees none of it in its own', async () => {
    const res = await app.inject({ method: 'POST', url: url(), headers: orgB.owner.headers, payload: {} })
    expect(res.statusCode).toBe(404)
    const own = await list({ period: 'all' }, orgB.owner.headers, orgB.id)
    expect(own.items.every((i) => i.employeeId === orgB.owner.id)).toBe(true)
    expect(own.types).not.toContain('customerCreate')
  })

  it('activity log: filters by type and employee, lists the types that occur', async () => {
    const page = await list({ type: 'customerCreate' })
    expect(page.items.every((i) => i.type === 'customerCreate')).toBe(true)
    expect(page.items.map((i) => i.contacted?.customerId)).toEqual(expect.arrayContaining([created1.id, created2.id]))
    expect(page.types).toEqual(expect.arrayContaining(['customerCreate', 'customerUpdate']))
    expect([...page.types].sort()).toEqual(page.types)
    const bas = await list({ employeeId: desk1.id })
    expect(bas.items.every((i) => i.employeeId === desk1.id)).toBe(true)
    const bad = await app.inject({ method: 'POST', url: url(), headers: owner, payload: { period: 'year' } })
    expect(bad.statusCode).toBe(400)
  })

  it('activity log: the period counts from the activity date (last 7 days, 30 days, all)', async () => {
    const at = (days: number) => new Date(Date.now() - days * 86_400_000)
    for (const days of [3, 10, 40]) {
      await app.db.insert(auditEvents).values({
        id: uuidv7(),
        organisationId: orgA.id,
        actorKind: 'employee',
        actorId: manager1.id,
        event: 'salonUpdate',
        salonId: a1.id,
        data: { days },
        createdAt: at(days),
      })
    }
    const daysOf = async (period: string) =>
      (await list({ period, employeeId: manager1.id, type: 'salonUpdate' })).items.map(
        (i) => (i.data as { days: number }).days,
      )
    expect(await daysOf('7d')).toEqual([3])
    expect(await daysOf('30d')).toEqual([3, 10])
    expect(await daysOf('all')).toEqual([3, 10, 40])
    // Default: the last 7 days.
    expect((await list({ employeeId: manager1.id, type: 'salonUpdate' })).total).toBe(1)
  })

  it('activity log: paged, newest first, with the total', async () => {
    for (let i = 0; i < 5; i++) await postCustomer(app, orgA.id, desk2.headers, customerBody([a2.id]))
    const first = await list({ employeeId: desk2.id, pageSize: 2 })
    const second = await list({ employeeId: desk2.id, pageSize: 2, page: 2 })
    expect(first.total).toBe(6)
    expect(first.items).toHaveLength(2)
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 6 })
    const dates = [...first.items, ...second.items].map((i) => Date.parse(i.receivedAt))
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(4)
    const past = await list({ employeeId: desk2.id, pageSize: 2, page: 9 })
    expect(past).toMatchObject({ items: [], total: 6 })
  })

  it('activity log: a change made offline on a tablet 6 hours slow is dated by the server clock, in order', async () => {
    const c = client()
    const HOUR = 3_600_000
    // The tablet's clock runs 6 hours slow: it made one change 20 minutes ago, one just now.
    const now = Date.now()
    const slow = (ms: number) => new Date(now - 6 * HOUR - ms).toISOString()
    const [earlier, fresh] = [uuidv7(), uuidv7()]
    const mutations = [
      {
        ...c.m('customer.create', { ...customerBody([a1.id], { firstName: 'Eerder' }), id: earlier }),
        at: slow(20 * 60_000),
      },
      { ...c.m('customer.create', { ...customerBody([a1.id], { firstName: 'Vers' }), id: fresh }), at: slow(0) },
    ]
    const before = now
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.sync.push, { org: orgA.id, salon: a1.id }),
      headers: desk1.headers,
      payload: { clientId: c.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations, sentAt: slow(0) },
    })
    expect(res.statusCode, res.body).toBe(200)
    const page = await list({ employeeId: desk1.id, type: 'customerCreate', period: 'all' })
    const entry = (id: string) => page.items.find((i) => i.contacted?.customerId === id) as EmployeeActivity
    // Corrected by the tablet's offset: the fresh change is now, not 6 hours ago, and first in
    // the log; the earlier one 20 minutes before it. The audit keeps the tablet's own clock.
    expect(Date.parse(entry(fresh).occurredAt as string)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(entry(fresh).occurredAt as string)).toBeLessThanOrEqual(Date.parse(entry(fresh).receivedAt))
    const gap = Date.parse(entry(fresh).occurredAt as string) - Date.parse(entry(earlier).occurredAt as string)
    expect(gap).toBe(20 * 60_000)
    expect(entry(fresh).deviceTime).toBe(mutations[1].at)
    const ids = page.items.map((i) => i.contacted?.customerId)
    expect(ids.indexOf(fresh)).toBe(0)
    expect(ids.indexOf(earlier)).toBeGreaterThan(0)
    // The whole log runs newest first by the corrected time, never the tablet's.
    const dates = page.items.map((i) => Date.parse(i.occurredAt ?? i.receivedAt))
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
  })

  it('activity log: without the device clock at sending (an older app), the receipt dates a change', async () => {
    const c = client()
    const deviceTime = new Date(Date.now() - 2 * 3_600_000).toISOString()
    const id = uuidv7()
    const res = await push(app, {
      orgId: orgA.id,
      salonId: a1.id,
      headers: desk1.headers,
      clientId: c.clientId,
      mutations: [{ ...c.m('customer.create', { ...customerBody([a1.id]), id }), at: deviceTime } as TestMutation],
    })
    expect(res.statusCode, res.body).toBe(200)
    const page = await list({ employeeId: desk1.id, type: 'customerCreate', period: 'all' })
    const e = page.items.find((i) => i.contacted?.customerId === id) as EmployeeActivity
    // Its offset is unknown: no raw device clock dates anything; the audit still keeps it.
    expect(e.occurredAt).toBe(e.receivedAt)
    expect(e.deviceTime).toBe(deviceTime)
  })

  it('activity log: a submission taken by staff and an answer they changed are logged with the customer', async () => {
    const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const submissionId = uuidv7()
    const taken = await app.inject({
      method: 'POST',
      url: apiUrl(API.submissions.create, { org: orgA.id, salon: a1.id }),
      headers: owner,
      payload: {
        id: submissionId,
        customerId: customer.id,
        questionnaireId: q.id,
        answers: validAnswers(),
        takenBy: 'employee',
      },
    })
    expect(taken.statusCode, taken.body).toBe(201)
    const page = await list({ employeeId: orgA.owner.id, type: 'submissionCreated' })
    expect(page.items[0]).toMatchObject({
      salonId: a1.id,
      contacted: { customerId: customer.id },
      data: { submissionId, questionnaireId: q.id },
    })
    const edited = await app.inject({
      method: 'POST',
      url: apiUrl(API.submissions.updateAnswer, { org: orgA.id, salon: a1.id, id: submissionId }),
      headers: owner,
      payload: { questionId: 'age', value: 35 },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const [answer] = (await list({ employeeId: orgA.owner.id, type: 'answerUpdated' })).items
    expect(answer).toMatchObject({
      salonId: a1.id,
      contacted: { customerId: customer.id },
      data: { submissionId, questionId: 'age', questionName: 'Age' },
    })
    // The answers themselves stay with the submission (they go when the customer is removed).
    // (Compared as values: the ids in the entry are hex and may well contain the digits "35".)
    expect(Object.values(answer.data as Record<string, unknown>)).not.toContain(35)
    expect(answer.data).not.toHaveProperty('value')
  })

  it('activity log: a questionnaire sent to customers is one entry per customer contacted', async () => {
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const c1 = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const c2 = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const missing = uuidv7()
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.questionnaires.send, { org: orgA.id, salon: a1.id }),
      headers: owner,
      payload: { questionnaireId: q.id, customerIds: [c1.id, c2.id, missing], channel: 'email' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const page = await list({ employeeId: orgA.owner.id, type: 'questionnaireSend' })
    expect(page.items.map((i) => i.contacted?.customerId).sort()).toEqual([c1.id, c2.id].sort())
    expect(page.items[0]).toMatchObject({ salonId: a1.id, data: { questionnaireId: q.id, channel: 'email' } })
  })

  it("activity log: a customer's own submission is not an employee action", async () => {
    const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
    const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
    const { token } = await createSession(app.db, {
      kind: 'customer',
      subjectId: customer.id,
      organisationId: orgA.id,
      ttlHours: 1,
    })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.submissions.create, { org: orgA.id, salon: a1.id }),
      headers: bearer(token),
      payload: { id: uuidv7(), customerId: customer.id, questionnaireId: q.id, answers: validAnswers() },
    })
    expect(res.statusCode, res.body).toBe(201)
    const page = await list({ type: 'submissionCreated', period: 'all' })
    expect(page.items.filter((i) => i.contacted?.customerId === customer.id)).toEqual([])
  })

  it('activity log: the owner still sees an employee who holds no role any more; a branch manager does not', async () => {
    const leaver = await seedEmployee(app, { organisationId: orgA.id, salonIds: [a1.id], permissions: [] })
    await app.db.insert(auditEvents).values({
      id: uuidv7(),
      organisationId: orgA.id,
      actorKind: 'employee',
      actorId: leaver.id,
      event: 'customersSearch',
      data: { results: 0 },
    })
    await app.db.delete(employeeSalonRoles).where(eq(employeeSalonRoles.employeeId, leaver.id))
    expect((await list({ employeeId: leaver.id })).total).toBe(1)
    expect((await list({ employeeId: leaver.id }, manager1.headers)).total).toBe(0)
  })

  it('activity log: a sign-in is logged for the employee', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.loginInOrganisation, { org: orgA.id }),
      payload: { email: manager1.email, password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    const page = await list({ employeeId: manager1.id, type: 'login' })
    expect(page.items[0]).toMatchObject({ employeeId: manager1.id, contacted: null })
  })
})
