import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditEvents, customerComments } from '../../server/db/schema'
import { buildTestApp } from '../helpers/app'
import { twoOrganisations } from '../helpers/two-organisations'
import { customerBody, newId, postCustomer } from './customers-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl, type Query } from '../helpers/url'

const app = await buildTestApp()
const { org: orgA, orgB, s1: a1, s2: a2, owner, staff } = await twoOrganisations(app)
const url = (org = orgA.id) => apiUrl(API.customerComments.list, { org })
// Branch 1: a manager of customers, a reader, and someone with no customer rights.
const manager = await staff(['readCustomers', 'manageCustomers'])
const reader = await staff(['readCustomers'])
const reader2 = await staff(['readCustomers'])
const nobody = await staff([])

const customer = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
const onlyA2 = await postCustomer(app, orgA.id, owner, customerBody([a2.id]))
const customerB = await postCustomer(app, orgB.id, orgB.owner.headers, customerBody([orgB.salons[0].id]))
const scope = { customerId: customer.id, salonId: a1.id }

async function add(headers: Record<string, string>, text = 'Allergic to lavender', id = newId()) {
  const res = await app.inject({ method: 'POST', url: url(), headers, payload: { id, ...scope, text } })
  if (res.statusCode !== 201) throw new Error(`add: ${res.statusCode} ${res.body}`)
  return res.json() as { id: string; text: string; version: number; editedAt: string | null; authorName: string }
}
const list = (headers: Record<string, string>, s = scope, extra: Query = {}) =>
  app.inject({ method: 'GET', url: apiUrl(API.customerComments.list, { org: orgA.id }, { ...s, ...extra }), headers })
const put = (headers: Record<string, string>, id: string, text: string, s = scope, org = orgA.id) =>
  app.inject({ method: 'PUT', url: apiUrl(API.customerComments.update, { org, id }, s), headers, payload: { text } })
const del = (headers: Record<string, string>, id: string, s = scope, org = orgA.id) =>
  app.inject({ method: 'DELETE', url: apiUrl(API.customerComments.remove, { org, id }, s), headers })
const rowCount = async () => (await app.db.select().from(customerComments)).length

