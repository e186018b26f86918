import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import {
  auditEvents,
  customerActivities,
  customerComments,
  customerConflicts,
  customerDepartures,
  customers,
  outboxMessages,
  questionnaireSubmissions,
  syncLedger,
} from '../../server/db/schema'
import { createSession } from '../../server/auth/sessions'
import { buildTestApp } from '../helpers/app'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer, postSubmissionWithPhoto } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 10: soft delete and restore (the spec's deleted flag, through the ordinary update) and
 * the hard delete (DELETE /customers/{id}): everything about the customer goes, stored photos
 * included, the row stays as a tombstone without personal data and the e-mail is free again.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'customers-delete-'))
const app = await buildTestApp({ dataDir })
const org = await seedOrganisation(app, { salons: 2 })
const other = await seedOrganisation(app)
const [s1, s2] = org.salons
const owner = org.owner.headers
const url = (id = '', o = org.id) =>
  id ? apiUrl(API.customers.get, { org: o, id }) : apiUrl(API.customers.list, { org: o })
// Manages customers in branch 1 only.
const desk = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [s1.id],
  permissions: ['readCustomers', 'manageCustomers'],
})
const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [s1.id], permissions: ['readCustomers'] })

async function customerWithEverything(salonIds: string[]) {
  const c = await postCustomer(app, org.id, owner, customerBody(salonIds))
  const { photo } = await postSubmissionWithPhoto(app, {
    orgId: org.id,
    salonId: s1.id,
    headers: owner,
    storage: app.storage,
    customerId: c.id,
  })
  await app.db.insert(customerComments).values({
    id: uuidv7(),
    organisationId: org.id,
    customerId: c.id,
    salonId: s1.id,
    employeeId: org.owner.id,
    authorName: 'Eva',
    text: 'Allergic to nuts',
    version: 1,
  })
  await app.db.insert(customerConflicts).values({
    id: uuidv7(),
    organisationId: org.id,
    customerId: c.id,
    field: 'city',
    keptValue: 'Utrecht',
    rejectedValue: 'Delft',
    version: 1,
  })
  return { customer: c, photo }
}

const setDeleted = (id: string, deleted: boolean, headers = owner) =>
  app.inject({ method: 'PUT', url: url(id), headers, payload: { changes: { deleted } } })

describe('soft delete and restore', () => {
  it('hides the customer from the list, shows them with includeDeleted, and restores them; audited', async () => {
    const c = await postCustomer(app, org.id, owner, customerBody([s1.id]))
    const del = await setDeleted(c.id, true, desk.headers)
    expect(del.statusCode).toBe(200)
    expect(del.json().customer.deleted).toBe(true)
    const list = await app.inject({
      url: apiUrl(API.customers.list, { org: org.id }, { search: c.email }),
      headers: owner,
    })
    expect(list.json().total).toBe(0)
    const all = await app.inject({ url: apiUrl(API.customers.all, { org: org.id }), headers: owner })
    expect(all.json().some((x: { id: string }) => x.id === c.id)).toBe(false)
    const allWith = await app.inject({
      url: apiUrl(API.customers.all, { org: org.id }, { includeDeleted: true }),
      headers: owner,
    })
    expect(allWith.json().some((x: { id: string }) => x.id === c.id)).toBe(true)
    const shown = await app.inject({
      url: apiUrl(API.customers.list, { org: org.id }, { includeDeleted: 'true', search: c.email }),
      headers: owner,
    })
    expect(shown.json().items).toMatchObject([{ id: c.id, deleted: true }])
    // The file still opens (to restore from it).
    expect((await app.inject({ url: url(c.id), headers: owner })).json().deleted).toBe(true)

    const back = await setDeleted(c.id, false, desk.headers)
    expect(back.json().customer.deleted).toBe(false)
    expect(
      (
        await app.inject({ url: apiUrl(API.customers.list, { org: org.id }, { search: c.email }), headers: owner })
      ).json().total,
    ).toBe(1)
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'customerUpdate'), eq(auditEvents.customerId, c.id)))
    expect(events.map((e) => (e.data as { fields: string[] }).fields)).toEqual([['deleted'], ['deleted']])
  })

  it('needs customers.manage in a branch of the customer', async () => {
    const c = await postCustomer(app, org.id, owner, customerBody([s1.id]))
    const res = await setDeleted(c.id, true, reader.headers)
    expect(res.statusCode).toBe(403)
    expect((await app.db.select().from(customers).where(eq(customers.id, c.id)))[0].deleted).toBe(false)
  })
})

