import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, customerComments } from '../../server/db/schema'
import { addComment, deleteComment, editComment } from '../../src/local-db/comments'
import { buildTestApp } from '../helpers/app'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { customerInput, device, listen, network } from './harness'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// Customer comments in the replica (issue 10), against the real server over HTTP.
const app = await buildTestApp()
const apiBase = await listen(app)

async function setup() {
  const org = await seedOrganisation(app, { salons: 2 })
  const net = network()
  const salonId = org.salons[0].id
  const auth = { authorization: `Bearer ${org.owner.token}` }
  const customer = await app.inject({
    method: 'POST',
    url: apiUrl(API.customers.create, { org: org.id }),
    headers: auth,
    payload: customerInput(salonId),
  })
  expect(customer.statusCode).toBe(201)
  const make = (token = org.owner.token) => device({ apiBase, orgId: org.id, salonId, token, fetch: net.fetch })
  return { org, net, salonId, auth, customerId: customer.json().id as string, make }
}

const serverRows = (customerId: string) =>
  app.db.select().from(customerComments).where(eq(customerComments.customerId, customerId))

describe('sync engine: customer comments', () => {
  it('written offline: pending, pushed once even when the push is repeated, pulled into a second device', async () => {
    const { net, salonId, customerId, make } = await setup()
    const a = make()
    const b = make()
    await a.engine.syncOnce()
    await b.engine.syncOnce()

    net.up = false
    const id = await addComment(a.db, { customerId, salonId, text: 'Gevoelige huid, geen peeling' })
    const local = await a.db.customerComments.get(id)
    expect(local).toMatchObject({ _pending: 1, text: 'Gevoelige huid, geen peeling', customerId })
    expect(await a.engine.syncOnce()).toBe('offline')
    expect(await serverRows(customerId)).toHaveLength(0)

    // Back online; the server stores it but the answer is lost: the engine sends it again.
    net.up = true
    net.loseNextPushResponses = 1
    await a.engine.syncOnce().catch(() => undefined)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.outbox.count()).toBe(0)
    const acked = await a.db.customerComments.get(id)
    expect(acked?._pending).toBe(0)
    expect(acked?.version).toBeGreaterThan(0)
    expect(acked?.authorName).not.toBe('')

    const rows = await serverRows(customerId)
    expect(rows).toHaveLength(1)
    const adds = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerCommentAdd'))
    expect(adds.filter((e) => (e.data as { commentId: string }).commentId === id)).toHaveLength(1)

    expect(await b.engine.syncOnce()).toBe('idle')
    expect(await b.db.customerComments.get(id)).toMatchObject({
      id,
      text: 'Gevoelige huid, geen peeling',
      _pending: 0,
      authorName: acked?.authorName,
    })
  })

  it('an edit and a delete made on another device arrive; a comment edited offline replays over pulls', async () => {
    const { salonId, customerId, make, net } = await setup()
    const a = make()
    const b = make()
    await a.engine.syncOnce()
    const id = await addComment(a.db, { customerId, salonId, text: 'First' })
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await b.engine.syncOnce()).toBe('idle')

    const onB = (await b.db.customerComments.get(id))!
    await editComment(b.db, onB, salonId, 'Changed on the other tablet')
    expect(await b.engine.syncOnce()).toBe('idle')
    expect(await a.engine.syncOnce()).toBe('idle')
    const edited = await a.db.customerComments.get(id)
    expect(edited).toMatchObject({ text: 'Changed on the other tablet', _pending: 0 })
    expect(edited?.editedAt).not.toBeNull()

    // Offline on A, a second edit shows at once and survives a pull of older data.
    net.up = false
    await editComment(a.db, edited!, salonId, 'Offline edit')
    expect((await a.db.customerComments.get(id))?.text).toBe('Offline edit')
    net.up = true
    expect(await a.engine.syncOnce()).toBe('idle')
    expect((await a.db.customerComments.get(id))?._pending).toBe(0)
    expect((await serverRows(customerId))[0].text).toBe('Offline edit')

    await b.engine.syncOnce()
    const again = (await b.db.customerComments.get(id))!
    expect(again.text).toBe('Offline edit')
    await deleteComment(b.db, again, salonId)
    expect(await b.db.customerComments.get(id)).toBeUndefined()
    expect(await b.engine.syncOnce()).toBe('idle')
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.customerComments.get(id)).toBeUndefined()
    expect(await a.db.serverCustomerComments.get(id)).toBeUndefined()
    expect((await serverRows(customerId))[0].deletedAt).not.toBeNull()
  })

  it("someone else's comment edited by a reader is refused and waits as needs attention", async () => {
    const { org, salonId, customerId, make } = await setup()
    const reader = await seedEmployee(app, {
      organisationId: org.id,
      salonIds: [salonId],
      permissions: ['readCustomers'],
    })
    const owner = make()
    await owner.engine.syncOnce()
    const id = await addComment(owner.db, { customerId, salonId, text: 'By the owner' })
    expect(await owner.engine.syncOnce()).toBe('idle')
    const r = make(reader.token)
    await r.engine.syncOnce()
    const row = (await r.db.customerComments.get(id))!
    await editComment(r.db, row, salonId, 'Not mine')
    await r.engine.syncOnce()
    const shown = await r.db.customerComments.get(id)
    expect(shown?._error).toBe('COMMENT_NOT_AUTHOR')
    expect((await serverRows(customerId))[0].text).toBe('By the owner')
  })

  it('a customer who leaves the branch takes their comments from the replica', async () => {
    const { org, auth, salonId, customerId, make } = await setup()
    const a = make()
    await a.engine.syncOnce()
    const id = await addComment(a.db, { customerId, salonId, text: 'Leaving soon' })
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.customerComments.get(id)).toBeDefined()
    const moved = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: org.id, id: customerId }),
      headers: auth,
      payload: { changes: { salonIds: [org.salons[1].id] } },
    })
    expect(moved.statusCode).toBe(200)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.customers.get(customerId)).toBeUndefined()
    expect(await a.db.customerComments.get(id)).toBeUndefined()
    expect(await a.db.serverCustomerComments.get(id)).toBeUndefined()
  })

  it('a customer who joins the branch brings their older comments along', async () => {
    const { org, auth, salonId, make } = await setup()
    const elsewhere = org.salons[1].id
    const created = await app.inject({
      method: 'POST',
      url: apiUrl(API.customers.create, { org: org.id }),
      headers: auth,
      payload: customerInput(elsewhere),
    })
    const customerId = created.json().id as string
    const written = await app.inject({
      method: 'POST',
      url: apiUrl(API.customerComments.create, { org: org.id }),
      headers: auth,
      payload: { id: crypto.randomUUID(), customerId, salonId: elsewhere, text: 'Written in the other branch' },
    })
    expect(written.statusCode).toBe(201)
    const a = make()
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.customerComments.get(written.json().id)).toBeUndefined()
    const joined = await app.inject({
      method: 'PUT',
      url: apiUrl(API.customers.update, { org: org.id, id: customerId }),
      headers: auth,
      payload: { changes: { salonIds: [elsewhere, salonId] } },
    })
    expect(joined.statusCode).toBe(200)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.customers.get(customerId)).toBeDefined()
    expect(await a.db.customerComments.get(written.json().id)).toMatchObject({ text: 'Written in the other branch' })
  })

  it('a customer who leaves and comes back between two syncs keeps the customer and comments on the replica', async () => {
    const { org, auth, salonId, customerId, make } = await setup()
    const a = make()
    await a.engine.syncOnce()
    const id = await addComment(a.db, { customerId, salonId, text: 'Still here' })
    expect(await a.engine.syncOnce()).toBe('idle')
    const move = (salonIds: string[]) =>
      app.inject({
        method: 'PUT',
        url: apiUrl(API.customers.update, { org: org.id, id: customerId }),
        headers: auth,
        payload: { changes: { salonIds } },
      })
    expect((await move([org.salons[1].id])).statusCode).toBe(200)
    expect((await move([org.salons[1].id, salonId])).statusCode).toBe(200)
    expect(await a.engine.syncOnce()).toBe('idle')
    expect(await a.db.customers.get(customerId)).toBeDefined()
    expect(await a.db.customerComments.get(id)).toMatchObject({ text: 'Still here' })
  })
})