describe('POST /customer-comments', () => {
  it('comments: adds a comment with the author from the employee record, audited without the text', async () => {
    const c = await add(reader.headers, 'Prefers the quiet room')
    expect(c).toMatchObject({
      text: 'Prefers the quiet room',
      customerId: customer.id,
      salonId: a1.id,
      employeeId: reader.id,
      authorName: 'Test Employee',
      editedAt: null,
    })
    expect(c.version).toBeGreaterThan(0)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerCommentAdd'))
    const mine = events.find((e) => (e.data as { commentId: string }).commentId === c.id)
    expect(mine).toMatchObject({ salonId: a1.id, customerId: customer.id, actorId: reader.id })
    expect(JSON.stringify(mine?.data)).not.toContain('quiet room')
  })

  it('comments: the same comment sent again answers the stored one (200), once stored', async () => {
    const id = newId()
    const first = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: { id, ...scope, text: 'Once' },
    })
    expect(first.statusCode).toBe(201)
    const again = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: { id, ...scope, text: 'Once' },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect((await app.db.select().from(customerComments).where(eq(customerComments.id, id))).length).toBe(1)
    const adds = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerCommentAdd'))
    expect(adds.filter((e) => (e.data as { commentId: string }).commentId === id)).toHaveLength(1)
  })

  it('comments: an id used for something else is refused (id_taken), also across organisations', async () => {
    const c = await add(owner, 'Original')
    const other = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: { id: c.id, ...scope, text: 'Other' },
    })
    expect(other.statusCode).toBe(400)
    expect(other.json().details.fields[0]).toMatchObject({ path: 'id', code: 'id_taken' })
    const byOther = await app.inject({
      method: 'POST',
      url: url(),
      headers: reader.headers,
      payload: { id: c.id, ...scope, text: 'Original' },
    })
    expect(byOther.statusCode).toBe(400)
    const foreign = await app.inject({
      method: 'POST',
      url: url(orgB.id),
      headers: orgB.owner.headers,
      payload: { id: c.id, customerId: customerB.id, salonId: orgB.salons[0].id, text: 'Original' },
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().details.fields[0].code).toBe('id_taken')
  })

  it('comments: bad input is a 400 naming the field and changes nothing', async () => {
    const before = await rowCount()
    const cases: [unknown, string][] = [
      [{ id: newId(), ...scope, text: '' }, 'text'],
      [{ id: newId(), ...scope, text: '   ' }, 'text'],
      [{ id: newId(), ...scope, text: 'x'.repeat(5001) }, 'text'],
      [{ id: newId(), ...scope, text: 'nul \u0000 here' }, 'text'],
      [{ id: newId(), ...scope, text: 'lone \ud800 surrogate' }, 'text'],
      [{ id: 'not-a-uuid', ...scope, text: 'ok' }, 'id'],
      [{ id: newId(), customerId: customer.id, text: 'ok' }, 'salonId'],
      [{ id: newId(), ...scope, text: 12 }, 'text'],
    ]
    for (const [payload, path] of cases) {
      const res = await app.inject({ method: 'POST', url: url(), headers: owner, payload: payload as object })
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
      expect(res.json().details.fields.map((f: { path: string }) => f.path)).toContain(path)
    }
    const empty = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: { id: newId(), ...scope, text: '' },
    })
    expect(empty.json().details.fields[0]).toMatchObject({ code: 'required', message: 'This field is required.' })
    expect(await rowCount()).toBe(before)
  })

  it('comments: exactly 5000 characters and text in any script are kept as written', async () => {
    const long = await add(owner, 'ä'.repeat(5000))
    expect(long.text).toHaveLength(5000)
    const emoji = await add(owner, 'Huid 👩🏽‍⚕️ — “zacht” <b>ok</b>')
    expect(emoji.text).toBe('Huid 👩🏽‍⚕️ — “zacht” <b>ok</b>')
  })

  it('comments: no customer rights in the branch is 403; a customer not in the branch is 404', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url(),
      headers: nobody.headers,
      payload: { id: newId(), ...scope, text: 'x' },
    })
    expect(res.statusCode).toBe(403)
    const notHere = await app.inject({
      method: 'POST',
      url: url(),
      headers: owner,
      payload: { id: newId(), customerId: onlyA2.id, salonId: a1.id, text: 'x' },
    })
    expect(notHere.statusCode).toBe(404)
    expect(notHere.json().code).toBe('CUSTOMER_NOT_FOUND')
    // The reader holds no role in branch 2.
    const otherBranch = await app.inject({
      method: 'POST',
      url: url(),
      headers: reader.headers,
      payload: { id: newId(), customerId: onlyA2.id, salonId: a2.id, text: 'x' },
    })
    expect(otherBranch.statusCode).toBe(403)
  })

  it('comments: cross-tenant is 404 and writes nothing', async () => {
    const before = await rowCount()
    const viaForeignOrg = await app.inject({
      method: 'POST',
      url: url(orgA.id),
      headers: orgB.owner.headers,
      payload: { id: newId(), ...scope, text: 'x' },
    })
    expect(viaForeignOrg.statusCode).toBe(404)
    const foreignCustomer = await app.inject({
      method: 'POST',
      url: url(orgB.id),
      headers: orgB.owner.headers,
      payload: { id: newId(), customerId: customer.id, salonId: orgB.salons[0].id, text: 'x' },
    })
    expect(foreignCustomer.statusCode).toBe(404)
    const foreignSalon = await app.inject({
      method: 'POST',
      url: url(orgB.id),
      headers: orgB.owner.headers,
      payload: { id: newId(), customerId: customerB.id, salonId: a1.id, text: 'x' },
    })
    expect(foreignSalon.statusCode).toBe(404)
    expect(await rowCount()).toBe(before)
  })
})

describe('GET /customer-comments', () => {
  it('comments: newest first, filtered by last 7 days / last 30 days / all', async () => {
    const c = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    const s = { customerId: c.id, salonId: a1.id }
    const mk = async (text: string, daysAgo: number) => {
      const res = await app.inject({ method: 'POST', url: url(), headers: owner, payload: { id: newId(), ...s, text } })
      const id = res.json().id
      await app.db
        .update(customerComments)
        .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(customerComments.id, id))
    }
    await mk('old', 40)
    await mk('last month', 10)
    await mk('today', 0)
    const texts = async (extra: Query = {}) =>
      ((await list(owner, s, extra)).json() as { text: string }[]).map((x) => x.text)
    expect(await texts()).toEqual(['today', 'last month', 'old'])
    expect(await texts({ period: 'all' })).toEqual(['today', 'last month', 'old'])
    expect(await texts({ period: '30d' })).toEqual(['today', 'last month'])
    expect(await texts({ period: '7d' })).toEqual(['today'])
    const bad = await list(owner, s, { period: '1y' })
    expect(bad.statusCode).toBe(400)
  })

  it('comments: readers see the comments; no rights 403; a missing query is 400; cross-tenant 404', async () => {
    const c = await add(owner, 'Seen by readers')
    const res = await list(reader.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().map((x: { id: string }) => x.id)).toContain(c.id)
    expect((await list(nobody.headers)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: url(), headers: owner })).statusCode).toBe(400)
    const foreign = await app.inject({
      method: 'GET',
      url: apiUrl(API.customerComments.list, { org: orgA.id }, scope),
      headers: orgB.owner.headers,
    })
    expect(foreign.statusCode).toBe(404)
    const foreignCustomer = await app.inject({
      method: 'GET',
      url: apiUrl(API.customerComments.list, { org: orgB.id }, { customerId: customer.id, salonId: orgB.salons[0].id }),
      headers: orgB.owner.headers,
    })
    expect(foreignCustomer.statusCode).toBe(404)
    // Branch 2's customer from branch 1: not found, never a list of someone else's comments.
    expect((await list(owner, { customerId: onlyA2.id, salonId: a1.id })).statusCode).toBe(404)
  })
})

