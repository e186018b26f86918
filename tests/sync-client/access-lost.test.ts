import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { EmployeeMe } from '../../contract/auth'
import { grantsFingerprint } from '../../contract/sync'
import { employeeSalonRoles } from '../../server/db/schema'
import type { AccessLost, RemovedNotice } from '../../src/local-db/types'
import { createCustomer } from '../../src/local-db/mutations'
import { submitQuestionnaire } from '../../src/local-db/submission-mutations'
import { postQuestionnaire, validAnswers } from '../api/questionnaires-fixtures'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 9: a tablet whose user lost a right (or the branch) follows the server at the next sync,
// against the real server over HTTP.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setup() {
  const org = await seedOrganisation(app)
  const salonId = org.salons[0].id
  const role = await app.inject({
    method: 'POST',
    url: apiUrl(API.roles.create, { org: org.id }),
    headers: org.owner.headers,
    payload: { name: 'Balie', permissions: ['readCustomers', 'manageCustomers', 'readQuestionnaires'] },
  })
  const roleId: string = role.json().id
  const desk = await seedEmployee(app, { organisationId: org.id, salonIds: [salonId], roleId })
  const questionnaire = await postQuestionnaire(app, org.id, salonId, org.owner.headers)
  const customers = []
  for (const n of [1, 2, 3]) {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: org.owner.headers,
      payload: customerInput(salonId, { firstName: `Klant ${n}` }),
    })
    customers.push(res.json() as { id: string })
  }
  const setPermissions = (permissions: string[]) =>
    app.inject({
      method: 'PUT',
      url: apiUrl(API.roles.update, { org: org.id, id: roleId }),
      headers: org.owner.headers,
      payload: { permissions },
    })
  const net = network()
  const { db, engine } = device({ apiBase, orgId: org.id, salonId, token: desk.token, fetch: net.fetch })
  return { org, salonId, desk, questionnaire, customers, setPermissions, net, db, engine }
}

describe('sync engine: access taken away', () => {
  it('customer rights taken away: rows emptied, the reason noted once, unsent work kept and judged', async () => {
    const { org, salonId, desk, questionnaire, customers, setPermissions, net, db, engine } = await setup()
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.customers.count()).toBe(3)
    const grantsBefore = await db.getMeta<string>('grants')
    expect(grantsBefore).toBeTruthy()

    // Offline work: a new customer (she may no longer add one) and a questionnaire taken at the
    // desk (she still may).
    net.up = false
    await createCustomer(db, customerInput(salonId, { firstName: 'Nieuw' }))
    const submissionId = await submitQuestionnaire(db, {
      salonId,
      customerId: customers[0].id,
      questionnaireId: questionnaire.id,
      answers: validAnswers(),
    })
    expect(await db.outbox.count()).toBe(2)

    expect((await setPermissions(['readQuestionnaires'])).statusCode).toBe(200)
    net.up = true
    expect(await engine.syncOnce()).toBe('idle')

    // The submission was sent; the new customer came back refused with the permission it needs.
    const outbox = await db.outbox.toArray()
    expect(outbox).toHaveLength(1)
    expect(outbox[0]).toMatchObject({
      name: 'customer.create',
      status: 'needsAttention',
      error: { code: 'FORBIDDEN', details: { permission: 'manageCustomers' } },
    })
    expect((await db.submissions.get(submissionId))?._pending).toBe(0)

    // The branch's customers are gone; only the refused new customer stays (her own unsent work).
    expect(await db.serverCustomers.count()).toBe(0)
    const left = await db.customers.toArray()
    expect(left.map((c) => c.firstName)).toEqual(['Nieuw'])
    const removed = await db.getMeta<RemovedNotice>('removed')
    expect(removed?.entities).toEqual(['customer'])
    expect(removed?.kept).toBe(1)

    // The fingerprint moved with her role, and is what /employees/me now says.
    const grants = await db.getMeta<string>('grants')
    expect(grants).not.toBe(grantsBefore)
    const me = (
      await app.inject({ url: apiUrl(API.employees.me, { org: org.id }), headers: desk.headers })
    ).json() as EmployeeMe
    expect(grants).toBe(grantsFingerprint(me.salons.map((s) => [s.salonId, s.permissions] as const)))

    // Said once: read by the app, then the next syncs do not note it again.
    await db.meta.delete('removed')
    expect(await engine.syncOnce()).toBe('idle')
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.getMeta('removed')).toBeUndefined()

    // Given back: the customers fill in again from 0.
    expect((await setPermissions(['readCustomers', 'readQuestionnaires'])).statusCode).toBe(200)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.customers.where('_pending').equals(0).count()).toBe(3)
  })

  it('the team too: employees and roles leave the replica when readEmployees is taken away', async () => {
    const { setPermissions, db, engine } = await setup()
    expect((await setPermissions(['readCustomers', 'readEmployees'])).statusCode).toBe(200)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.employees.count()).toBeGreaterThan(0)
    expect(await db.roles.count()).toBeGreaterThan(0)

    expect((await setPermissions(['readCustomers'])).statusCode).toBe(200)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.employees.count()).toBe(0)
    expect(await db.roles.count()).toBe(0)
    expect(await db.customers.count()).toBe(3)
    const removed = await db.getMeta<RemovedNotice>('removed')
    expect(removed?.entities.sort()).toEqual(['employee', 'role'])
    expect(removed?.kept).toBe(0)
  })

  it('a replica that never held customers is told nothing', async () => {
    const { setPermissions, db, engine } = await setup()
    expect((await setPermissions(['readQuestionnaires'])).statusCode).toBe(200)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.getMeta('removed')).toBeUndefined()
    expect(await db.questionnaires.count()).toBe(1)
  })

  it('the role in the branch taken away: the engine notes it, keeps the outbox, and resumes when it comes back', async () => {
    const { salonId, desk, net, db, engine } = await setup()
    expect(await engine.syncOnce()).toBe('idle')
    net.up = false
    await createCustomer(db, customerInput(salonId, { firstName: 'Wacht' }))
    net.up = true
    const [grant] = await app.db
      .delete(employeeSalonRoles)
      .where(and(eq(employeeSalonRoles.employeeId, desk.id), eq(employeeSalonRoles.salonId, salonId)))
      .returning()

    expect(await engine.syncOnce()).toBe('error')
    expect(await db.getMeta<AccessLost>('accessLost')).toMatchObject({ code: 'FORBIDDEN' })
    // Nothing is thrown away by the engine: the app decides (and tells) what the device drops.
    expect(await db.outbox.count()).toBe(1)
    expect(await db.customers.count()).toBeGreaterThan(0)

    await app.db.insert(employeeSalonRoles).values(grant)
    expect(await engine.syncOnce()).toBe('idle')
    expect(await db.getMeta('accessLost')).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })
})