describe('DELETE /customers/{id} (hard delete)', () => {
  it('removes submissions, photos, comments, conflicts and activity; leaves a tombstone; frees the e-mail', async () => {
    const { customer: c, photo } = await customerWithEverything([s1.id, s2.id])
    expect(await app.storage.stat(photo)).not.toBeNull()
    const res = await app.inject({ method: 'DELETE', url: url(c.id), headers: owner })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: c.id,
      submissions: 1,
      photos: 1,
      comments: 1,
      conflicts: 1,
      activities: 1,
      documents: 0,
    })

    expect(
      await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.customerId, c.id)),
    ).toEqual([])
    expect(await app.db.select().from(customerComments).where(eq(customerComments.customerId, c.id))).toEqual([])
    expect(await app.db.select().from(customerConflicts).where(eq(customerConflicts.customerId, c.id))).toEqual([])
    expect(await app.db.select().from(customerActivities).where(eq(customerActivities.customerId, c.id))).toEqual([])
    expect(await app.storage.stat(photo)).toBeNull()

    const [row] = await app.db.select().from(customers).where(eq(customers.id, c.id))
    expect(row.deletedAt).not.toBeNull()
    expect(JSON.stringify(row)).not.toContain(c.email)
    expect(row).toMatchObject({ firstName: '', lastName: '', phoneNumber: null, notes: null, customValues: {} })
    // Every branch's replica hears of it.
    const departures = await app.db.select().from(customerDepartures).where(eq(customerDepartures.customerId, c.id))
    expect(departures.map((d) => d.salonId).sort()).toEqual([s1.id, s2.id].sort())

    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'customerHardDelete'), eq(auditEvents.customerId, c.id)))
    expect(event.actorId).toBe(org.owner.id)
    expect(JSON.stringify(event.data)).not.toContain(c.email)
    expect(JSON.stringify(event.data)).not.toContain('Anna')

    // Gone for the API; the same person can be added again.
    expect((await app.inject({ url: url(c.id), headers: owner })).statusCode).toBe(404)
    const again = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: customerBody([s1.id], { email: c.email }),
    })
    expect(again.statusCode).toBe(201)
  })

  it('ends their sign-ins and removes messages kept for their address and push answers holding them', async () => {
    const c = await postCustomer(app, org.id, owner, customerBody([s1.id]))
    const session = await createSession(app.db, {
      kind: 'customer',
      subjectId: c.id,
      organisationId: org.id,
      ttlHours: 1,
    })
    await app.db.insert(outboxMessages).values({
      id: uuidv7(),
      organisationId: org.id,
      channel: 'email',
      recipient: c.email,
      subject: 'Your code',
      text: `Hello ${c.firstName}`,
      status: 'stored',
    })
    await app.db.insert(syncLedger).values({
      mutationId: uuidv7(),
      organisationId: org.id,
      clientId: 'c-test',
      seq: 1,
      name: 'customer.update',
      argsHash: 'x',
      status: 'applied',
      result: { customer: { id: c.id, email: c.email } },
    })
    expect(
      (await app.inject({ url: apiUrl(API.customers.me, { org: org.id }), headers: bearer(session.token) })).statusCode,
    ).toBe(200)
    expect((await app.inject({ method: 'DELETE', url: url(c.id), headers: owner })).statusCode).toBe(200)
    expect(
      (await app.inject({ url: apiUrl(API.customers.me, { org: org.id }), headers: bearer(session.token) })).statusCode,
    ).toBe(401)
    expect(await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, c.email))).toEqual([])
    const ledger = await app.db.select().from(syncLedger).where(eq(syncLedger.clientId, 'c-test'))
    expect(JSON.stringify(ledger)).not.toContain(c.email)
  })

  it('a second delete is 404', async () => {
    const c = await postCustomer(app, org.id, owner, customerBody([s1.id]))
    expect((await app.inject({ method: 'DELETE', url: url(c.id), headers: owner })).statusCode).toBe(200)
    expect((await app.inject({ method: 'DELETE', url: url(c.id), headers: owner })).json().code).toBe(
      'CUSTOMER_NOT_FOUND',
    )
  })

  it('needs customers.hardDelete in EVERY branch of the customer; refused changes nothing', async () => {
    const { customer: c, photo } = await customerWithEverything([s1.id, s2.id])
    const res = await app.inject({ method: 'DELETE', url: url(c.id), headers: desk.headers })
    expect(res.statusCode).toBe(403)
    expect(
      await app.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.customerId, c.id)),
    ).toHaveLength(1)
    expect(await app.storage.stat(photo)).not.toBeNull()
    // Only in branch 1: the desk manages every branch of theirs.
    const own = await postCustomer(app, org.id, owner, customerBody([s1.id]))
    expect((await app.inject({ method: 'DELETE', url: url(own.id), headers: desk.headers })).statusCode).toBe(200)
    // A reader may not.
    const other1 = await postCustomer(app, org.id, owner, customerBody([s1.id]))
    expect((await app.inject({ method: 'DELETE', url: url(other1.id), headers: reader.headers })).statusCode).toBe(403)
  })

  it("another organisation's customer is 404 and stays", async () => {
    const c = await postCustomer(app, other.id, other.owner.headers, customerBody([other.salons[0].id]))
    const res = await app.inject({ method: 'DELETE', url: url(c.id), headers: owner })
    expect(res.statusCode).toBe(404)
    const cross = await app.inject({ method: 'DELETE', url: url(c.id, other.id), headers: owner })
    expect([403, 404]).toContain(cross.statusCode)
    const [row] = await app.db.select().from(customers).where(eq(customers.id, c.id))
    expect(row.deletedAt).toBeNull()
  })
})