describe('PUT /customer-comments/:id', () => {
  it('comments: the author edits their own comment: "edited", a new version, audited', async () => {
    const c = await add(reader.headers, 'First try')
    const res = await put(reader.headers, c.id, 'Second try')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ text: 'Second try', authorName: 'Test Employee' })
    expect(res.json().editedAt).not.toBeNull()
    expect(res.json().version).toBeGreaterThan(c.version)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerCommentUpdate'))
    const mine = events.find((e) => (e.data as { commentId: string }).commentId === c.id)
    expect(mine).toMatchObject({ salonId: a1.id, customerId: customer.id })
    expect(JSON.stringify(mine?.data)).not.toContain('try')
  })

  it("comments: a reader may not edit someone else's comment (403 COMMENT_NOT_AUTHOR); a manager may", async () => {
    const c = await add(reader.headers, 'By the reader')
    const other = await put(reader2.headers, c.id, 'Hijacked')
    expect(other.statusCode).toBe(403)
    expect(other.json().code).toBe('COMMENT_NOT_AUTHOR')
    const ownersComment = await add(owner, 'By the owner')
    expect((await put(reader.headers, ownersComment.id, 'Nope')).statusCode).toBe(403)
    const managed = await put(manager.headers, c.id, 'Tidied by the manager')
    expect(managed.statusCode).toBe(200)
    expect(managed.json()).toMatchObject({ text: 'Tidied by the manager', employeeId: reader.id })
    expect((await put(nobody.headers, c.id, 'x')).statusCode).toBe(403)
    const [row] = await app.db.select().from(customerComments).where(eq(customerComments.id, ownersComment.id))
    expect(row.text).toBe('By the owner')
  })

  it('comments: bad text is 400 and changes nothing; unknown, foreign or wrong-customer ids are 404', async () => {
    const c = await add(owner, 'Keep me')
    for (const text of ['', 'x'.repeat(5001), 'a\u0000b', '\udc00']) {
      const res = await put(owner, c.id, text)
      expect(res.statusCode).toBe(400)
    }
    expect((await put(owner, newId(), 'x')).statusCode).toBe(404)
    expect((await put(owner, 'nope', 'x')).statusCode).toBe(400)
    const otherCustomer = await postCustomer(app, orgA.id, owner, customerBody([a1.id]))
    expect((await put(owner, c.id, 'x', { customerId: otherCustomer.id, salonId: a1.id })).statusCode).toBe(404)
    const foreign = await put(
      orgB.owner.headers,
      c.id,
      'x',
      { customerId: customerB.id, salonId: orgB.salons[0].id },
      orgB.id,
    )
    expect(foreign.statusCode).toBe(404)
    expect((await put(orgB.owner.headers, c.id, 'x')).statusCode).toBe(404)
    const [row] = await app.db.select().from(customerComments).where(eq(customerComments.id, c.id))
    expect(row).toMatchObject({ text: 'Keep me', editedAt: null, version: c.version })
  })
})

describe('DELETE /customer-comments/:id', () => {
  it('comments: the author deletes: a tombstone with a new version, gone from the list, audited', async () => {
    const c = await add(reader.headers, 'Delete me')
    const res = await del(reader.headers, c.id)
    expect(res.statusCode).toBe(204)
    const [row] = await app.db.select().from(customerComments).where(eq(customerComments.id, c.id))
    expect(row.deletedAt).not.toBeNull()
    expect(row.version).toBeGreaterThan(c.version)
    expect((await list(owner)).json().map((x: { id: string }) => x.id)).not.toContain(c.id)
    expect((await del(reader.headers, c.id)).statusCode).toBe(404)
    expect((await put(reader.headers, c.id, 'back?')).statusCode).toBe(404)
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.event, 'customerCommentDelete'))
    expect(events.find((e) => (e.data as { commentId: string }).commentId === c.id)).toMatchObject({
      salonId: a1.id,
      customerId: customer.id,
      actorId: reader.id,
    })
  })

  it("comments: someone else's comment: a reader 403, a manager may; foreign 404", async () => {
    const c = await add(owner, 'Owner note')
    const res = await del(reader.headers, c.id)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('COMMENT_NOT_AUTHOR')
    expect((await del(orgB.owner.headers, c.id)).statusCode).toBe(404)
    expect((await del(nobody.headers, c.id)).statusCode).toBe(403)
    expect((await del(owner, c.id, { customerId: customer.id, salonId: newId() })).statusCode).toBe(404)
    const [still] = await app.db.select().from(customerComments).where(eq(customerComments.id, c.id))
    expect(still.deletedAt).toBeNull()
    expect((await del(manager.headers, c.id)).statusCode).toBe(204)
  })
})
