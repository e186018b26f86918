import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { EmployeeMe } from '../../contract/auth'
import { grantsFingerprint } from '../../contract/sync'
import { employeeSalonRoles } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody } from './customers-fixtures'
import { postQuestionnaire, validAnswers } from './questionnaires-fixtures'
import { client, newId, pull, push } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 9: "A change takes effect at once: the next request of an affected employee is checked
// against it". The caller's grants come with the session (kept by the session cache, which the
// database's access_changed notification empties at the role change, issue 25): the same
// session's next call after a role change meets the new role.
const app = await buildTestApp()

async function setup() {
  const org = await seedOrganisation(app, { salons: 2 })
  const [a, b] = org.salons
  const role = await app.inject({
    method: 'POST',
    url: apiUrl(API.roles.create, { org: org.id }),
    headers: org.owner.headers,
    payload: { name: 'Balie', permissions: ['readCustomers', 'manageCustomers', 'readQuestionnaires'] },
  })
  expect(role.statusCode).toBe(201)
  const roleId: string = role.json().id
  const desk = await seedEmployee(app, { organisationId: org.id, salonIds: [a.id], roleId })
  const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [a.id] })
  const questionnaire = await postQuestionnaire(app, org.id, a.id, org.owner.headers)
  const setPermissions = async (permissions: string[]) => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl(API.roles.update, { org: org.id, id: roleId }),
      headers: org.owner.headers,
      payload: { permissions },
    })
    expect(res.statusCode).toBe(200)
  }
  const me = async () =>
    (await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: desk.headers })).json() as EmployeeMe
  return { org, a, b, desk, customer, questionnaire, setPermissions, me }
}

const fingerprintOf = (me: EmployeeMe) => grantsFingerprint(me.salons.map((s) => [s.salonId, s.permissions] as const))

describe('a role change takes effect at the next request', () => {
  it('the same session: REST 403 at once; the feed withholds customers and its fingerprint changes', async () => {
    const { org, a, desk, setPermissions, me } = await setup()
    const customers = () => app.inject({ url: apiUrl(API.customers.list, { org: org.id }), headers: desk.headers })
    expect((await customers()).statusCode).toBe(200)
    const before = await pull(app, { orgId: org.id, salonId: a.id, headers: desk.headers })
    expect(before.json().withheld).not.toContain('customer')
    // Server and client compute the same fingerprint of the same grants.
    expect(before.json().grants).toBe(fingerprintOf(await me()))

    await setPermissions(['readQuestionnaires'])

    const after = await customers()
    expect(after.statusCode).toBe(403)
    expect(after.json().details).toEqual({ permission: 'readCustomers' })
    const created = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: desk.headers,
      payload: customerBody([a.id]),
    })
    expect(created.statusCode).toBe(403)
    const feed = await pull(app, { orgId: org.id, salonId: a.id, headers: desk.headers })
    expect(feed.statusCode).toBe(200)
    expect(feed.json().withheld).toEqual(expect.arrayContaining(['customer', 'customerConflict']))
    expect(feed.json().changes.some((c: { entity: string }) => c.entity === 'customer')).toBe(false)
    expect(feed.json().grants).not.toBe(before.json().grants)
    expect(feed.json().grants).toBe(fingerprintOf(await me()))

    // Given back: the next request is allowed again.
    await setPermissions(['readCustomers'])
    expect((await customers()).statusCode).toBe(200)
  })

  it('unsent work: what the employee may still do is applied, what they may not is refused with the permission', async () => {
    const { org, a, desk, customer, questionnaire, setPermissions } = await setup()
    await setPermissions(['readQuestionnaires'])
    const c = client()
    const res = await push(app, {
      orgId: org.id,
      salonId: a.id,
      headers: desk.headers,
      clientId: c.clientId,
      mutations: [
        c.m('customer.create', { ...customerBody([a.id]), id: newId() }),
        // Not "customer not found": the missing right is named (nothing about the row is read).
        c.m('customer.update', { id: customer.id, changes: { city: 'Haarlem' } }),
        c.m('questionnaireSubmission.create', {
          id: newId(),
          salonId: a.id,
          customerId: customer.id,
          questionnaireId: questionnaire.id,
          answers: validAnswers(),
        }),
      ],
    })
    expect(res.statusCode).toBe(200)
    const [refused, refusedEdit, kept] = res.json().results
    expect(refused).toMatchObject({ status: 'rejected', code: 'FORBIDDEN', details: { permission: 'manageCustomers' } })
    expect(refusedEdit).toMatchObject({
      status: 'rejected',
      code: 'FORBIDDEN',
      details: { permission: 'manageCustomers' },
    })
    expect(kept).toMatchObject({ status: 'applied' })
  })

  it('no role in the branch any more: feed and push answer 403 there, the other branch is untouched', async () => {
    const { org, a, b, desk } = await setup()
    await app.db
      .delete(employeeSalonRoles)
      .where(and(eq(employeeSalonRoles.employeeId, desk.id), eq(employeeSalonRoles.salonId, a.id)))
    const feed = await pull(app, { orgId: org.id, salonId: a.id, headers: desk.headers })
    expect(feed.statusCode).toBe(403)
    const c = client()
    const pushed = await push(app, {
      orgId: org.id,
      salonId: a.id,
      headers: desk.headers,
      clientId: c.clientId,
      mutations: [],
    })
    expect(pushed.statusCode).toBe(403)
    // A branch they never had is the same 403; a made-up one is 404.
    expect((await pull(app, { orgId: org.id, salonId: b.id, headers: desk.headers })).statusCode).toBe(403)
    expect((await pull(app, { orgId: org.id, salonId: newId(), headers: desk.headers })).statusCode).toBe(404)
  })
})
