import { describe, expect, it } from 'vitest'
import type { CustomerDocument } from '../../contract/documents'
import type { Change } from '../../contract/sync'
import { seedDocument } from '../documents/fixtures'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerBody, postCustomer } from './customers-fixtures'
import { newId, pull } from './sync-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Issue 12: documents sent to customers travel through the branch's changes feed like comments:
// a send appears as a row, a removal as a tombstone, a customer leaving the branch takes theirs.
const app = await buildTestApp()
const org = await seedOrganisation(app, { salons: 2 })
const [a1, a2] = org.salons
const owner = org.owner.headers
const reader = await seedEmployee(app, { organisationId: org.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const nobody = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [a1.id],
  permissions: ['readQuestionnaires'],
})
const consent = await seedDocument(app, org.id, { kind: 'consentForm' })
const stays = await postCustomer(app, org.id, owner, customerBody([a1.id]))
const leaves = await postCustomer(app, org.id, owner, customerBody([a1.id]))
const other = await postCustomer(app, org.id, owner, customerBody([a2.id]))

const send = async (customerId: string, salonId = a1.id) => {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.customerDocuments.send, { org: org.id, id: customerId }, { salonId }),
    headers: owner,
    payload: { id: newId(), documentId: consent.documentId, channel: 'inApp' },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as CustomerDocument
}
const feed = async (since: number, headers = reader.headers, salonId = a1.id) => {
  const res = await pull(app, { orgId: org.id, salonId, headers, since })
  expect(res.statusCode).toBe(200)
  return res.json() as { changes: Change[]; cursor: number; withheld: string[] }
}
const docs = (changes: Change[]) => changes.filter((c) => c.entity === 'customerDocument')

describe('sync: customerDocument', () => {
  it('sync: a send appears in the branch’s changes as GET …/documents answers it; never in another branch’s', async () => {
    const sent = await send(stays.id)
    const mine = docs((await feed(0)).changes)
    expect(mine).toEqual([{ entity: 'customerDocument', version: sent.version, deleted: false, row: sent }])
    const rest = await app.inject({
      url: apiUrl(API.customerDocuments.list, { org: org.id, id: stays.id }, { salonId: a1.id }),
      headers: reader.headers,
    })
    expect(rest.json()).toEqual([sent])
    expect(docs((await feed(0, owner, a2.id)).changes)).toEqual([])
    await send(other.id, a2.id)
    expect(docs((await feed(0)).changes).map((c) => (c.deleted ? c.id : c.row.customerId))).toEqual([stays.id])
    // Without customerDocuments.read (no customer rights in the branch) the entity is withheld.
    const theirs = await feed(0, nobody.headers)
    expect(theirs.withheld).toContain('customerDocument')
    expect(docs(theirs.changes)).toEqual([])
  })

  it('sync: a removal arrives as a tombstone; a fresh replica never sees it', async () => {
    const sent = await send(stays.id)
    const start = (await feed(0)).cursor
    const del = await app.inject({
      method: 'DELETE',
      url: apiUrl(API.customerDocuments.remove, { org: org.id, id: stays.id, docId: sent.id }, { salonId: a1.id }),
      headers: owner,
    })
    expect(del.statusCode).toBe(204)
    const after = docs((await feed(start)).changes)
    expect(after).toEqual([{ entity: 'customerDocument', version: expect.any(Number), deleted: true, id: sent.id }])
    expect(docs((await feed(0)).changes).map((c) => (c.deleted ? c.id : c.row.id))).not.toContain(sent.id)
  })

  it('sync: a customer leaving the branch takes their documents with them (tombstones in that branch only)', async () => {
    const sent = await send(leaves.id)
    const start = (await feed(0)).cursor
    const startA2 = (await feed(0, owner, a2.id)).cursor
    const moved = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: org.id, id: leaves.id }),
      headers: owner,
      payload: { changes: { salonIds: [a2.id] } },
    })
    expect(moved.statusCode).toBe(200)
    const gone = docs((await feed(start)).changes)
    expect(gone).toContainEqual({ entity: 'customerDocument', version: expect.any(Number), deleted: true, id: sent.id })
    expect(gone.some((c) => !c.deleted && c.row.id === sent.id)).toBe(false)
    // The branch they joined does not get tombstones of them.
    const there = docs((await feed(startA2, owner, a2.id)).changes)
    expect(there.some((c) => c.deleted && c.id === sent.id)).toBe(false)
    // …but their documents: the branch's replicas already past the send's version pull it too.
    expect(there.some((c) => !c.deleted && c.row.id === sent.id)).toBe(true)
  })
})
